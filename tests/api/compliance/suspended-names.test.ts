/**
 * Suspension means suspended: while a name is suspended (here by compliance, for phishing), support cannot unlock it
 * (403 with the reason), the customer cannot unlock it, see or regenerate its auth code, or change its nameservers
 * (refused with the reason, which the panel shows), another registrar's transfer request is refused, and the
 * approval link of a transfer asked before cannot let it go. Compliance or an owner may, with a reason. The
 * suspension email says exactly what is blocked.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suspensionBlocksSentence } from '../../../api/contract/domains/suspension-gate.ts';
import { outbox } from '../../../api/db/schema/index.ts';
import { requestTransferByOtherRegistrar } from '../../../api/providers/registry/sandbox-transfers.ts';
import { pollInboundTransfers } from '../../../api/services/transfers/inbound-transfers.ts';
import { recordOutboundTransferNotice } from '../../../api/services/journal/held-transfer-refusal.ts';
import { domainRow, type OwnedDomain, ownedDomain, registryRow } from '../../fixtures/held-domains.ts';
import { staffClient, type TestStaff } from '../../fixtures/staff.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let support: TestStaff;
let compliance: TestStaff;
let owner: TestStaff;
beforeAll(async () => {
  t = await createTestContext();
  [support, compliance, owner] = await Promise.all([staffClient(t, 'support'), staffClient(t, 'compliance'), staffClient(t, 'owner')]);
});
afterAll(() => t.close());

const reason = 'Phishing kit reported by a bank';
const mailsTo = (to: string) => t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(outbox.id);

/** A name the customer unlocked (they hold a valid code), then suspended by compliance. */
async function suspendedName(domain: string): Promise<OwnedDomain & { code: string }> {
  const held = await ownedDomain(t, domain);
  const unlocked = await held.client.patch(`/api/domains/${held.domainId}`, { locked: false });
  expect(unlocked.status).toBe(200);
  expect((await compliance.client.post(`/api/admin/domains/${held.domainId}/suspend`, { reason })).status).toBe(200);
  return { ...held, code: unlocked.body.authCode };
}

describe('a name suspended by compliance', () => {
  it('cannot be unlocked by support: 403 with the reason, and nothing changes', async () => {
    const held = await ownedDomain(t, 'held-support.com');
    await compliance.client.post(`/api/admin/domains/${held.domainId}/suspend`, { reason });
    const refused = await support.client.post(`/api/admin/domains/${held.domainId}/lock`, { locked: false, reason: 'Customer asked by phone' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain(`held-support.com is suspended (${reason}): it cannot be unlocked for transfer`);
    expect((await registryRow(t, held.domain)).locked).toBe(true);
    expect(await domainRow(t, held.domainId)).toMatchObject({ locked: true, authCode: null });
    // Moving it to another registrant is held too.
    const move = await support.client.post(`/api/admin/domains/${held.domainId}/move`, { toEmail: 'someone@example.org', reason: 'Both owners agreed' });
    expect([403, 404]).toContain(move.status);
  });

  it('is unlocked by compliance or an owner only with a reason', async () => {
    const held = await ownedDomain(t, 'held-owner.com');
    await compliance.client.post(`/api/admin/domains/${held.domainId}/suspend`, { reason });
    const bare = await owner.client.post(`/api/admin/domains/${held.domainId}/lock`, { locked: false });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toMatch(/Give a reason/);
    expect((await owner.client.post(`/api/admin/domains/${held.domainId}/lock`, { locked: false, reason: 'Court order to release it' })).status).toBe(200);
    expect((await registryRow(t, held.domain)).locked).toBe(false);
  });

  it('refuses the customer’s unlock, auth code and nameserver change with the reason', async () => {
    const held = await suspendedName('held-customer.com');
    for (const body of [{ locked: false }, { $generateNewAuthCode: true }, { ns: ['ns1.elsewhere.example', 'ns2.elsewhere.example'] }]) {
      const refused = await held.client.patch(`/api/domains/${held.domainId}`, body);
      expect(refused.status, JSON.stringify(body)).toBe(409);
      expect(refused.body.message).toContain(`held-customer.com is suspended (${reason})`);
      expect(JSON.stringify(refused.body)).not.toContain(held.code);
    }
    const mine = await held.client.get(`/api/domains/${held.domainId}`);
    expect(mine.body.suspensionReason).toBe(reason);
  });

  it('refuses another registrar’s transfer request, also one that reached the registry', async () => {
    const held = await suspendedName('held-transfer.com');
    const asked = await t.client().post('/api/dev/outboundTransfers', { domain: held.domain, authCode: held.code, gainingRegistrar: 'GoHost Registrar Inc.' });
    expect(asked.status).toBe(400);
    expect(asked.body.message).toContain('cannot be transferred to another registrar');
    // The same request arriving through the registry's queue: we answer no at once, and the registrant hears why.
    expect(await requestTransferByOtherRegistrar(t.db, { domain: held.domain, authCode: held.code, gainingRegistrar: 'GoHost Registrar Inc.' })).toMatchObject({
      status: 'pending',
    });
    await pollInboundTransfers(t.deps, { onOutboundNotice: (message) => recordOutboundTransferNotice(t.deps, message) });
    const registry = await registryRow(t, held.domain);
    expect(registry).toMatchObject({ ours: true, gainingRegistrar: null });
    expect(registry.statuses).not.toContain('pendingTransfer');
    expect(await domainRow(t, held.domainId)).toMatchObject({ status: 'active', outboundTransferStatus: null });
    await t.runJobs();
    // To the registrant contact's address (the demo contact's here).
    const [refusal] = await t.db.select().from(outbox).where(eq(outbox.subject, 'We refused a transfer of held-transfer.com away from Dotspot'));
    expect(refusal?.body).toContain(reason);
  });

  it('sends a suspension email that says exactly what is blocked', async () => {
    const held = await suspendedName('held-email.com');
    await t.runJobs();
    const mail = (await mailsTo(held.email)).find((m) => m.subject === 'held-email.com is suspended');
    expect(mail?.body).toContain(`Why: ${reason}`);
    expect(mail?.body).toContain(suspensionBlocksSentence);
  });
});
