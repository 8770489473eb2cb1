/** The embedded PostgreSQL's superuser password: its own per cluster, kept beside it, reused on restart. */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../../api/db/client.ts';

const root = mkdtempSync(path.join(tmpdir(), 'dotspot-pg-password-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function canConnect(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

const passwordOf = (url: string) => decodeURIComponent(new URL(url).password);
const withPassword = (url: string, password: string) => Object.assign(new URL(url), { password }).toString();

describe('the embedded PostgreSQL password', () => {
  it('is generated for each data directory, kept in a 0600 file beside it, and reused on restart', async () => {
    const first = await startEmbeddedPostgres(path.join(root, 'one', 'postgres'), 'app', { durable: false });
    const url = first.url('app');
    try {
      const file = `${first.dir}.password`;
      expect(existsSync(file)).toBe(true);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8').trim()).toBe(passwordOf(url));
      expect(passwordOf(url)).not.toBe('dotspot');
      expect(passwordOf(url).length).toBeGreaterThanOrEqual(24);
      expect(await canConnect(url)).toBe(true);
      expect(await canConnect(withPassword(url, 'dotspot'))).toBe(false);
    } finally {
      await first.stop();
    }

    const again = await startEmbeddedPostgres(path.join(root, 'one', 'postgres'), 'app', { durable: false });
    try {
      expect(passwordOf(again.url('app'))).toBe(passwordOf(url));
      expect(await canConnect(again.url('app'))).toBe(true);
    } finally {
      await again.stop();
    }
  }, 60_000);

  it('replaces the old shared password of a cluster made before the password file', async () => {
    const dir = path.join(root, 'legacy', 'postgres');
    const made = await startEmbeddedPostgres(dir, 'app', { durable: false });
    const admin = postgres(made.url('postgres'), { max: 1, onnotice: () => {} });
    await admin.unsafe(`alter role postgres password 'dotspot'`);
    await admin.end();
    await made.stop();
    rmSync(`${made.dir}.password`);

    const upgraded = await startEmbeddedPostgres(dir, 'app', { durable: false });
    try {
      const url = upgraded.url('app');
      expect(passwordOf(url)).not.toBe('dotspot');
      expect(readFileSync(`${upgraded.dir}.password`, 'utf8').trim()).toBe(passwordOf(url));
      expect(await canConnect(url)).toBe(true);
      expect(await canConnect(withPassword(url, 'dotspot'))).toBe(false);
    } finally {
      await upgraded.stop();
    }
  }, 60_000);
});
