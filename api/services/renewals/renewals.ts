/**
 * Renewals (control-panel spec §3-§5, §9): the renewable domains with their prices, the renew preview, and the order
 * — claim the order → authorise the default card off-session → claim each domain's term → renew at the registry →
 * capture what the registry renewed (ledger rows) or release. Renewals are non-refundable; nothing is charged for a
 * term the registry did not extend, and a term is renewed once whoever asks (the unique index on renewals).
 */
import { addYears } from 'date-fns/addYears';
import { subDays } from 'date-fns/subDays';
import { subMinutes } from 'date-fns/subMinutes';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { autoRenewLeadDays } from '../../contract/domains/domain-status.ts';
import {
  lineTotal,
  maxRenewalPeriod,
  noRenewPriceMessage,
  protectionPricePerYear,
  type RenewableDomain,
  type RenewAnswer,
  type RenewLine,
  renewalChargeAmounts,
  type renewRequestSchema,
} from '../../contract/renewals/renewals.ts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { domains, renewalOrders, renewals } from '../../db/schema/index.ts';
import type { DomainRow, RenewalOrderRow, RenewalRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { RegistryOutcomeUnknownError } from '../../providers/registry/index.ts';
import { eachLimited } from '../kernel/each-limited.ts';
import { requireRecentAuthForCharge } from '../auth/recent-auth.ts';
import { authorizeDefaultCard, captureCharge, type ChargeLine, type HeldCharge, releaseCharge } from '../billing/account-charges.ts';
import { catalogue } from '../search/catalogue.ts';
import { chargedTax, previewTax } from './renewal-tax.ts';

type RenewRequestInput = z.output<typeof renewRequestSchema>;

export const renewableStatuses = ['active', 'expired', 'redemption'] as const;
/** How many registry renewals run at once in a bulk order or the nightly run. */
const registryConcurrency = 8;

/** The most years `expireDate` may still be extended by: the registry refuses a term ending more than 10 years from today. */
export function maxYearsFor(expireDate: Date, today: Date): number {
  const limit = addYears(today, maxRenewalPeriod);
  let years = 0;
  while (years < maxRenewalPeriod && addYears(expireDate, years + 1) <= limit) years += 1;
  return years;
}

/** Next auto-renew date of a term: about 15 days before it ends (spec §4), or none when auto-renew is off. */
export function autoRenewDateFor(expireDate: Date, autoRenewEnabled: boolean): Date | null {
  return autoRenewEnabled ? subDays(expireDate, autoRenewLeadDays) : null;
}

/** Cents for one year of renewal: the registry's premium price, else the catalogue's; null when we do not sell the extension. */
async function yearlyRenewPrice(deps: Deps, domain: string): Promise<{ price: number | null; isPremium: boolean }> {
  const premium = await deps.providers.registry.premiumRenewPrice(domain, 1);
  if (premium !== null) return { price: premium, isPremium: true };
  return { price: catalogue().forDomain(domain)?.renewPricing[0] ?? null, isPremium: false };
}

function redemptionPriceOf(row: DomainRow): number | null {
  return row.status === 'redemption' ? (catalogue().forDomain(row.domain)?.redemptionPricing[0] ?? null) : null;
}

async function renewable(deps: Deps, row: DomainRow, today: Date): Promise<RenewableDomain> {
  const { price, isPremium } = await yearlyRenewPrice(deps, row.domain);
  return {
    domainId: row.domainId,
    domain: row.domain,
    status: row.status as RenewableDomain['status'],
    expireDate: row.expireDate.toISOString(),
    renewPrice: price,
    redemptionPrice: redemptionPriceOf(row),
    protectionEnabled: row.protectionEnabled,
    isPremium,
    maxRenewalPeriod: maxYearsFor(row.expireDate, today),
  };
}

/** GET /api/renewals: the account's renewable domains by expiry, the chosen one (`pinDomainId`) first. */
export async function listRenewableDomains(deps: Deps, accountId: number, pinDomainId?: number): Promise<RenewableDomain[]> {
  const rows = await deps.db
    .select()
    .from(domains)
    .where(and(eq(domains.accountId, accountId), inArray(domains.status, [...renewableStatuses])))
    .orderBy(asc(domains.expireDate), asc(domains.domain));
  const today = now();
  const list = await Promise.all(rows.map((row) => renewable(deps, row, today)));
  const pinned = list.findIndex((d) => d.domainId === pinDomainId);
  if (pinned > 0) list.unshift(...list.splice(pinned, 1));
  return list;
}

/** Prices one domain's renewal for `years` (capped at the registry's maximum); throws what the customer must fix. */
export async function priceLine(deps: Deps, row: DomainRow, years: number, protectionEnabled: boolean, today = now()): Promise<RenewLine> {
  const { price } = await yearlyRenewPrice(deps, row.domain);
  if (price === null) throw new AppError(400, `${noRenewPriceMessage} (${row.domain})`, { domainId: row.domainId });
  if (row.status === 'redemption' && redemptionPriceOf(row) === null)
    throw new AppError(400, `${noRenewPriceMessage} (${row.domain})`, { domainId: row.domainId });
  const period = Math.min(years, maxYearsFor(row.expireDate, today));
  if (period < 1) throw new AppError(400, `${row.domain} is already registered for the maximum of 10 years`, { domainId: row.domainId });
  return {
    domainId: row.domainId,
    domain: row.domain,
    renewalPeriod: period,
    expireDate: row.expireDate.toISOString(),
    newExpireDate: addYears(row.expireDate, period).toISOString(),
    renewPrice: price * period,
    redemptionPrice: redemptionPriceOf(row),
    protectionEnabled,
    protectionPrice: protectionEnabled ? protectionPricePerYear * period : 0,
  };
}

/** The owned, renewable rows of a request, in the order asked; another account's domain is a 403, none a 404. */
async function requestedRows(db: Db, accountId: number, ids: number[]): Promise<DomainRow[]> {
  const unique = [...new Set(ids)];
  const rows = await db.select().from(domains).where(inArray(domains.domainId, unique));
  const byId = new Map(rows.map((row) => [row.domainId, row]));
  return unique.map((id) => {
    const row = byId.get(id);
    if (!row || row.status === 'deleted') throw new AppError(404, 'Domain not found');
    if (row.accountId !== accountId) throw new AppError(403, 'You do not have access to this domain');
    if (!(renewableStatuses as readonly string[]).includes(row.status)) throw new AppError(400, `${row.domain} cannot be renewed now (${row.status})`);
    return row;
  });
}

export async function previewRenewal(deps: Deps, accountId: number, request: RenewRequestInput): Promise<RenewAnswer> {
  const rows = await requestedRows(
    deps.db,
    accountId,
    request.domains.map((d) => d.domainId),
  );
  const protect = new Map(request.domains.map((d) => [d.domainId, d.protectionEnabled]));
  const today = now();
  const lines = await Promise.all(rows.map((row) => priceLine(deps, row, request.renewalPeriod, protect.get(row.domainId) ?? false, today)));
  const tax = await previewTax(deps.db, accountId, lines, today);
  return { renewalPeriod: request.renewalPeriod, domains: lines, totalPrice: sum(lines), ...tax, committed: false };
}

const sum = (lines: RenewLine[]) => lines.reduce((total, line) => total + lineTotal(line), 0);

/** POST /api/renewals with commit: true. */
export async function commitRenewal(
  deps: Deps,
  accountId: number,
  request: RenewRequestInput,
  caller: { sessionId: number; viaApiToken: boolean },
): Promise<RenewAnswer> {
  if (!request.orderKey) throw new AppError(400, 'orderKey is required to place an order');
  const preview = await previewRenewal(deps, accountId, request);
  await requireRecentAuthForCharge(deps, caller, preview.totalPrice);
  const order = await claimManualOrder(deps.db, accountId, request.orderKey, request, preview.totalPrice);
  if ('replay' in order) return order.replay;
  let held: HeldCharge;
  try {
    const attempt = await authorizeDefaultCard(deps, {
      accountId,
      amount: preview.totalPrice,
      taxedLines: preview.domains.flatMap(renewalChargeAmounts),
      idempotencyKey: `renewal-order:${order.renewalOrderId}:${order.attempts}`,
      purpose: `renewal-order:${order.renewalOrderId}`,
      description: `Renewal: ${preview.domains.map((d) => d.domain).join(', ')}`,
      paymentIntentId: request.paymentIntentId,
    });
    if (attempt.status === 'requires_action') {
      await setOrder(deps.db, order.renewalOrderId, { status: 'requires_action', paymentIntentId: attempt.paymentIntentId });
      return { ...preview, requiresAction: true, clientSecret: attempt.clientSecret, paymentIntentId: attempt.paymentIntentId };
    }
    held = attempt.held;
  } catch (error) {
    await setOrder(deps.db, order.renewalOrderId, { status: 'failed', lastError: (error as Error).message });
    throw error;
  }
  await setOrder(deps.db, order.renewalOrderId, {
    status: 'held',
    paymentIntentId: held.paymentIntentId,
    paymentMethodId: held.paymentMethodId,
    cardDescription: held.cardDescription,
    amount: held.amount,
  });
  const lines = await renewOrderLines(deps, order.renewalOrderId, preview.domains);
  const settled = await settleRenewalOrder(deps, order.renewalOrderId);
  const renewed = lines.filter((line) => line.status === 'renewed');
  if (settled === 'failed') {
    const reasons = lines.map((line) => `${line.domain}: ${line.error ?? 'not renewed'}`).join('; ');
    throw new AppError(502, `We could not renew your domains (${reasons}). You have not been charged.`);
  }
  return {
    renewalPeriod: request.renewalPeriod,
    domains: lines,
    totalPrice: sum(renewed),
    ...(await chargedTax(deps.db, held.paymentIntentId)),
    committed: true,
    cardDescription: held.cardDescription,
  };
}

/**
 * Claims the order for this key: a new one, a failed one tried again, or the one waiting for this 3-D Secure answer.
 * A settled order answers again with its result; one in progress elsewhere is a 409.
 */
async function claimManualOrder(
  db: Db,
  accountId: number,
  orderKey: string,
  request: RenewRequestInput,
  amount: number,
): Promise<RenewalOrderRow | { replay: RenewAnswer }> {
  const today = now();
  const [created] = await db
    .insert(renewalOrders)
    .values({
      accountId,
      orderKey,
      kind: 'manual',
      status: 'pending',
      renewalPeriod: request.renewalPeriod,
      amount,
      attempts: 1,
      createDate: today,
      modifyDate: today,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [existing] = await db
    .select()
    .from(renewalOrders)
    .where(and(eq(renewalOrders.accountId, accountId), eq(renewalOrders.orderKey, orderKey)));
  if (existing.status === 'settled') return { replay: await answerFor(db, existing) };
  const continuing = existing.status === 'requires_action' && request.paymentIntentId && request.paymentIntentId === existing.paymentIntentId;
  if (existing.status === 'failed' || continuing) {
    const [claimed] = await db
      .update(renewalOrders)
      .set({ status: 'pending', amount, modifyDate: today, ...(continuing ? {} : { attempts: existing.attempts + 1, paymentIntentId: null }) })
      .where(and(eq(renewalOrders.renewalOrderId, existing.renewalOrderId), eq(renewalOrders.status, existing.status)))
      .returning();
    if (claimed) return claimed;
  }
  throw new AppError(409, 'This order is already being placed');
}

async function answerFor(db: Db, order: RenewalOrderRow): Promise<RenewAnswer> {
  const rows = await db.select().from(renewals).where(eq(renewals.renewalOrderId, order.renewalOrderId)).orderBy(asc(renewals.renewalId));
  const lines = rows.map(lineOf);
  return {
    renewalPeriod: order.renewalPeriod,
    domains: lines,
    totalPrice: sum(lines.filter((l) => l.status === 'renewed')),
    ...(await chargedTax(db, order.paymentIntentId)),
    committed: true,
    cardDescription: order.cardDescription ?? undefined,
  };
}

function lineOf(row: RenewalRow): RenewLine {
  return {
    domainId: row.domainId,
    domain: row.domain,
    renewalPeriod: row.renewalPeriod,
    expireDate: row.fromExpireDate.toISOString(),
    newExpireDate: row.newExpireDate.toISOString(),
    renewPrice: row.renewPrice,
    redemptionPrice: row.redemptionPrice || null,
    protectionEnabled: row.protectionEnabled,
    protectionPrice: row.protectionPrice,
    // A term a refund later took back was renewed (and charged) by this order all the same.
    status: row.status === 'claimed' ? 'unknown' : row.status === 'refunded' ? 'renewed' : row.status,
    ...(row.error ? { error: row.error } : {}),
  };
}

export async function setOrder(db: Db, renewalOrderId: number, fields: Partial<typeof renewalOrders.$inferInsert>): Promise<void> {
  await db
    .update(renewalOrders)
    .set({ ...fields, modifyDate: now() })
    .where(eq(renewalOrders.renewalOrderId, renewalOrderId));
}

/**
 * Claims each line's term (a term another order holds is left out, not charged), then renews the claimed ones at the
 * registry a few at a time. Answers every line with what happened.
 */
export async function renewOrderLines(deps: Deps, renewalOrderId: number, priced: RenewLine[]): Promise<RenewLine[]> {
  const claimed = await claimTerms(
    deps.db,
    priced.map((line) => ({ renewalOrderId, line })),
    now(),
  );
  const results = new Map<number, RenewLine>();
  await eachLimited(claimed, registryConcurrency, async (row) => {
    results.set(row.domainId, lineOf(await renewAtRegistry(deps, row)));
  });
  return priced.map((line) => results.get(line.domainId) ?? { ...line, status: 'failed' as const, error: 'This term was renewed by another order' });
}

/**
 * Claims each priced line's term for its order, in one insert: a term another order already holds (the unique line
 * per domain and term) is left out, so the answer holds only the lines this order may renew and charge for.
 */
export async function claimTerms(db: Db, lines: { renewalOrderId: number; line: RenewLine }[], today: Date): Promise<RenewalRow[]> {
  return db
    .insert(renewals)
    .values(
      lines.map(({ renewalOrderId, line }) => ({
        renewalOrderId,
        domainId: line.domainId,
        domain: line.domain,
        fromExpireDate: new Date(line.expireDate),
        renewalPeriod: line.renewalPeriod,
        newExpireDate: new Date(line.newExpireDate),
        renewPrice: line.renewPrice,
        redemptionPrice: line.redemptionPrice ?? 0,
        protectionPrice: line.protectionPrice,
        protectionEnabled: line.protectionEnabled,
        createDate: today,
      })),
    )
    .onConflictDoNothing()
    .returning();
}

/** One registry renewal: recorded on the line, and on the domain when the registry extended it. */
async function renewAtRegistry(deps: Deps, line: RenewalRow): Promise<RenewalRow> {
  try {
    const record = await deps.providers.registry.renew({ domain: line.domain, years: line.renewalPeriod });
    return await recordRenewed(deps.db, line, record.expireDate);
  } catch (error) {
    if (error instanceof RegistryOutcomeUnknownError) return settleUnknownLine(deps, line);
    return markLine(deps.db, line, 'failed', (error as Error).message);
  }
}

/** The renew went out unanswered: ask the registry what it holds now; if it cannot say either, the line stays unknown. */
export async function settleUnknownLine(deps: Deps, line: RenewalRow): Promise<RenewalRow> {
  try {
    const record = await deps.providers.registry.info(line.domain);
    if (record?.ours && record.expireDate >= line.newExpireDate) return await recordRenewed(deps.db, line, record.expireDate);
    return await markLine(deps.db, line, 'failed', 'The registry did not renew the domain');
  } catch (error) {
    return markLine(deps.db, line, 'unknown', (error as Error).message);
  }
}

export async function markLine(db: Db, line: RenewalRow, status: RenewalRow['status'], error: string | null): Promise<RenewalRow> {
  const [row] = await db.update(renewals).set({ status, error }).where(eq(renewals.renewalId, line.renewalId)).returning();
  return row;
}

async function recordRenewed(db: Db, line: RenewalRow, registryExpiry: Date): Promise<RenewalRow> {
  const newExpireDate = Number.isNaN(registryExpiry.getTime()) ? line.newExpireDate : registryExpiry;
  const nextAutoRenew = autoRenewDateFor(newExpireDate, true)?.toISOString();
  return db.transaction(async (tx) => {
    await tx
      .update(domains)
      .set({
        expireDate: newExpireDate,
        status: 'active',
        redemptionPeriodStartDate: null,
        autoRenewDate: sql`case when ${domains.autoRenewEnabled} then ${nextAutoRenew}::timestamptz end`,
        modifyDate: now(),
        ...(line.protectionEnabled ? { protectionEnabled: true, protectionPaidUntil: newExpireDate } : {}),
      })
      .where(eq(domains.domainId, line.domainId));
    const [row] = await tx.update(renewals).set({ status: 'renewed', newExpireDate, error: null }).where(eq(renewals.renewalId, line.renewalId)).returning();
    return row;
  });
}

/**
 * Settles an order's money once no line is unknown: captures what the registry renewed, with its ledger rows, or
 * releases the authorisation. The order is claimed (held → settled) first, so two settlers capture once.
 */
export async function settleRenewalOrder(deps: Deps, renewalOrderId: number): Promise<'settled' | 'failed' | 'held'> {
  const lines = await deps.db.select().from(renewals).where(eq(renewals.renewalOrderId, renewalOrderId));
  if (lines.some((line) => line.status === 'unknown' || line.status === 'claimed')) return 'held';
  const renewed = lines.filter((line) => line.status === 'renewed');
  const [order] = await deps.db
    .update(renewalOrders)
    .set({ status: renewed.length ? 'settled' : 'failed', modifyDate: now(), ...(renewed.length ? {} : { lastError: lines.map((l) => l.error).join('; ') }) })
    .where(and(eq(renewalOrders.renewalOrderId, renewalOrderId), eq(renewalOrders.status, 'held')))
    .returning();
  if (!order) return 'held';
  const held: HeldCharge = {
    accountId: order.accountId,
    paymentIntentId: order.paymentIntentId ?? '',
    amount: order.amount,
    paymentMethodId: order.paymentMethodId ?? 0,
    cardDescription: order.cardDescription ?? 'card',
  };
  try {
    if (renewed.length === 0) {
      await releaseCharge(deps, held);
      return 'failed';
    }
    await captureCharge(deps, held, renewed.flatMap(ledgerLines), `renewal-order:${renewalOrderId}:capture`);
    return 'settled';
  } catch (error) {
    // Put it back for the calendar's reconciliation to try again; the capture key keeps a repeat from charging twice.
    await setOrder(deps.db, renewalOrderId, { status: 'held', lastError: (error as Error).message });
    throw error;
  }
}

export function ledgerLines(line: RenewalRow): ChargeLine[] {
  const years = `${line.renewalPeriod} year${line.renewalPeriod === 1 ? '' : 's'}`;
  const span = { domainId: line.domainId, startDate: line.fromExpireDate, endDate: line.newExpireDate };
  return [
    { type: 'nrc', description: `Renewal: ${line.domain} (${years})`, amount: line.renewPrice, ...span },
    ...(line.redemptionPrice ? [{ type: 'nrc' as const, description: `Redemption fee: ${line.domain}`, amount: line.redemptionPrice, ...span }] : []),
    ...(line.protectionPrice
      ? [{ type: 'nrc' as const, description: `Domain Protection: ${line.domain} (${years})`, amount: line.protectionPrice, ...span }]
      : []),
  ];
}

/** Lines whose registry answer never came and orders still holding money: asks the registry, then settles. */
export async function reconcileHeldRenewals(deps: Deps): Promise<{ settled: number }> {
  const unknown = await deps.db
    .select()
    .from(renewals)
    .where(inArray(renewals.status, ['unknown']));
  for (const line of unknown) await settleUnknownLine(deps, line);
  // An order held for less than this may still be in its own request, renewing line by line.
  const quiet = subMinutes(now(), 10);
  const held = await deps.db
    .select({ id: renewalOrders.renewalOrderId })
    .from(renewalOrders)
    .where(and(eq(renewalOrders.status, 'held'), lt(renewalOrders.modifyDate, quiet)));
  let settled = 0;
  for (const { id } of held) {
    const outcome = await settleRenewalOrder(deps, id).catch(() => 'held' as const);
    if (outcome !== 'held') settled += 1;
  }
  return { settled };
}
