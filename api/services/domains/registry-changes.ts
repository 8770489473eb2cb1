/**
 * What registry writes may ask of the registry: PATCH /api/domains/:id here, and every other write through
 * spendRegistryWrite (who writes decides what the budget does, below). With EPP every change is a command on one of two
 * shared sessions that checkout and search use too, and each spends the registrar's registry quota, so:
 * - a change that changes nothing (the value the domain already has) is answered without the registry;
 * - changes to one domain take turns in this process, so a burst of the same request becomes one command and the
 *   rest find the work done;
 * - each change that does go out counts against its domain and its account (10 minutes) and against everyone (a
 *   minute): past a limit the answer is a 429 with Retry-After;
 * - one process sends at most REGISTRY_CHANGES_IN_FLIGHT of them at once (the other EPP session stays free for
 *   checkout, search and jobs), with a short line behind; a full line is a 429 too.
 */
import type { z } from 'zod';
import { hasCustomNameservers, normaliseNameservers } from '../../contract/dns/dns.ts';
import type { DomainUpdateGroup, dnssecUpdate, nameserversUpdate, privacyUpdate, transferUpdate } from '../../contract/domains/domain-update.ts';
import type { DsRecord } from '../../contract/domains/rdap.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { giveBack, hit, type Limit, reserve } from '../platform/rate-limit.ts';
import type { DomainRow } from '../../db/schema/index.ts';

export const registryChangeWindowSeconds = 10 * 60;
export const registryBudgetWindowSeconds = 60;
/** Changes one process lets wait for a free slot before it answers "busy". */
export const registryChangeQueueLength = 25;
export const registryBusyRetrySeconds = 5;

/** The groups whose handlers talk to the registry. */
export const registryGroups: ReadonlySet<DomainUpdateGroup> = new Set(['transfer', 'privacy', 'nameservers', 'dnssec']);
/** Groups whose handlers would send an unchanged value again: skipped when nothing changes. */
export const skippedWhenUnchanged: ReadonlySet<DomainUpdateGroup> = new Set(['nameservers', 'dnssec']);

/**
 * Whether applying `fields` to `domain` sends a change to the registry; mirrors the handlers (a false here is a
 * request they answer without the registry, or that domain-update.ts skips).
 */
export function reachesRegistry(
  group: DomainUpdateGroup,
  fields: Record<string, unknown>,
  domain: DomainRow,
  defaultNameservers: readonly string[],
  today: Date,
): boolean {
  switch (group) {
    case 'privacy': {
      const { privacyEnabled } = fields as z.infer<typeof privacyUpdate>;
      return privacyEnabled !== undefined && privacyEnabled !== domain.privacyEnabled;
    }
    case 'transfer': {
      const f = fields as z.infer<typeof transferUpdate>;
      if (f.$restartInboundTransfer !== undefined || f.$rejectOutboundTransfer || f.$generateNewAuthCode) return true;
      if (f.$resendOutboundTransferApprovalEmail) return false;
      const codeOnFile = domain.authCode !== null && domain.authCodeExpireDate !== null && domain.authCodeExpireDate > today;
      if (f.locked === false) return domain.locked || !codeOnFile;
      if (f.locked === true) return !domain.locked;
      return false;
    }
    case 'nameservers': {
      const { ns } = fields as z.infer<typeof nameserversUpdate>;
      if (ns === undefined) return false;
      const entered = normaliseNameservers(ns);
      const wanted = entered.length === 0 ? normaliseNameservers(defaultNameservers) : entered;
      return !sameSet(wanted, normaliseNameservers(domain.ns));
    }
    case 'dnssec': {
      const { dsRecords } = fields as z.infer<typeof dnssecUpdate>;
      if (dsRecords === undefined) return false;
      // Asking for DS records on our nameservers is refused by the handler; let it say why.
      if (dsRecords.length > 0 && !hasCustomNameservers(domain.ns, defaultNameservers)) return true;
      return !sameSet(dsRecords.map(dsKey), domain.dsRecords.map(dsKey));
    }
    default:
      return false;
  }
}

const dsKey = (r: DsRecord) => `${r.keyTag}/${r.algorithm}/${r.digestType}/${r.digest.toUpperCase()}`;

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((x) => right.has(x));
}

type ProcessState = { turns: Map<number, Promise<void>>; slots: Slots };
/** Per registry provider: in production one provider is one process's EPP session pool. */
const states = new WeakMap<object, ProcessState>();

function stateOf(deps: Pick<Deps, 'providers' | 'config'>): ProcessState {
  let state = states.get(deps.providers.registry);
  if (!state) {
    state = { turns: new Map(), slots: new Slots(deps.config.REGISTRY_CHANGES_IN_FLIGHT) };
    states.set(deps.providers.registry, state);
  }
  return state;
}

/** Runs `work` after every earlier registry change to the same domain in this process has finished. */
export async function withDomainTurn<T>(deps: Pick<Deps, 'providers' | 'config'>, domainId: number, work: () => Promise<T>): Promise<T> {
  const { turns } = stateOf(deps);
  const previous = turns.get(domainId) ?? Promise.resolve();
  let release = () => {};
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  const tail = previous.then(() => mine);
  turns.set(domainId, tail);
  await previous;
  try {
    return await work();
  } finally {
    release();
    if (turns.get(domainId) === tail) turns.delete(domainId);
  }
}

/**
 * Who a registry write is for, and so what its budget does when it is spent:
 * - `customer` (PATCH /api/domains, glue hosts, the transfer-approval link): counted against the domain, the account
 *   and everyone; past a limit a 429 saying when to try again.
 * - `job` (contact sync, market handover, cleanup, expiry deletes, re-locking, the glue review): counted against the
 *   domain and everyone, not the account (one contact change of an account with 500 names is 500 writes that must all
 *   go out); past a limit the same 429, which the job takes as "later" and leaves the work for a later run.
 * - `duty` (a staff member's action, a compliance duty with a clock: suspensions, a transfer refused for a held name):
 *   counted against everyone so customers' budget sees the load, never refused: each is one deliberate, audited act,
 *   and suspending a phishing name must work while a flood has used the budget up.
 * Paid registrations, inbound transfer requests and renewals do not come here: each is one command a payment bought,
 * and checkout and the renewal run have their own claims and reconciliation.
 */
export type RegistryWriter = 'customer' | 'job' | 'duty';

export type RegistryWriteBy = { by: RegistryWriter; accountId: number | null; domain: Pick<DomainRow, 'domainId' | 'domain'> };

type BudgetDeps = Pick<Deps, 'db' | 'config' | 'providers'>;

function budgetOf(config: Deps['config'], who: RegistryWriteBy): { limit: Limit; message: string }[] {
  const everyone = {
    limit: { key: 'registry-change:all', max: config.REGISTRY_CHANGES_PER_MINUTE, windowSeconds: registryBudgetWindowSeconds },
    message: 'The registry is receiving a great many changes right now.',
  };
  if (who.by === 'duty') return [everyone];
  const domain = {
    limit: { key: `registry-change:domain:${who.domain.domainId}`, max: config.REGISTRY_CHANGES_PER_DOMAIN, windowSeconds: registryChangeWindowSeconds },
    message: `Too many changes to ${who.domain.domain} were sent to the registry recently.`,
  };
  if (who.by === 'job' || who.accountId === null) return [domain, everyone];
  const account = {
    limit: { key: `registry-change:account:${who.accountId}`, max: config.REGISTRY_CHANGES_PER_ACCOUNT, windowSeconds: registryChangeWindowSeconds },
    message: 'Too many changes from your account were sent to the registry recently.',
  };
  return [domain, account, everyone];
}

/**
 * Counts one registry write as `who.by` says, then runs `change` in one of the process's slots. A refusal before the
 * registry was asked (a 4xx from the handler, a full line) gives the counts back. Never nest one inside another: the
 * inner one would wait for the slot the outer one holds.
 */
export async function spendRegistryWrite<T>(deps: BudgetDeps, who: RegistryWriteBy, change: () => Promise<T>): Promise<T> {
  const { config, db } = deps;
  const taken: Limit[] = [];
  try {
    for (const { limit, message } of budgetOf(config, who)) {
      if (who.by === 'duty') await hit(db, limit);
      else await reserve(db, [limit], message);
      taken.push(limit);
    }
  } catch (error) {
    await giveBack(db, taken);
    throw error;
  }
  try {
    return await stateOf(deps).slots.run(change, who.by !== 'duty');
  } catch (error) {
    if (error instanceof AppError && error.code < 500) await giveBack(db, taken);
    throw error;
  }
}

/** PATCH /api/domains/:id and the customer's glue hosts: refused with a 429 past the budget. */
export function spendRegistryChange<T>(deps: Deps, who: { accountId: number; domain: DomainRow }, change: () => Promise<T>): Promise<T> {
  return spendRegistryWrite(deps, { by: 'customer', ...who }, change);
}

/** The wait, when `error` is the budget's (or the slots') "not now": a job leaves that work for a later run. */
export function registryBudgetWait(error: unknown): number | null {
  if (!(error instanceof AppError) || error.code !== 429) return null;
  return (error.data as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds ?? registryBusyRetrySeconds;
}

/** A counting semaphore with a bounded line: a slot freed goes straight to the first in line. */
class Slots {
  private active = 0;
  private readonly line: (() => void)[] = [];
  constructor(private readonly size: number) {}

  /** `bounded`: past the line's length, answer "busy" instead of waiting (a duty always waits its turn). */
  async run<T>(work: () => Promise<T>, bounded = true): Promise<T> {
    if (this.active < this.size) this.active += 1;
    else {
      if (bounded && this.line.length >= registryChangeQueueLength) {
        throw new AppError(429, `The registry is busy right now. Please try again in ${registryBusyRetrySeconds} seconds.`, {
          retryAfterSeconds: registryBusyRetrySeconds,
        });
      }
      await new Promise<void>((resolve) => this.line.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.line.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
