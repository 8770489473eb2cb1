/**
 * A customer's custom nameserver (glue host) removed or renamed, the poll job's refusal of a transfer away of a
 * suspended name, and the abuse desk's lock refused by the registry, as journal entries: our record, the intent and an
 * audit row commit together; the registry is told after commit; a refusal puts our record back with a
 * `registry.refused` row; a call cut off is settled by the reconciling job.
 */
import { addMinutes } from 'date-fns/addMinutes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { auditLog, domains, outbox, registryHosts, registryIntents } from '../../../api/db/schema/index.ts';
import { orderReconcileJob } from '../../../api/jobs/order-reconcile.ts';
import { RegistryOutcomeUnknownError, type RegistryProvider } from '../../../api/providers/registry/index.ts';
import { requestTransferByOtherRegistrar } from '../../../api/providers/registry/sandbox-transfers.ts';
import { fileAbuseReport } from '../../../api/services/compliance/abuse/abuse-cases.ts';
import { reviewDueNameservers } from '../../../api/services/journal/nameserver-changes.ts';
import { pollInboundTransfers } from '../../../api/services/transfers/inbound-transfers.ts';
import { recordOutboundTransferNotice } from '../../../api/services/journal/held-transfer-refusal.ts';
import { domainRow, type OwnedDomain, ownedDomain, registryRow } from '../../fixtures/held-domains.ts';
import { staffClient, type TestStaff } from '../../fixtures/staff.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

const clock = new ManualClock(new Date());
let restoreClock: () => void;
let t: TestContext;
let compliance: TestStaff;

beforeAll(async () => {
  restoreClock = useClock(clock);
  t = await createTestContext();
  compliance = await staffClient(t, 'compliance');
});
afterAll(async () => {
  await t.close();
  restoreClock();
});

const intentsOf = (domainId: number) => t.db.select().from(registryIntents).where(eq(registryIntents.domainId, domainId)).orderBy(registryIntents.intentId);
const auditOn = (targetType: string, targetId: number) =>
  t.db
    .select({ action: auditLog.action, staffEmail: auditLog.staffEmail })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(targetId))))
    .orderBy(auditLog.auditId);
const actionsOn = async (targetType: string, targetId: number) => (await auditOn(targetType, targetId)).map((a) => a.action);

async function withRegistry<K extends keyof RegistryProvider>(method: K, replacement: RegistryProvider[K], work: () => Promise<unknown>): Promise<void> {
  const registry = t.deps.providers.registry;
  const original = registry[method];
  registry[method] = replacement;
  try {
    await work();
  } finally {
    registry[method] = original;
  }
}

const down = (what: string) => async () => {
  throw new RegistryOutcomeUnknownError(`the connection to the registry was refused (${what})`);
};

async function reconcile(): Promise<void> {
  clock.set(addMinutes(clock.now(), 2));
  await orderReconcileJob.run(t.deps, {} as never);
}

const hostAtRegistry = async (host: string) => (await t.db.select().from(registryHosts).where(eq(registryHosts.host, host))).length === 1;

/** A name with an active custom nameserver `ns1.<name>` at the registry. */
async function withActiveHost(name: string): Promise<{ held: OwnedDomain; id: number; host: string }> {
  const held = await ownedDomain(t, name);
  const host = `ns1.${name}`;
  const created = await held.client.post('/api/registeredNameservers', { domainId: held.domainId, hostname: host, ipAddress: '203.0.113.53' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  clock.set(addMinutes(clock.now(), 61));
  await reviewDueNameservers(t.deps);
  expect(await hostAtRegistry(host)).toBe(true);
  return { held, id: created.body.registeredNameserverId, host };
}

/** The customer's side of the journal (the review's own host-set intents and audit rows set aside). */
const removals = async (domainId: number) => (await intentsOf(domainId)).filter((i) => i.kind !== 'host-set');
const customerActions = async (domainId: number) => (await actionsOn('domain', domainId)).filter((a) => a !== 'nameserver.approve');

const listed = async (held: OwnedDomain) =>
  (await held.client.get(`/api/registeredNameservers?domainId=${held.domainId}`)).body.data.map((n: { hostname: string; status: string }) => [
    n.hostname,
    n.status,
  ]);

describe('a custom nameserver removed', () => {
  it('is deleted at the registry after its intent and audit row commit', async () => {
    const { held, id, host } = await withActiveHost('journal-glue-delete.com');
    const answer = await held.client.delete(`/api/registeredNameservers/${id}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await hostAtRegistry(host)).toBe(false);
    expect(await listed(held)).toEqual([]);
    expect(await removals(held.domainId)).toMatchObject([{ kind: 'host-delete', state: 'done' }]);
    expect((await auditOn('domain', held.domainId)).filter((a) => a.action !== 'nameserver.approve')).toEqual([
      { action: 'customer.nameserver.delete', staffEmail: held.email },
    ]);
  });

  it('still used by a domain at the registry: 409 with what to do, our row back and a registry.refused row', async () => {
    const { held, id, host } = await withActiveHost('journal-glue-inuse.com');
    await t.deps.providers.registry.setNameservers(held.domain, [host, 'ns2.elsewhere.example']);
    const answer = await held.client.delete(`/api/registeredNameservers/${id}`);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(`${host} is still used as a nameserver by a domain. Change that domain's nameservers first.`);
    expect(await listed(held)).toEqual([[host, 'active']]);
    expect(await hostAtRegistry(host)).toBe(true);
    expect(await removals(held.domainId)).toMatchObject([{ kind: 'host-delete', state: 'failed' }]);
    expect(await customerActions(held.domainId)).toEqual(['customer.nameserver.delete', 'registry.refused']);
  });

  it('cut off by a registry that is down, is finished by the reconciling job', async () => {
    const { held, id, host } = await withActiveHost('journal-glue-down.com');
    await withRegistry('deleteHost', down('host delete'), async () => {
      const answer = await held.client.delete(`/api/registeredNameservers/${id}`);
      expect(answer.status).toBe(502);
      expect(answer.body.message).toMatch(/did not answer about journal-glue-down\.com/);
    });
    expect(await hostAtRegistry(host)).toBe(true);
    expect(await removals(held.domainId)).toMatchObject([{ kind: 'host-delete', state: 'pending' }]);
    // Nothing else about the name crosses the change in flight.
    expect((await held.client.patch(`/api/domains/${held.domainId}`, { privacyEnabled: false })).status).toBe(409);
    await reconcile();
    expect(await removals(held.domainId)).toMatchObject([{ kind: 'host-delete', state: 'done' }]);
    expect(await hostAtRegistry(host)).toBe(false);
    expect(await listed(held)).toEqual([]);
  });

  it('renamed: the old host leaves the registry in the journal, the new one waits for review', async () => {
    const { held, id, host } = await withActiveHost('journal-glue-rename.com');
    await withRegistry(
      'deleteHost',
      async () => {
        throw new Error('2201 Authorization error');
      },
      async () => {
        const refused = await held.client.patch(`/api/registeredNameservers/${id}`, { hostname: 'ns9.journal-glue-rename.com' });
        expect(refused.status).toBe(502);
        expect(refused.body.message).toBe('The registry refused the change of journal-glue-rename.com: 2201 Authorization error. Nothing was changed.');
      },
    );
    expect(await listed(held)).toEqual([[host, 'active']]);
    const renamed = await held.client.patch(`/api/registeredNameservers/${id}`, { hostname: 'ns9.journal-glue-rename.com' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ hostname: 'ns9.journal-glue-rename.com', status: 'pending' });
    expect(await hostAtRegistry(host)).toBe(false);
    expect(await customerActions(held.domainId)).toEqual(['customer.nameserver.update', 'registry.refused', 'customer.nameserver.update']);
    // A new address only is reviewed again without the registry: an audit row, no intent.
    const readdressed = await held.client.patch(`/api/registeredNameservers/${id}`, { ipAddress: '203.0.113.99' });
    expect(readdressed.status).toBe(200);
    expect(await removals(held.domainId)).toHaveLength(2);
    expect((await customerActions(held.domainId)).at(-1)).toBe('customer.nameserver.update');
  });
});

describe('a custom nameserver made active by the review', () => {
  it('is an intent of the system with an audit row; refused, it waits for the next review; cut, the reconciling job finishes it', async () => {
    const held = await ownedDomain(t, 'journal-glue-review.com');
    const host = 'ns1.journal-glue-review.com';
    expect((await held.client.post('/api/registeredNameservers', { domainId: held.domainId, hostname: host, ipAddress: '203.0.113.53' })).status).toBe(201);
    clock.set(addMinutes(clock.now(), 61));
    await withRegistry(
      'setHost',
      async () => {
        throw new Error('2306 Parameter value policy error');
      },
      async () => {
        expect((await reviewDueNameservers(t.deps)).failed).toBeGreaterThan(0);
      },
    );
    expect(await listed(held)).toEqual([[host, 'pending']]);
    expect(await hostAtRegistry(host)).toBe(false);
    expect(await auditOn('domain', held.domainId)).toEqual([
      { action: 'nameserver.approve', staffEmail: null },
      { action: 'registry.refused', staffEmail: null },
    ]);

    clock.set(addMinutes(clock.now(), 11));
    await withRegistry('setHost', down('host create'), async () => {
      expect((await reviewDueNameservers(t.deps)).failed).toBeGreaterThan(0);
    });
    expect(await hostAtRegistry(host)).toBe(false);
    expect((await intentsOf(held.domainId)).map((i) => [i.kind, i.state])).toEqual([
      ['host-set', 'failed'],
      ['host-set', 'pending'],
    ]);
    await reconcile();
    expect((await intentsOf(held.domainId)).at(-1)).toMatchObject({ kind: 'host-set', state: 'done' });
    expect(await hostAtRegistry(host)).toBe(true);
    expect(await listed(held)).toEqual([[host, 'active']]);
  });
});

describe('the refusal of a transfer away of a suspended name', () => {
  async function suspendedWithRequest(name: string): Promise<OwnedDomain> {
    const held = await ownedDomain(t, name, { locked: false });
    const code = await t.deps.providers.registry.authCode(name, true);
    await t.db.update(domains).set({ suspendedAt: clock.now(), suspensionReason: 'Phishing' }).where(eq(domains.domainId, held.domainId));
    await requestTransferByOtherRegistrar(t.db, { domain: name, authCode: code, gainingRegistrar: 'GoHost Registrar Inc.' });
    return held;
  }
  const poll = () => pollInboundTransfers(t.deps, { onOutboundNotice: (message) => recordOutboundTransferNotice(t.deps, message) });
  const refusalMail = (name: string) =>
    t.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `We refused a transfer of ${name} away from Dotspot`));

  it('is an intent with an audit row of the system, made after commit', async () => {
    const held = await suspendedWithRequest('journal-held-refuse.com');
    await poll();
    expect((await registryRow(t, held.domain)).statuses).not.toContain('pendingTransfer');
    expect(await domainRow(t, held.domainId)).toMatchObject({ outboundTransferStatus: null });
    expect(await intentsOf(held.domainId)).toMatchObject([{ kind: 'held-transfer-refuse', state: 'done' }]);
    expect(await auditOn('domain', held.domainId)).toEqual([{ action: 'transfer.away-refused-suspended', staffEmail: null }]);
    await t.runJobs();
    expect(await refusalMail(held.domain)).toHaveLength(1);
  });

  it('cut off by a registry that is down, is made by the reconciling job and the registrant told then', async () => {
    const held = await suspendedWithRequest('journal-held-down.com');
    await withRegistry('rejectTransfer', down('reject'), poll);
    expect((await registryRow(t, held.domain)).statuses).toContain('pendingTransfer');
    expect(await intentsOf(held.domainId)).toMatchObject([{ kind: 'held-transfer-refuse', state: 'pending' }]);
    await t.runJobs();
    expect(await refusalMail(held.domain)).toHaveLength(0);
    await reconcile();
    expect(await intentsOf(held.domainId)).toMatchObject([{ kind: 'held-transfer-refuse', state: 'done' }]);
    expect((await registryRow(t, held.domain)).statuses).not.toContain('pendingTransfer');
    await t.runJobs();
    expect(await refusalMail(held.domain)).toHaveLength(1);
  });

  it('refused by the registry: the request shows pending again, with a registry.refused row', async () => {
    const held = await suspendedWithRequest('journal-held-refused.com');
    await withRegistry(
      'rejectTransfer',
      async () => {
        throw new Error('2304 Object status prohibits operation');
      },
      poll,
    );
    expect(await domainRow(t, held.domainId)).toMatchObject({ outboundTransferStatus: 'pending' });
    expect(await intentsOf(held.domainId)).toMatchObject([{ kind: 'held-transfer-refuse', state: 'failed' }]);
    expect(await actionsOn('domain', held.domainId)).toEqual(['transfer.away-refused-suspended', 'registry.refused']);
  });
});

describe('the abuse desk’s lock refused by the registry', () => {
  it('shows on the case’s timeline and does not stop the first-action clock', async () => {
    compliance = await staffClient(t, 'compliance');
    const held = await ownedDomain(t, 'journal-abuse-timeline.com', { locked: false });
    const { caseId } = await fileAbuseReport(t.deps, {
      source: 'web',
      domain: held.domain,
      category: 'phishing',
      description: `${held.domain} copies a bank sign-in page.`,
      evidenceLinks: [`https://${held.domain}/`],
      reporterEmail: 'reporter@cert.example',
    });
    await withRegistry(
      'setLock',
      async () => {
        throw new Error('2304 Object status prohibits operation');
      },
      async () => {
        expect((await compliance.client.post(`/api/admin/abuse/cases/${caseId}/lock`, { reason: 'Keep it here during the case' })).status).toBe(502);
      },
    );
    const shown = await compliance.client.get(`/api/admin/abuse/cases/${caseId}`);
    expect(shown.status).toBe(200);
    const events = shown.body.timeline.map((e: { kind: string; actor: string; reason: string | null }) => [e.kind, e.actor, e.reason]);
    expect(events.slice(-2)).toEqual([
      ['locked', compliance.email, 'Keep it here during the case'],
      ['lock-refused', 'registry', '2304 Object status prohibits operation'],
    ]);
    expect(shown.body.firstActionAt).toBeNull();
    // The next action that does take effect stops the clock.
    clock.set(addMinutes(clock.now(), 5));
    const locked = await compliance.client.post(`/api/admin/abuse/cases/${caseId}/lock`, { reason: 'Keep it here during the case' });
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    expect((await compliance.client.get(`/api/admin/abuse/cases/${caseId}`)).body.firstActionAt).toBe(clock.now().toISOString());
  });
});
