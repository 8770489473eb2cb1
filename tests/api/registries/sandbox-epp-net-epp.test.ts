/**
 * The sandbox EPP server judged by software we did not write: Net::EPP (Debian libnet-epp-perl) logs in with the
 * sandbox credentials README names and runs check, contact and domain create, info, renew, transfer, delete and poll
 * (tests/fixtures/net-epp/ote.pl); every frame it receives validates against the IETF schemas with xmllint.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Contact } from '../../../api/contract/contact.ts';
import { createEppRegistry } from '../../../api/providers/registry/epp.ts';
import { requestTransferByOtherRegistrar } from '../../../api/providers/registry/sandbox-transfers.ts';
import { invalidFrames } from '../../fixtures/epp-schema.ts';
import { type RecordedServer, startRecordedSandboxEpp } from '../../fixtures/sandbox-epp.ts';

const script = path.resolve(import.meta.dirname, '../../fixtures/net-epp/ote.pl');
const contact: Contact = {
  firstName: 'Alan',
  lastName: 'Turing',
  company: '',
  address: '1 Bletchley Park',
  city: 'Milton Keynes',
  state: 'Bucks',
  zip: 'MK3 6EB',
  country: 'GB',
  email: 'alan@example.org',
  phone: '+441908640404',
};
let sandbox: RecordedServer;
let framesDir: string;

beforeAll(async () => {
  sandbox = await startRecordedSandboxEpp();
  framesDir = mkdtempSync(path.join(tmpdir(), 'net-epp-frames-'));
});

afterAll(async () => {
  await sandbox?.close();
  if (framesDir) rmSync(framesDir, { recursive: true, force: true });
});

function runNetEpp(args: string[]): Promise<Record<string, Record<string, unknown>>> {
  return new Promise((resolve, reject) => {
    execFile('perl', [script, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      if (error && !stdout) reject(new Error(`Net::EPP script failed: ${error.message}\n${stderr}`));
      const steps: Record<string, Record<string, unknown>> = {};
      for (const line of stdout.split('\n').filter(Boolean)) {
        const step = JSON.parse(line) as Record<string, unknown>;
        steps[step.step as string] = step;
      }
      resolve(steps);
    });
  });
}

it('Net::EPP logs in with the README credentials and runs the sequence; every frame it receives is schema-valid', async () => {
  // A name bought through the product's own EPP client, with a transfer notice waiting in the queue.
  const product = createEppRegistry({
    host: sandbox.server.host,
    port: sandbox.server.port,
    username: 'dotspot-cnic',
    password: 'sandbox-cnic-1',
    ca: sandbox.server.ca,
    registrarName: 'Dotspot, Inc.',
    connections: 1,
  });
  try {
    await product.register({ domain: 'bought-here.xyz', years: 1, contact, nameservers: [] });
    await product.setLock('bought-here.xyz', false);
    const code = await product.authCode('bought-here.xyz');
    await requestTransferByOtherRegistrar(sandbox.db, { domain: 'bought-here.xyz', authCode: code, gainingRegistrar: 'Other Registrar LLC' });
  } finally {
    await product.close();
  }

  const steps = await runNetEpp([sandbox.server.host, String(sandbox.server.port), 'dotspot-cnic', 'sandbox-cnic-1', framesDir, 'xyz', 'bought-here.xyz']);
  expect(steps.login).toMatchObject({ ok: 1, code: '1000' });
  expect(steps.check).toMatchObject({ available: '1' });
  expect(steps['contact-create']).toMatchObject({ ok: 1 });
  expect(steps.create).toMatchObject({ ok: 1 });
  expect(steps.info).toMatchObject({ clID: 'dotspot-cnic', status: ['clientTransferProhibited'] });
  expect(steps['info-ours']).toMatchObject({ clID: 'dotspot-cnic', name: 'bought-here.xyz' });
  expect(steps.renew).toMatchObject({ ok: 1 });
  expect(steps['transfer-request']).toMatchObject({ code: '1001', trStatus: 'pending' });
  expect(steps['transfer-query']).toMatchObject({ trStatus: 'pending' });
  expect(steps.delete).toMatchObject({ ok: 1 });
  expect(steps['check-after-delete']).toMatchObject({ available: '1' });
  expect(steps.poll).toMatchObject({ pollCode: '1301' });
  expect(steps.ack).toMatchObject({ ackCode: '1000' });
  expect(steps.logout).toMatchObject({ ok: 1 });

  const files = readdirSync(framesDir).sort();
  expect(files.length).toBeGreaterThan(20);
  const frames = files.map((file) => readFileSync(path.join(framesDir, file), 'utf8'));
  expect(await invalidFrames(frames)).toEqual([]);
  // What Net::EPP sent, as the server received it, is valid too.
  const sent = sandbox.frames.filter((f) => f.direction === 'in').map((f) => f.xml);
  expect(await invalidFrames(sent)).toEqual([]);
});
