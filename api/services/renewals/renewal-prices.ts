/**
 * What renewing costs (control-panel spec §3-§5): the account's renewable domains with their prices (GET
 * /api/renewals) and the renew preview, each line priced for the years asked (capped at the registry's maximum).
 */
import { addYears } from 'date-fns/addYears';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { now } from '../../clock.ts';
import {
  lineTotal,
  noRenewPriceMessage,
  protectionPricePerYear,
  type RenewableDomain,
  type RenewAnswer,
  type RenewLine,
  type renewRequestSchema,
} from '../../contract/renewals/renewals.ts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { domains } from '../../db/schema/index.ts';
import type { DomainRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { catalogue } from '../search/catalogue.ts';
import { maxYearsFor } from './renewal-dates.ts';
import { previewTax } from './renewal-tax.ts';

export type RenewRequestInput = z.output<typeof renewRequestSchema>;

export const renewableStatuses = ['active', 'expired', 'redemption'] as const;

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

/** What the lines cost together, before tax. */
export const sum = (lines: RenewLine[]) => lines.reduce((total, line) => total + lineTotal(line), 0);
