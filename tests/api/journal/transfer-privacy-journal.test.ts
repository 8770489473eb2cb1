/**
 * WHOIS privacy, the answers to a transfer away (the emailed approve/cancel link, Cancel in My Domains) and the abuse
 * desk's lock are journal entries: our record, the intent and an audit row commit together and the registry is told
 * after commit. A refusal is undone; a call cut off (the registry down, or the process gone before it called) is
 * finished by the reconciling job; input that fails validation changes nothing anywhere.
 */
import { addMinutes } from 'date-fns/addMinutes';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundTransferViewSchema } from '../../../api/contract/transfers/outbound-transfer.ts';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { auditLog, domains, outbox, registryIntents } from '../../../api/db/schema/index.ts';
import { orderReconcileJob } from '../../../api/jobs/order-reconcile.ts';
import { transferPollJob } from '../../../api/jobs/transfer-poll.ts';
import { RegistryOutcomeUnknownError, type RegistryProvider } from '../../../api/providers/registry/index.ts';
import { fileAbuseReport } from '../../../api/services/compliance/abuse/abuse-cases.ts';
import { systemActor } from '../../../api/services/audit/audit-log.ts';
import { recordIntent } from '../../../api/services/journal/registry-intents.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
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
const actionsOn = async (targetType: string, targetId: number) =>
  (
    await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(targetId))))
      .orderBy(auditLog.auditId)
  ).map((a) => a.action);

/** Replaces one registry method while `work` runs. */
async function withRegistry<K extends keyof RegistryProvider>(method: K, replacement: RegistryProvider[K], work: () => Promise<void>): Promise<void> {
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

/** Lets the leases of cut calls lapse and runs the job that settles them. */
async function reconcile(): Promise<void> {
  clock.set(addMinutes(clock.now(), 2));
  await orderReconcileJob.run(t.deps, {} as never);
}

/** A name whose WHOIS hides the registrant, in our record (the default) and at the registry. */
async function privateDomain(name: string): Promise<OwnedDomain> {
  const held = await ownedDomain(t, name);
  await t.deps.providers.registry.setWhoisPrivacy(name, true, null);
  expect((await domainRow(t, held.domainId)).privacyEnabled).toBe(true);
  return held;
}

describe('WHOIS privacy', () => {
  it('is switched with an audit row and a settled intent', async () => {
    const held = await privateDomain('journal-privacy-off.com');
    const answer = await held.client.patch(`/api/domains/${held.domainId}`, { privacyEnabled: false });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.privacyEnabled).toBe(false);
    expect((await registryRow(t, held.domain)).privacy).toBe(false);
    expect(await intentsOf(held.domainId)).toMatchObject([{ kind: 'privacy', state: 'done' }]);
    expect(await actionsOn('domain', held.domainId)).toEqual(['customer.domain.privacy']);
  });

  it('refused by the registry, is put back with an audit row saying so', async () => {
    const held = await privateDomain('journal-privacy-refused.com');
    await withRegistry(
      'setWhoisPrivacy',
      async () => {
        throw new Error('2306 Parameter value policy error');
      },
      async () => {
        const answer = await held.client.patch(`/api/domains/${held.domainId}`, { privacyEnabled: false });
        expect(answer.status).toBe(502);
        expect(answer.body.message).toBe(
          'The registry refused the change of journal-privacy-refused.com: 2306 Parameter value policy error. Nothing was changed.',
        );
      },
    );
    expect((await held.client.get(`/api/domains/${held.domainId}`)).body.privacyEnabled).toBe(true);
    expect((await registryRow(t, held.domain)).privacy).toBe(true);
    expect(await intentsOf(held.domainId)).toMatchObject([{ kind: 'privacy', state: 'failed' }]);
    expect(await actionsOn('domain', held.domainId)).toEqual(['customer.domain.privacy', 'registry.refused']);
  });

  it('cut off by a registry that is down, is finished by the reconciling job', async () => {
    const held = await privateDomain('journal-privacy-down.com');
    await withRegistry('setWhoisPrivacy', down('privacy'), async () => {
      const answer = await held.client.patch(`/api/domains/${held.domainId}`, { privacyEnabled: false });
      expect(answer.status).toBe(502);
      expect(answer.body.message).toMatch(/did not answer about journal-privacy-down\.com/);
    });
    expect((await registryRow(t, held.domain)).privacy).toBe(true);
    expect(await intentsOf(held.domainId)).toMatchObject([{ kind: 'privacy', state: 'pending' }]);
    await reconcile();
    expect(await intentsOf(held.domainId)).toMatchObject([{ kind: 'privacy', state: 'done' }]);
    expect((await registryRow(t, held.domain)).privacy).toBe(false);
    expect((await held.client.get(`/api/domains/${held.domainId}`)).body.privacyEnabled).toBe(false);
  });

  it('changes nothing when the input is not valid', async () => {
    const held = await privateDomain('journal-privacy-bad.com');
    const answer = await held.client.patch(`/api/domains/${held.domainId}`, { privacyEnabled: 'yes please' });
    expect(answer.status).toBe(400);
    expect(await intentsOf(held.domainId)).toEqual([]);
    expect(await actionsOn('domain', held.domainId)).toEqual([]);
    expect((await domainRow(t, held.domainId)).privacyEnabled).toBe(true);
    const { client: stranger } = await ownedDomain(t, 'journal-privacy-stranger.com');
    expect((await stranger.patch(`/api/domains/${held.domainId}`, { privacyEnabled: false })).status).toBe(403);
    expect((await registryRow(t, held.domain)).privacy).toBe(true);
    expect(await intentsOf(held.domainId)).toEqual([]);
  });
});

/** Another registrar asks for the name with its code; the approval email's token. */
async function pendingTransferAway(held: OwnedDomain): Promise<string> {
  const code = (await held.client.patch(`/api/domains/${held.domainId}`, { locked: false })).body.authCode;
  const asked = await t.client().post('/api/dev/outboundTransfers', { domain: held.domain, authCode: code, gainingRegistrar: 'GoHost Registrar Inc.' });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  await t.runJobs();
  const mails = await t.db.select().from(outbox).where(eq(outbox.to, demoContact.email)).orderBy(asc(outbox.id));
  const email =
    mails
      .map((m) => m.body)
      .filter((body) => body.includes(held.domain) && body.includes('token='))
      .at(-1) ?? '';
  return /token=([\w-]+)/.exec(email)?.[1] ?? '';
}

describe('the approval link of a transfer away', () => {
  it('approved while the registry is down: the job finishes the approval and the name leaves the account', async () => {
    const held = await ownedDomain(t, 'journal-away-approve.com');
    const token = await pendingTransferAway(held);
    await withRegistry('approveTransfer', down('approve'), async () => {
      const answer = await t.client().post(`/api/outboundTransfers/${token}`, { action: 'approve' });
      expect(answer.status).toBe(502);
      expect(answer.body.message).toMatch(/did not answer about journal-away-approve\.com/);
    });
    expect(outboundTransferViewSchema.parse((await t.client().get(`/api/outboundTransfers/${token}`)).body).status).toBe('approved');
    expect((await registryRow(t, held.domain)).ours).toBe(true);
    expect((await intentsOf(held.domainId)).at(-1)).toMatchObject({ kind: 'transfer-approve', state: 'pending' });
    expect((await actionsOn('domain', held.domainId)).at(-1)).toBe('customer.domain.transfer-away-approve');

    await reconcile();
    expect((await intentsOf(held.domainId)).at(-1)).toMatchObject({ kind: 'transfer-approve', state: 'done' });
    expect(await registryRow(t, held.domain)).toMatchObject({ ours: false, registrarName: 'GoHost Registrar Inc.' });
    // The registry's notice, read by the transfer-poll job, takes the name out of the account.
    await transferPollJob.run(t.deps, {} as never);
    expect((await domainRow(t, held.domainId)).status).toBe('deleted');
  });

  it('refused by the registry: the transfer waits for an answer again and the link still works', async () => {
    const held = await ownedDomain(t, 'journal-away-refused.com');
    const token = await pendingTransferAway(held);
    await withRegistry(
      'approveTransfer',
      async () => {
        throw new Error('2304 Object status prohibits operation');
      },
      async () => {
        expect((await t.client().post(`/api/outboundTransfers/${token}`, { action: 'approve' })).status).toBe(502);
      },
    );
    expect((await t.client().get(`/api/outboundTransfers/${token}`)).body.status).toBe('pending');
    expect((await domainRow(t, held.domainId)).outboundTransferStatus).toBe('pending');
    expect((await actionsOn('domain', held.domainId)).slice(-2)).toEqual(['customer.domain.transfer-away-approve', 'registry.refused']);
    // Cancelled instead: the name stays, locked.
    const cancelled = await t.client().post(`/api/outboundTransfers/${token}`, { action: 'cancel' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(await registryRow(t, held.domain)).toMatchObject({ ours: true, locked: true });
    expect((await registryRow(t, held.domain)).statuses).not.toContain('pendingTransfer');
  });

  it('cancelled from My Domains while the process dies before calling: the job refuses the transfer and locks the name', async () => {
    const held = await ownedDomain(t, 'journal-away-cut.com');
    await pendingTransferAway(held);
    // As a process that recorded the cancellation and died before calling the registry leaves it.
    const before = await domainRow(t, held.domainId);
    await t.db.transaction(async (tx) => {
      await recordIntent(tx, {
        kind: 'transfer-reject',
        domainId: held.domainId,
        domain: held.domain,
        actor: systemActor,
        params: {
          before: {
            outboundTransferId: null,
            transferStatus: null,
            outboundTransferStatus: 'pending',
            deadline: before.outboundTransferApprovalDeadline?.toISOString() ?? null,
            locked: before.locked,
            authCode: before.authCode,
            authCodeExpireDate: before.authCodeExpireDate?.toISOString() ?? null,
          },
        },
      });
    });
    expect((await registryRow(t, held.domain)).statuses).toContain('pendingTransfer');
    // Nothing else about the name crosses the one in flight.
    expect((await held.client.patch(`/api/domains/${held.domainId}`, { $rejectOutboundTransfer: true })).status).toBe(409);
    await reconcile();
    expect((await intentsOf(held.domainId)).at(-1)).toMatchObject({ kind: 'transfer-reject', state: 'done' });
    expect(await registryRow(t, held.domain)).toMatchObject({ ours: true, locked: true });
    expect((await registryRow(t, held.domain)).statuses).not.toContain('pendingTransfer');
  });

  it('changes nothing for an answer that is not valid, or for a suspended name', async () => {
    const held = await ownedDomain(t, 'journal-away-bad.com');
    const token = await pendingTransferAway(held);
    const intents = (await intentsOf(held.domainId)).length;
    const bad = await t.client().post(`/api/outboundTransfers/${token}`, { action: 'maybe' });
    expect(bad.status).toBe(400);
    await t.db.update(domains).set({ suspendedAt: clock.now(), suspensionReason: 'Suspended by our abuse desk' }).where(eq(domains.domainId, held.domainId));
    const suspended = await t.client().post(`/api/outboundTransfers/${token}`, { action: 'approve' });
    expect(suspended.status).toBe(409);
    expect(suspended.body.message).toMatch(/journal-away-bad\.com is suspended/);
    expect(await intentsOf(held.domainId)).toHaveLength(intents);
    expect((await registryRow(t, held.domain)).statuses).toContain('pendingTransfer');
    expect((await t.client().get(`/api/outboundTransfers/${token}`)).body.status).toBe('pending');
  });
});

describe('the abuse desk’s lock', () => {
  async function caseAbout(domain: string): Promise<{ held: OwnedDomain; caseId: number }> {
    const held = await ownedDomain(t, domain, { locked: false });
    const filed = await fileAbuseReport(t.deps, {
      source: 'web',
      domain,
      category: 'phishing',
      description: `${domain} copies a bank sign-in page.`,
      evidenceLinks: [`https://${domain}/`],
      reporterEmail: 'reporter@cert.example',
    });
    return { held, caseId: filed.caseId };
  }

  it('cut off by a registry that is down, is finished by the reconciling job', async () => {
    const { held, caseId } = await caseAbout('journal-abuse-lock.com');
    await withRegistry('setLock', down('lock'), async () => {
      const answer = await compliance.client.post(`/api/admin/abuse/cases/${caseId}/lock`, { reason: 'Keep it here during the case' });
      expect(answer.status).toBe(502);
    });
    expect((await domainRow(t, held.domainId)).locked).toBe(true);
    expect((await registryRow(t, held.domain)).locked).toBe(false);
    expect(await intentsOf(held.domainId)).toMatchObject([{ kind: 'lock', state: 'pending' }]);
    expect(await actionsOn('abuse-case', caseId)).toContain('abuse.lock');
    await reconcile();
    expect(await intentsOf(held.domainId)).toMatchObject([{ kind: 'lock', state: 'done' }]);
    expect((await registryRow(t, held.domain)).locked).toBe(true);
  });

  it('refused by the registry, leaves the name as it was', async () => {
    const { held, caseId } = await caseAbout('journal-abuse-refused.com');
    await withRegistry(
      'setLock',
      async () => {
        throw new Error('2304 Object status prohibits operation');
      },
      async () => {
        expect((await compliance.client.post(`/api/admin/abuse/cases/${caseId}/lock`, { reason: 'Keep it here during the case' })).status).toBe(502);
      },
    );
    expect((await domainRow(t, held.domainId)).locked).toBe(false);
    expect(await intentsOf(held.domainId)).toMatchObject([{ kind: 'lock', state: 'failed' }]);
    expect(await actionsOn('domain', held.domainId)).toEqual(['registry.refused']);
  });

  it('with a reason holding a NUL byte: 400 for a lock or a suspension, nothing changed at the registry or in our database', async () => {
    const { held, caseId } = await caseAbout('journal-abuse-nul.com');
    const registryBefore = await registryRow(t, held.domain);
    const rowBefore = await domainRow(t, held.domainId);
    for (const action of ['lock', 'suspend']) {
      const answer = await compliance.client.post(`/api/admin/abuse/cases/${caseId}/${action}`, { reason: 'Keep it\u0000 here please' });
      expect(answer.status, action).toBe(400);
      expect(answer.body.message).toMatch(/control character/i);
    }
    expect(await registryRow(t, held.domain)).toEqual(registryBefore);
    expect(await domainRow(t, held.domainId)).toEqual(rowBefore);
    expect(await intentsOf(held.domainId)).toEqual([]);
    expect(await actionsOn('abuse-case', caseId)).toEqual([]);
  });
});
