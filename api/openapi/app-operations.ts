/**
 * Every route the front ends call, with the zod schemas it takes and answers: the token routes as operations.ts
 * describes them (with the few changes a signed-in customer may make that a token may not), then the session routes
 * by area (app/). app-document.ts builds the front ends' document from it; routes answer through api/http/answer.ts,
 * which takes what the entry's response schema infers, so the server, the document and the client's types are one.
 */
import type { z } from 'zod';
import { accountAppOperations } from './app/account.ts';
import { adminAbuseAppOperations } from './app/admin-abuse.ts';
import { adminCustomersAppOperations } from './app/admin-customers.ts';
import { adminDomainsAppOperations } from './app/admin-domains.ts';
import { adminCatalogueAppOperations } from './app/admin-catalogue.ts';
import { adminBillingAppOperations } from './app/admin-billing.ts';
import { adminDashboardAppOperations } from './app/admin-dashboard.ts';
import { adminDeskAppOperations } from './app/admin-desk.ts';
import { adminSessionAppOperations } from './app/admin-session.ts';
import { adminStaffAppOperations } from './app/admin-staff.ts';
import type { NoContent } from './app/answers.ts';
import { billingAppOperations } from './app/billing.ts';
import { dnsAppOperations } from './app/dns.ts';
import { emailAppOperations } from './app/email.ts';
import { publicAppOperations } from './app/public.ts';
import { sellingAppOperations } from './app/selling.ts';
import { sessionAppOperations } from './app/session.ts';
import { domainAppOperations } from './app/domains.ts';
import { operationSpecs, type RouteSchemas } from './operations.ts';

export type AppOperationSpec = Omit<RouteSchemas, 'response'> & { summary: string; response: RouteSchemas['response'] | NoContent };

export const appOperations = {
  ...operationSpecs,
  ...domainAppOperations,
  ...dnsAppOperations,
  ...accountAppOperations,
  ...sessionAppOperations,
  ...emailAppOperations,
  ...billingAppOperations,
  ...sellingAppOperations,
  ...publicAppOperations,
  ...adminBillingAppOperations,
  ...adminSessionAppOperations,
  ...adminStaffAppOperations,
  ...adminDashboardAppOperations,
  ...adminDeskAppOperations,
  ...adminAbuseAppOperations,
  ...adminCustomersAppOperations,
  ...adminDomainsAppOperations,
  ...adminCatalogueAppOperations,
} satisfies Record<string, AppOperationSpec>;

export type AppOperationKey = keyof typeof appOperations;

/** The operations that answer with a body, through api/http/answer.ts (a 204's route ends with `c.body(null, 204)`). */
export type AnsweringKey = { [K in AppOperationKey]: (typeof appOperations)[K]['response']['status'] extends 204 ? never : K }[AppOperationKey];

/** What a route answers: the type its operation's response schema infers (api/http/answer.ts takes it). */
export type AppAnswer<K extends AppOperationKey> = z.infer<(typeof appOperations)[K]['response']['schema']>;
