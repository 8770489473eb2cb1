/** What every domain-update group handler receives: the deps, who asks, and the domain row (already owned by them). */
import type { Deps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import type { DomainRow } from '../../db/schema/index.ts';
import type { StaffActor } from '../audit/audit-log.ts';

export type DomainUpdateContext = {
  deps: Deps;
  accountId: number;
  userId: number;
  sessionId: number;
  /** The caller presented an API token (no session): charges need no recent sign-in, anything else asking for one refuses. */
  viaApiToken: boolean;
  /** The client address (c.var.clientIp), for rate limits. */
  clientIp: string;
  domain: DomainRow;
  /** The journal (services/journal), passed in by the route: it sits in a tier above the areas whose handlers use it. */
  journal: CustomerJournal;
};

/**
 * A customer's change that reaches the registry, as a journal entry (DESIGN "Journal"): `change` makes our record's
 * change on the domain's row, locked for it (check the row again there), in the transaction that records the intent and
 * its audit row; the registry call runs after commit, and a refusal puts `params.before` back.
 */
export type CustomerRegistryChange = {
  kind: 'lock' | 'unlock' | 'nameservers' | 'dsRecords' | 'privacy' | 'transfer-approve' | 'transfer-reject' | 'host-delete';
  change: (tx: Tx, domain: DomainRow) => Promise<void>;
  params: Record<string, unknown>;
  audit: { action: string; before: unknown; after: unknown };
};

/** Carries out a customer's registry change as a journal entry and answers with the registry's result. */
export type CustomerJournal = (ctx: DomainUpdateContext, change: CustomerRegistryChange) => Promise<unknown>;

/**
 * The same for a change made without a signed-in customer (the approval link of a transfer away: its token is the
 * proof), recorded as `actor`; `accountId`, when given, must own the domain.
 */
export type DomainJournal = (
  deps: Pick<Deps, 'db' | 'config' | 'providers' | 'jobs'>,
  actor: StaffActor,
  target: { domainId: number; accountId: number | null },
  change: CustomerRegistryChange,
) => Promise<unknown>;
