/** /api/health (alive, no database) and /api/ready (database, this build's migrations, the queue where it should run). */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createHealthApp } from '../../../api/app.ts';
import { createDb } from '../../../api/db/client.ts';
import type { Deps } from '../../../api/deps.ts';
import { jobKinds } from '../../../api/jobs/kinds.ts';
import { createJobQueue } from '../../../api/jobs/queue.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const get = async (app: { request: (path: string) => Response | Promise<Response> }, path: string) => {
  const response = await app.request(`http://localhost${path}`);
  return { status: response.status, body: await response.json(), cacheControl: response.headers.get('cache-control') };
};

async function withUnreachableDatabase<T>(use: (deps: Deps) => Promise<T>): Promise<T> {
  const db = createDb('postgres://postgres:none@127.0.0.1:1/nothing', { max: 1 });
  try {
    return await use({ ...t.deps, db });
  } finally {
    await db.$end();
  }
}

describe('GET /api/health', () => {
  it('answers ok without touching the database', async () => {
    expect(await get(t.app, '/api/health')).toEqual({ status: 200, body: { status: 'ok' }, cacheControl: 'no-store' });
    const alive = await withUnreachableDatabase((deps) => get(createApp(deps), '/api/health'));
    expect(alive.status).toBe(200);
  });
});

describe('GET /api/ready', () => {
  it('is ready when the database answers with every migration applied and the queue is started', async () => {
    const { status, body } = await get(t.app, '/api/ready');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', queue: 'ok' }, missing: [] });
  });

  it('answers 503 naming the migration this build expects when the database lacks it', async () => {
    // Only the owner applies migrations; the app's login may read which were applied.
    const owner = createDb(t.databaseUrl, { max: 1 });
    const [latest] = await owner.execute<{ id: number; hash: string; created_at: string }>(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning id, hash, created_at`,
    );
    try {
      const { status, body } = await get(t.app, '/api/ready');
      expect(status).toBe(503);
      expect(body.missing).toEqual(['migrations']);
      expect(body.checks.migrations).toMatch(/^\d{4}_\w+ is not applied$/);
    } finally {
      await owner.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${latest.id}, ${latest.hash}, ${latest.created_at})`);
      await owner.$end();
    }
    expect((await get(t.app, '/api/ready')).status).toBe(200);
  });

  it('answers 503 naming the queue when this process should work jobs and its workers are not running', async () => {
    const idle = createJobQueue({ url: t.databaseUrl, role: 'all', kinds: jobKinds, max: 1 });
    await idle.start();
    try {
      const { status, body } = await get(createApp({ ...t.deps, jobs: idle }), '/api/ready');
      expect(status).toBe(503);
      expect(body).toMatchObject({ status: 'unavailable', missing: ['queue'], checks: { queue: 'workers not running (ROLE=all)' } });
    } finally {
      await idle.stop();
    }
    const { body } = await get(createApp({ ...t.deps, jobs: idle }), '/api/ready');
    expect(body.checks.queue).toBe('not started');
  });

  it('answers 503 naming the database when it cannot be reached', async () => {
    const { status, body } = await withUnreachableDatabase((deps) => get(createApp(deps), '/api/ready'));
    expect(status).toBe(503);
    expect(body.missing).toEqual(['database', 'migrations']);
    expect(body.checks.database).toMatch(/^unreachable: /);
  });
});

describe('a worker process (ROLE=worker)', () => {
  it('answers its probes and nothing else', async () => {
    const worker = createJobQueue({ url: t.databaseUrl, role: 'worker', kinds: jobKinds, max: 2 });
    await worker.start();
    await worker.startWorkers(t.deps);
    try {
      const app = createHealthApp({ ...t.deps, jobs: worker });
      expect((await get(app, '/api/health')).body).toEqual({ status: 'ok' });
      expect((await get(app, '/api/ready')).body.status).toBe('ok');
      const other = await get(app, '/api/tlds');
      expect(other.status).toBe(404);
      expect(other.body.message).toBe('This process runs jobs only (ROLE=worker)');
    } finally {
      await worker.stop();
    }
  });
});
