/**
 * One fake EPP server for a test file of the EPP client (epp-*.test.ts), started before its first test and closed
 * after its last, and `connect()`, the client logged in to it as us, closed after each test. `server` reads the one
 * `beforeAll` started, so use it inside tests. Also the registrant contact those files register with.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Contact } from '../../api/contract/contact.ts';
import { createEppRegistry, type EppRegistry } from '../../api/providers/registry/epp.ts';
import { type FakeEppServer, startFakeEppServer } from './epp-fake-server.ts';

/** Characters to escape and a city to transliterate on their way to the registry. */
export const contact: Contact = {
  firstName: 'Ada',
  lastName: 'Lovelace & <Co>',
  company: 'Analytical "Engines"',
  address: '1 Main St',
  city: 'Zürich',
  state: 'ZH',
  zip: '8001',
  country: 'CH',
  email: 'ada@example.com',
  phone: '+41445550100',
};
export const tlds = new Set(['com', 'net', 'org']);

export function useFakeEppServer() {
  let started: FakeEppServer | undefined;
  let registry: EppRegistry | undefined;
  beforeAll(async () => {
    started = await startFakeEppServer();
  });
  afterAll(async () => {
    await started?.close();
  });
  afterEach(async () => {
    await registry?.close();
  });

  const server = new Proxy({} as FakeEppServer, {
    get(_, key) {
      if (!started) throw new Error('The fake EPP server starts in beforeAll: use it inside a test or a hook');
      return started[key as keyof FakeEppServer];
    },
  });

  function connect(overrides: Partial<Parameters<typeof createEppRegistry>[0]> = {}) {
    registry = createEppRegistry({
      host: '127.0.0.1',
      servername: 'localhost',
      port: server.port,
      username: server.clID,
      password: server.password,
      ca: server.ca,
      registrarName: 'Dotspot, Inc.',
      registrarNames: { 'other-registrar': 'Other Registrar LLC' },
      ...overrides,
    });
    return registry;
  }

  return { server, connect };
}
