/**
 * The sandbox registry never waits on a second database connection while holding one: with a pool of one, a create
 * that names a registrant (read inside its transaction, once, on another connection) waited for ever, and in its own
 * process under load the registry stopped answering the checkout crash drill.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eppHead, loginXml, type RecordedServer, rawEppClient, resultCode, startRecordedSandboxEpp } from '../../fixtures/sandbox-epp.ts';

let sandbox: RecordedServer;

beforeAll(async () => {
  sandbox = await startRecordedSandboxEpp({ connections: 1 });
});

afterAll(async () => {
  await sandbox?.close();
});

const contactCreate = (id: string) =>
  `${eppHead}<command><create><contact:create xmlns:contact="urn:ietf:params:xml:ns:contact-1.0"><contact:id>${id}</contact:id><contact:postalInfo type="int"><contact:name>One Connection</contact:name><contact:addr><contact:street>1 Main St</contact:street><contact:city>Dulles</contact:city><contact:cc>US</contact:cc></contact:addr></contact:postalInfo><contact:email>one@example.org</contact:email><contact:authInfo><contact:pw>2fooBAR!</contact:pw></contact:authInfo></contact:create></create><clTRID>c-1</clTRID></command></epp>`;

const domainCreate = (name: string, registrant: string) =>
  `${eppHead}<command><create><domain:create xmlns:domain="urn:ietf:params:xml:ns:domain-1.0"><domain:name>${name}</domain:name><domain:period unit="y">1</domain:period><domain:registrant>${registrant}</domain:registrant><domain:contact type="admin">${registrant}</domain:contact><domain:contact type="tech">${registrant}</domain:contact><domain:authInfo><domain:pw>2fooBAR!</domain:pw></domain:authInfo></domain:create></create><clTRID>c-2</clTRID></command></epp>`;

it('registers a name with its registrant on a single database connection', async () => {
  const raw = await rawEppClient(sandbox.server);
  try {
    expect(resultCode(await raw.send(loginXml('dotspot-pir', 'sandbox-pir-1')))).toBe(1000);
    expect(resultCode(await raw.send(contactCreate('one-conn-1')))).toBe(1000);
    expect(resultCode(await raw.send(domainCreate('one-connection-create.org', 'one-conn-1')))).toBe(1000);
  } finally {
    raw.close();
  }
}, 20_000);
