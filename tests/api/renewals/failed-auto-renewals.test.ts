/**
 * The queue of failed auto-renewals staff work from: what failed and why, when it is tried next, and "Retry now",
 * which charges and renews at once when the card works again, and records another failure when it does not.
 */
import { addDays } from 'date-fns/addDays';
import { addYears } from 'date-fns/addYears';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { domains, transactions } from '../../../api/db/schema/index.ts';
import { systemActor } from '../../../api/services/audit/audit-log.ts';
import { runDomainCalendar } from '../../../api/services/renewals/domain-calendar.ts';
import { listFailedAutoRenewals, retryFailedAutoRenewal } from '../../../api/services/renewals/failed-auto-renewals.ts';
import { useFileClock, useFileTestContext } from '../../fixtures/file-test-context.ts';
import { ownDomain, useCard } from '../../fixtures/renewal-domains.ts';

const start = new Date(Date.UTC(2026, 5, 1, 3));
const clock = useFileClock(start);
const { t, nextBuyer } = useFileTestContext();

async function declinedAutoRenewal(name: string) {
  clock.set(start);
  const { accountId, email } = await nextBuyer('failed-renewal');
  await useCard(t, accountId, '0341');
  const domain = await ownDomain(t, accountId, `qwzx-${name}.com`, { expireDate: addDays(start, 15) });
  await runDomainCalendar(t.deps);
  return { accountId, email, domain };
}

const queueEntry = async (domainId: number) => (await listFailedAutoRenewals(t.db)).data.find((row) => row.domainId === domainId);

describe('the failed auto-renewal queue', () => {
  it('lists a declined auto-renewal with the customer, the amount, the reason and the next try', async () => {
    const { accountId, email, domain } = await declinedAutoRenewal('listed');
    expect(await queueEntry(domain.domainId)).toMatchObject({
      accountId,
      email,
      domain: 'qwzx-listed.com',
      amount: 1128,
      attempts: 1,
      status: 'retrying',
      lastError: 'Your card was declined.',
      nextAttemptDate: addDays(start, 1).toISOString(),
      isRenewable: true,
    });
  });

  it('renews at once when staff retry after the customer fixed their card, and the entry leaves the queue', async () => {
    const { accountId, domain } = await declinedAutoRenewal('fixed');
    const entry = await queueEntry(domain.domainId);
    await useCard(t, accountId, '4242');
    const outcome = await retryFailedAutoRenewal(t.deps, systemActor, entry?.renewalOrderId ?? 0);
    expect(outcome).toMatchObject({ renewed: true, status: 'settled', lastError: null, attempts: 2 });
    const [row] = await t.db.select().from(domains).where(eq(domains.domainId, domain.domainId));
    expect(row.expireDate).toEqual(addYears(domain.expireDate, 1));
    const ledger = await t.db.select().from(transactions).where(eq(transactions.accountId, accountId));
    expect(ledger.map((r) => r.amount).sort((a, b) => a - b)).toEqual([-1128, 1128]);
    expect(await queueEntry(domain.domainId)).toBeUndefined();
    await expect(retryFailedAutoRenewal(t.deps, systemActor, entry?.renewalOrderId ?? 0)).rejects.toMatchObject({
      code: 409,
      message: 'This auto-renewal has already been charged',
    });
  });

  it('records another failure when the card still declines, and keeps the entry once the daily retries are used up', async () => {
    const { domain } = await declinedAutoRenewal('still');
    for (let day = 1; day <= 3; day++) {
      clock.set(addDays(start, day));
      await runDomainCalendar(t.deps);
    }
    const exhausted = await queueEntry(domain.domainId);
    expect(exhausted).toMatchObject({ status: 'failed', attempts: 4, nextAttemptDate: null });
    const outcome = await retryFailedAutoRenewal(t.deps, systemActor, exhausted?.renewalOrderId ?? 0);
    expect(outcome).toMatchObject({ renewed: false, status: 'failed', lastError: 'Your card was declined.', attempts: 5 });
    expect(await queueEntry(domain.domainId)).toMatchObject({ attempts: 5, status: 'failed' });
  });

  it('leaves out auto-renewals that no longer concern anyone, and answers 404 for an unknown one', async () => {
    const { domain } = await declinedAutoRenewal('switched-off');
    await t.db.update(domains).set({ autoRenewEnabled: false }).where(eq(domains.domainId, domain.domainId));
    expect(await queueEntry(domain.domainId)).toMatchObject({ isRenewable: false });
    clock.set(addDays(start, 1));
    await runDomainCalendar(t.deps);
    expect(await queueEntry(domain.domainId)).toBeUndefined();
    await expect(retryFailedAutoRenewal(t.deps, systemActor, 999_999)).rejects.toMatchObject({ code: 404 });
  });
});
