/** TDRP: a registrant change (or turning the lock off) waits for the registrant email's approval; approved, the domains are held 60 days. */
import { addDays } from 'date-fns/addDays';
import { differenceInDays } from 'date-fns/differenceInDays';
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { tdrpPendingRefusal } from '../../../api/contract/accounts/account-info.ts';
import type { Contact } from '../../../api/contract/contact.ts';
import { accounts, domains, outbox, registryDomains, tdrpRequests, users } from '../../../api/db/schema/index.ts';
import { hashPassword } from '../../../api/services/kernel/passwords.ts';
import { scheduledJobRunner } from '../../fixtures/jobs.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
const clock = new ManualClock(new Date());
let restoreClock: () => void;
const password = 'tdrp-test-password';
const registrant: Contact = {
  firstName: 'Olga',
  lastName: 'Owner',
  company: 'Owner Co',
  address: '9 Harbor Rd',
  city: 'Boston',
  state: 'MA',
  zip: '02110',
  country: 'US',
  email: 'olga@example.com',
  phone: '+16175550142',
};
let counter = 0;

/** A signed-in account with two domains held at the sandbox registry, both unlocked. */
async function owner() {
  counter += 1;
  const email = `owner${counter}@example.com`;
  const contact = { ...registrant, email };
  const [account] = await t.db.insert(accounts).values({ registrantContact: contact, whoisAdminContact: contact }).returning();
  await t.db.insert(users).values({ accountId: account.accountId, email, passwordHash: await hashPassword(password) });
  const names = [`zqxvbrtplm-tdrp${counter}.com`, `zqxvbrtplm-tdrp${counter}.net`];
  for (const domain of names) {
    const record = await t.deps.providers.registry.register({ domain, years: 1, contact, nameservers: ['ns1.dotspot.example'] });
    await t.deps.providers.registry.setLock(domain, false);
    await t.db.insert(domains).values({ accountId: account.accountId, domain, expireDate: record.expireDate, locked: false });
  }
  const client = t.client();
  expect((await client.post('/api/session', { email, password })).status).toBe(200);
  return { client, accountId: account.accountId, email, contact, names };
}

async function approvalLink(to: string): Promise<string> {
  await t.runJobs();
  const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
  expect(mail.subject).toMatch(/Approve the change/);
  return decodeURIComponent(mail.body.match(/\/account\/approve-change\?token=(\S+)/)?.[1] ?? '');
}

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());
beforeEach(() => {
  clock.set(new Date());
  restoreClock = useClock(clock);
});
afterEach(() => restoreClock());

describe('a registrant change', () => {
  it('waits for approval, locks the registrant and preferences meanwhile, then applies and holds the domains 60 days', async () => {
    const o = await owner();
    const moved = { ...o.contact, firstName: 'Nina', lastName: 'Newowner', address: '22 New St' };
    const res = await o.client.patch('/api/accounts/0', { registrantContact: moved });
    expect(res.status).toBe(200);
    expect(res.body.$pendingChanges).toBe(true);
    expect(res.body.registrantContact.firstName).toBe('Olga');

    const token = await approvalLink(o.email);
    expect(token.length).toBeGreaterThan(20);
    const [stored] = await t.db.select().from(tdrpRequests).where(eq(tdrpRequests.accountId, o.accountId));
    expect(stored.tokenHash).not.toContain(token);

    // Locked while pending: the registrant and the preferences; the other contacts stay editable.
    for (const body of [{ registrantContact: { ...moved, firstName: 'Other' } }, { advancedEnabled: true }, { tdrpOptOut: true }]) {
      const refused = await o.client.patch('/api/accounts/0', body);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(tdrpPendingRefusal);
    }
    expect((await o.client.patch('/api/accounts/0', { whoisAdminContact: { ...o.contact, firstName: 'Alma' } })).status).toBe(200);

    const approved = await t.client({ ip: '198.51.100.20' }).post('/api/tdrpApprovals', { token });
    expect(approved.status).toBe(200);
    expect(approved.body.heldDomains).toBe(2);
    const account = (await o.client.get('/api/accounts/0')).body;
    expect(account.$pendingChanges).toBe(false);
    expect(account.registrantContact).toMatchObject({ firstName: 'Nina', lastName: 'Newowner', email: o.email });

    const held = await t.db.select().from(domains).where(eq(domains.accountId, o.accountId));
    for (const domain of held) {
      expect(domain.locked).toBe(true);
      expect(differenceInDays(domain.tdrpHoldDate!, clock.now())).toBe(60);
    }
    const listed = (await o.client.get('/api/domains')).body.data;
    expect(listed.every((d: { tdrpHoldDate: string | null }) => d.tdrpHoldDate !== null)).toBe(true);

    // The registry gets the new registrant and the lock.
    expect((await t.runJobs())['registry-contacts']).toBeGreaterThanOrEqual(1);
    for (const name of o.names) {
      const [row] = await t.db.select().from(registryDomains).where(eq(registryDomains.domain, name));
      expect(row.locked).toBe(true);
      expect(row.contacts?.registrant?.lastName).toBe('Newowner');
    }

    // Single use.
    const again = await t.client({ ip: '198.51.100.20' }).post('/api/tdrpApprovals', { token });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/expired or was already used/);
  });

  it('lapses after 7 days unapproved: the scheduled job unlocks the account and the link stops working', async () => {
    const o = await owner();
    await o.client.patch('/api/accounts/0', { registrantContact: { ...o.contact, lastName: 'Late' } });
    const token = await approvalLink(o.email);
    const schedules = scheduledJobRunner(t.deps);
    clock.advance(6 * 24 * 3600_000);
    await schedules.runDue();
    const [stillPending] = await t.db.select().from(accounts).where(eq(accounts.accountId, o.accountId));
    expect(stillPending.pendingChanges).toBe(true);

    clock.set(addDays(clock.now(), 1.1));
    const ran = await schedules.runDue();
    expect(ran['tdrp-expire']).toEqual({ expired: 1 });
    const [row] = await t.db.select().from(accounts).where(eq(accounts.accountId, o.accountId));
    expect(row.pendingChanges).toBe(false);
    expect(row.registrantContact?.lastName).toBe('Owner');
    const late = await t.client({ ip: '198.51.100.21' }).post('/api/tdrpApprovals', { token });
    expect(late.status).toBe(400);
    const [domain] = await t.db.select().from(domains).where(eq(domains.accountId, o.accountId));
    expect(domain.tdrpHoldDate).toBeNull();
    // Unlocked, the preferences save again.
    expect((await o.client.patch('/api/accounts/0', { advancedEnabled: true })).status).toBe(200);
  });

  it('reads a lapsed request as lapsed even before the job runs', async () => {
    const o = await owner();
    await o.client.patch('/api/accounts/0', { registrantContact: { ...o.contact, lastName: 'Lapsed' } });
    clock.advance(8 * 24 * 3600_000);
    expect((await o.client.get('/api/accounts/0')).body.$pendingChanges).toBe(false);
  });
});

describe('tdrpOptOut', () => {
  it('turning it on needs approval too; once approved, a registrant change applies at once with no hold', async () => {
    const o = await owner();
    const optOut = await o.client.patch('/api/accounts/0', { tdrpOptOut: true });
    expect(optOut.body).toMatchObject({ tdrpOptOut: false, $pendingChanges: true });
    const token = await approvalLink(o.email);
    expect((await t.client({ ip: '198.51.100.22' }).post('/api/tdrpApprovals', { token })).body.heldDomains).toBe(0);
    expect((await o.client.get('/api/accounts/0')).body).toMatchObject({ tdrpOptOut: true, $pendingChanges: false });

    const changed = await o.client.patch('/api/accounts/0', { registrantContact: { ...o.contact, company: 'New Co' } });
    expect(changed.body).toMatchObject({ $pendingChanges: false, registrantContact: { company: 'New Co' } });
    const owned = await t.db.select().from(domains).where(eq(domains.accountId, o.accountId));
    expect(owned.every((d) => d.tdrpHoldDate === null && !d.locked)).toBe(true);
    await t.runJobs();
    const [atRegistry] = await t.db.select().from(registryDomains).where(eq(registryDomains.domain, o.names[1]));
    expect(atRegistry.contacts?.registrant?.company).toBe('New Co');

    // Turning the protection back on needs nobody's approval.
    expect((await o.client.patch('/api/accounts/0', { tdrpOptOut: false })).body).toMatchObject({ tdrpOptOut: false, $pendingChanges: false });
  });
});

describe('ownership', () => {
  it('one account cannot change or approve for another', async () => {
    const a = await owner();
    const b = await owner();
    expect((await a.client.patch(`/api/accounts/${b.accountId}`, { registrantContact: { ...b.contact, lastName: 'Hijack' } })).status).toBe(403);
    const [row] = await t.db.select().from(accounts).where(eq(accounts.accountId, b.accountId));
    expect(row.pendingChanges).toBe(false);
    expect((await a.client.post('/api/tdrpApprovals', { token: 'x'.repeat(43) })).status).toBe(400);
  });
});
