/** What every domain-update group handler receives: the deps, who asks, and the domain row (already owned by them). */
import type { Deps } from '../../deps.ts';
import type { DomainRow } from '../../db/schema/index.ts';

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
};
