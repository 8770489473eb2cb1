/** What a request, a job or a test hands to services: the process's dependencies, and who is signed in. */
import type { Config } from './config.ts';
import type { QueueHealth } from './contract/dashboard/dashboard.ts';
import type { ApiScope } from './contract/api-tokens/api-scopes.ts';
import type { StaffSessionState } from './contract/staff/staff.ts';
import type { StaffRole } from './contract/staff/roles.ts';
import type { Db } from './db/client.ts';
import type { Providers } from './providers/index.ts';
import type { CheckoutLeases } from './services/checkout/checkout-leases.ts';

/** Which parts a process runs (ROLE): web, worker, DNS, or all of them. */
export type Role = 'all' | 'web' | 'worker' | 'dns';

/** What services see of the job queue (pg-boss behind it: api/jobs/queue.ts). */
export interface JobQueue {
  /**
   * `singletonKey`: under a `stately` queue, a job is not added while one with the same key is waiting to run.
   * `startAfter`: seconds before the job may run (work deferred, such as registry writes past their budget).
   */
  send(name: string, data: object, options?: { singletonKey?: string; startAfter?: number }): Promise<void>;
  status(): { started: boolean; working: boolean; role: Role };
  health(): Promise<QueueHealth>;
  /** Puts a failed job back in its queue to run again; false when it is not (or no longer) a failed job. */
  retryFailedJob(name: string, id: string): Promise<boolean>;
}

export type Deps = {
  db: Db;
  config: Config;
  providers: Providers;
  jobs: JobQueue;
  /** This process's leases on the orders it is checking out (one heartbeat for them all). */
  checkoutLeases: CheckoutLeases;
  /** Keys every process shares: from configuration, else from the secrets table (services/platform/secrets.ts). */
  secrets: { adminJwt: string };
};

export type Auth = {
  sessionId: number;
  userId: number | null;
  accountId: number | null;
  state: 'active' | 'mfa' | 'recovery';
  role: 'customer' | 'admin';
  /** Staff reset the account's second factors: until one is added, the session may only add one (http/auth.ts). */
  mfaEnrolmentRequired?: boolean;
  /** Set when the caller presented an API token (http/bearer-auth.ts) instead of a session cookie. */
  apiToken?: { apiTokenId: number; scopes: ApiScope[] };
  /** A staff member viewing the account as its customer: read-only (http/view-as.ts), every page view audited. */
  viewAs?: { staffId: number; staffEmail: string };
};

/** A staff member's session in the back office (cookie `ds_staff`, api/http/staff-auth.ts); never a customer's. */
export type StaffAuth = {
  staffSessionId: number;
  staffId: number;
  email: string;
  name: string;
  role: StaffRole;
  state: StaffSessionState;
  createDate: Date;
  expireDate: Date;
  lastSeenDate: Date;
};
