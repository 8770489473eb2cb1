/**
 * Under Bun the sandbox registry runs in a process of its own (api/providers/registry/sandbox-epp/child.ts): any EPP
 * client reaches it on the port the dev route names, with the certificate in DATA_DIR, and the dev route's stop and
 * start of one simulated registry reach that process before the route answers.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEppRegistry, type EppRegistry } from '../../../api/providers/registry/epp.ts';
import { type ServerProcess, startServerProcess } from '../../fixtures/server-process.ts';

let server: ServerProcess;
let pir: EppRegistry;

beforeAll(async () => {
  server = await startServerProcess({ BOT_CHECK_DIFFICULTY: '1' });
}, 60_000);

afterAll(async () => {
  await pir?.close();
  await server?.stop();
});

const devRoute = (tail = '') => `http://127.0.0.1:${server.port}/api/dev/sandboxRegistries${tail}`;

async function setDown(name: string, down: boolean) {
  return fetch(devRoute(`/${name}`), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ down }),
  });
}

describe('the sandbox registry in its own process', () => {
  it('serves EPP on the port the dev route names; a registry stopped there refuses at once, and serves again once started', async () => {
    const listed = (await (await fetch(devRoute())).json()) as { server: { host: string; port: number }; data: { name: string; down: boolean }[] };
    expect(listed.data.map((registry) => registry.name)).toEqual(['verisign', 'pir', 'centralnic', 'identity-digital']);
    expect(listed.server.port).toBeGreaterThan(0);
    pir = createEppRegistry({
      host: listed.server.host,
      port: listed.server.port,
      username: 'dotspot-pir',
      password: 'sandbox-pir',
      ca: readFileSync(path.join(server.dataDir, 'sandbox-epp', 'sandbox-epp-cert.pem'), 'utf8'),
      registrarName: 'Dotspot, Inc.',
      connections: 1,
    });
    expect((await pir.check(['separate-process-check.org']))[0].available).toBe(true);

    const stopped = await setDown('pir', true);
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toEqual({ name: 'pir', down: true });
    await expect(pir.check(['separate-process-check.org'])).rejects.toThrow(/down for maintenance/);
    const after = (await (await fetch(devRoute())).json()) as { data: { name: string; down: boolean }[] };
    expect(after.data.find((registry) => registry.name === 'pir')?.down).toBe(true);

    expect((await setDown('pir', false)).status).toBe(200);
    // The client backs off after the refused login (1 s, doubling), then logs in again by itself.
    await expect
      .poll(
        () =>
          pir.check(['separate-process-check.org']).then(
            (answers) => answers[0].available,
            (error: Error) => error.message,
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
  }, 60_000);

  it('says which registries there are when asked to stop one it does not play', async () => {
    const answer = await setDown('nowhere', true);
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { message: string }).message).toBe('No sandbox registry is named nowhere');
  });
});
