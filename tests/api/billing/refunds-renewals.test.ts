/**
 * A refund of a renewal takes the year back off the expiry where the registry allows it, or says it cannot: within the
 * sandbox registry's renew grace period the name expires a year earlier (for the customer and at the registry), after
 * it or at a registry without an unrenew command the money goes back and the name keeps its expiry, said in the
 * message, the audit log and the email; a partial refund keeps the year; refunds at once, repeats and a lost answer
 * never take two years off.
 */
import { addYears } from 'date-fns/addYears';
import { subDays } from 'date-fns/subDays';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { auditLog, billingDocuments, domains, outbox, registryDomains, transactions } from '../../../api/db/schema/index.ts';
import type { RegistryProvider } from '../../../api/providers/registry/index.ts';
import { createRegistryRouter } from '../../../api/providers/registry/router.ts';
import { finishRefundRegistryWork } from '../../../api/services/billing/refund-reconcile.ts';
import { useFileTestContext } from '../../fixtures/file-test-context.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { ownDomain } from '../../fixtures/renewal-domains.ts';

const {
  t,
  staff: { billing },
} = useFileTestContext({ staff: ['billing'] });

let counter = 0;
const label = (what: string) => `qwzrn-${what}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;
const key = () => `renewal-refund-${label('k')}`;
const expiry = new Date(Date.UTC(2027, 5, 1, 12));

/** A customer's name renewed for a year from the account app: the renewal's charge and its payment. */
async function renewedName(prefix = 'renewed') {
  const email = `${label(prefix)}@example.org`;
  const { accountId, client } = await signedInBuyer(t, email);
  const domain = await ownDomain(t, accountId, `${prefix}-${label('n')}.com`, { expireDate: expiry, autoRenewEnabled: true });
  const renewed = await client.post('/api/renewals', { renewalPeriod: 1, domains: [{ domainId: domain.domainId }], commit: true, orderKey: key() });
  expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
  const [charge] = await t.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.accountId, accountId), like(transactions.description, 'Renewal: %')));
  return { accountId, client, email, domain, charge, paymentIntentId: charge.paymentReference as string };
}

const refund = (paymentIntentId: string, items: { transactionId: number; amount: number }[], idempotencyKey = key()) =>
  billing.client.post(`/api/admin/payments/${paymentIntentId}/refunds`, { items, reason: 'Renewed by mistake', idempotencyKey });

/** What the customer sees in My Domains, and what the registry holds. */
async function expiries(client: Awaited<ReturnType<typeof renewedName>>['client'], domain: string) {
  const mine = (await client.get('/api/domains')).body.data.find((d: { domain: string }) => d.domain === domain);
  const record = await t.deps.providers.registry.info(domain);
  return { customer: mine?.expireDate, registry: record?.expireDate.toISOString() };
}

const later = addYears(expiry, 1).toISOString();
const back = expiry.toISOString();

describe('refunding a renewal', () => {
  it('within the renew grace period takes the year back off the expiry, for the customer and at the registry', async () => {
    const { client, email, domain, charge, paymentIntentId } = await renewedName();
    expect(await expiries(client, domain.domain)).toEqual({ customer: later, registry: later });

    const answer = await refund(paymentIntentId, [{ transactionId: charge.transactionId, amount: charge.amount }]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.message).toBe(
      `Refunded $${(charge.amount / 100).toFixed(2)}. The customer was emailed; a credit note was issued. ${domain.domain} now expires on Jun 1, 2027: the registry took the renewal (1 year) back.`,
    );
    expect(answer.body.refund.names).toMatchObject([{ domain: domain.domain, action: 'keep', years: { count: 1, state: 'done', expireDate: back } }]);
    expect(await expiries(client, domain.domain)).toEqual({ customer: back, registry: back });
    const [mine] = (await client.get('/api/domains')).body.data;
    // Auto-renew moves with the expiry; a name without Domain Protection does not gain it.
    expect(new Date(mine.autoRenewDate) < expiry).toBe(true);
    const [row] = await t.db.select().from(domains).where(eq(domains.domainId, domain.domainId));
    expect(row.protectionPaidUntil).toBeNull();

    await t.runJobs();
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), like(outbox.subject, 'Refund%')));
    expect(mail.body).toContain(`${domain.domain} stays registered to you; the refunded renewal was taken back, so it now expires on Jun 1, 2027.`);
  });

  it('invoices the renewal, names that invoice on the credit note, and lets the taken-back term be renewed again', async () => {
    const { client, domain, charge, paymentIntentId } = await renewedName();
    const [invoice] = await t.db.select().from(billingDocuments).where(eq(billingDocuments.paymentIntentId, paymentIntentId));
    expect(invoice).toMatchObject({ kind: 'invoice', total: charge.amount, orderId: null });
    expect(invoice.number).toMatch(/^INV-\d{4}-\d{6}$/);
    const answer = await refund(paymentIntentId, [{ transactionId: charge.transactionId, amount: charge.amount }]);
    expect(answer.status).toBe(201);
    const [note] = await t.db.select().from(billingDocuments).where(eq(billingDocuments.refundId, answer.body.refund.refundId));
    expect(note).toMatchObject({ kind: 'creditNote', total: -charge.amount, invoiceId: invoice.documentId });
    const again = await client.post('/api/renewals', { renewalPeriod: 1, domains: [{ domainId: domain.domainId }], commit: true, orderKey: key() });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await expiries(client, domain.domain)).toEqual({ customer: later, registry: later });
  });

  it('after the renew grace period refunds the money and says plainly that the name keeps its expiry', async () => {
    const { accountId, client, domain, charge, paymentIntentId } = await renewedName();
    await t.db
      .update(registryDomains)
      .set({ renewals: [{ at: subDays(new Date(), 6).toISOString(), years: 1 }] })
      .where(eq(registryDomains.domain, domain.domain));
    const answer = await refund(paymentIntentId, [{ transactionId: charge.transactionId, amount: charge.amount }]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.payment.refunded).toBe(charge.amount);
    expect(answer.body.message).toContain(`${domain.domain} keeps its expiry of Jun 1, 2028: the registry refused to take the renewal back`);
    expect(answer.body.message).toContain('renew grace period');
    expect(answer.body.message).toContain('The money was refunded all the same.');
    expect(await expiries(client, domain.domain)).toEqual({ customer: later, registry: later });
    const [refused] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'registry.refused'), eq(auditLog.targetLabel, domain.domain)));
    expect(JSON.stringify(refused.after)).toContain('keeps its expiry of Jun 1, 2028');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.refund'), eq(auditLog.accountId, accountId)));
    expect(entry.after).toMatchObject({ refund: { names: [{ domain: domain.domain, action: 'keep' }] } });
  });

  it('at a registry with no unrenew command refunds the money and keeps the expiry, saying why', async () => {
    const { accountId, client, domain, charge, paymentIntentId } = await renewedName();
    const sandbox = t.deps.providers.registry;
    // A live EPP connection as content/registries.csv makes one: its provider has no way to take a renewal back.
    const { unrenew: _none, canUnrenew: _no, ...epp } = sandbox;
    const router = createRegistryRouter({
      connections: [
        {
          name: 'verisign',
          extensions: ['com'],
          host: 'epp.example',
          port: 700,
          username: 'u',
          sessions: 1,
          commandsPerSecond: 5,
          contacts: 'none',
          provider: epp as RegistryProvider,
        },
      ],
      byExtension: new Map([['com', 'verisign']]),
      unserved: [],
      defaultNameservers: [],
    });
    t.deps.providers.registry = router;
    try {
      const answer = await refund(paymentIntentId, [{ transactionId: charge.transactionId, amount: charge.amount }]);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.body.message).toContain(
        `${domain.domain} keeps its expiry of Jun 1, 2028: the registry of ${domain.domain} has no way to take a renewal back. The money was refunded all the same.`,
      );
      expect(answer.body.refund.names[0].years).toMatchObject({ state: 'unsupported' });
    } finally {
      t.deps.providers.registry = sandbox;
    }
    expect(await expiries(client, domain.domain)).toEqual({ customer: later, registry: later });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.refund'), eq(auditLog.accountId, accountId)));
    expect(entry.after).toMatchObject({ refund: { names: [{ expiry: expect.stringContaining('has no way to take a renewal back') }] } });
  });

  it('keeps the year on a partial refund, and takes it back when the rest is refunded', async () => {
    const { client, domain, charge, paymentIntentId } = await renewedName();
    const half = Math.floor(charge.amount / 2);
    const first = await refund(paymentIntentId, [{ transactionId: charge.transactionId, amount: half }]);
    expect(first.status).toBe(201);
    expect(first.body.refund.names[0].years).toBeUndefined();
    expect(await expiries(client, domain.domain)).toEqual({ customer: later, registry: later });
    const rest = await refund(paymentIntentId, [{ transactionId: charge.transactionId, amount: charge.amount - half }]);
    expect(rest.status).toBe(201);
    expect(await expiries(client, domain.domain)).toEqual({ customer: back, registry: back });
  });

  it('takes one year off when refunded twice at once, by the same request or by two', async () => {
    const { client, domain, charge, paymentIntentId } = await renewedName();
    const items = [{ transactionId: charge.transactionId, amount: charge.amount }];
    const once = key();
    const answers = await Promise.all([refund(paymentIntentId, items, once), refund(paymentIntentId, items, once), refund(paymentIntentId, items)]);
    // One refund: the repeat answers it, the other is refused (or, claimed first, the repeats are).
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.every((a) => [200, 201, 409].includes(a.status))).toBe(true);
    expect(await expiries(client, domain.domain)).toEqual({ customer: back, registry: back });
    // Sent again later, the refund answers the same and takes nothing more off.
    const again = await refund(paymentIntentId, items, once);
    expect(again.status).toBe(200);
    expect(await expiries(client, domain.domain)).toEqual({ customer: back, registry: back });
  });

  it('finishes a take-back whose answer was lost, once, when the refund is sent again or by the reconciler', async () => {
    for (const finish of ['repeat', 'reconciler'] as const) {
      const { client, domain, charge, paymentIntentId } = await renewedName('timeout');
      const items = [{ transactionId: charge.transactionId, amount: charge.amount }];
      const once = key();
      const cut = await refund(paymentIntentId, items, once);
      expect(cut.status).toBe(502);
      expect(cut.body.message).toBe(
        `The refund went through, but the registry did not take the renewal of ${domain.domain} back yet. Send the same refund again to finish it; it will not refund twice.`,
      );
      // The registry took the year back; we do not know it yet.
      expect(await expiries(client, domain.domain)).toEqual({ customer: later, registry: back });
      if (finish === 'repeat') {
        const again = await refund(paymentIntentId, items, once);
        expect(again.status, JSON.stringify(again.body)).toBe(200);
        expect(again.body.message).toContain(`${domain.domain} now expires on Jun 1, 2027`);
      } else {
        const restore = useClock(new ManualClock(Date.now() + 120_000));
        try {
          expect(await finishRefundRegistryWork(t.deps)).toMatchObject({ waiting: 0 });
        } finally {
          restore();
        }
      }
      expect(await expiries(client, domain.domain)).toEqual({ customer: back, registry: back });
    }
  });

  it('leaves the expiry alone when only the Domain Protection of a renewal is refunded', async () => {
    const { accountId, client } = await signedInBuyer(t, `${label('protect')}@example.org`);
    const domain = await ownDomain(t, accountId, `${label('p')}.com`, { expireDate: expiry });
    const renewed = await client.post('/api/renewals', {
      renewalPeriod: 1,
      domains: [{ domainId: domain.domainId, protectionEnabled: true }],
      commit: true,
      orderKey: key(),
    });
    expect(renewed.status).toBe(200);
    const [protection] = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.accountId, accountId), like(transactions.description, 'Domain Protection%')));
    const answer = await refund(protection.paymentReference as string, [{ transactionId: protection.transactionId, amount: protection.amount }]);
    expect(answer.status).toBe(201);
    expect(await expiries(client, domain.domain)).toEqual({ customer: later, registry: later });
  });
});
