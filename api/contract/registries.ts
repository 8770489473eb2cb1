/** The back office's Registries screen: each EPP connection, how it is doing, and which one serves an extension. */
import './zod-config.ts';
import { z } from 'zod';
import { minReasonLength } from './audit/audit.ts';

export const registryConnectionViewSchema = z.strictObject({
  name: z.string(),
  /** As content/registries.csv names them; `*` serves every extension no other connection names. */
  extensions: z.array(z.string()),
  /** How many catalogue extensions it serves. */
  servedExtensions: z.number().int(),
  host: z.string(),
  port: z.number().int(),
  username: z.string(),
  contacts: z.enum(['required', 'none']),
  sessions: z.number().int(),
  sessionsUp: z.number().int(),
  commandsPerSecond: z.number(),
  lastGreetingAt: z.string().nullable(),
  lastError: z.strictObject({ message: z.string(), at: z.string() }).nullable(),
  commandsLastHour: z.number().int(),
  pollQueue: z.number().int().nullable(),
  down: z.boolean(),
  paused: z.strictObject({ reason: z.string(), pausedAt: z.string() }).nullable(),
});
export type RegistryConnectionView = z.infer<typeof registryConnectionViewSchema>;

export const registriesOverviewSchema = z.strictObject({
  /** False when the in-process sandbox registry answers (no EPP connections to show). */
  overEpp: z.boolean(),
  connections: z.array(registryConnectionViewSchema),
  /** Catalogue extensions no connection serves (not for sale). */
  unserved: z.array(z.string()),
});
export type RegistriesOverview = z.infer<typeof registriesOverviewSchema>;

export const extensionLookupSchema = z.strictObject({ extension: z.string(), connection: z.string().nullable(), forSale: z.boolean(), paused: z.boolean() });
export type ExtensionLookup = z.infer<typeof extensionLookupSchema>;

export const registryCommandViewSchema = z.strictObject({
  at: z.string(),
  connection: z.string(),
  command: z.string(),
  domain: z.string().nullable(),
  clTRID: z.string().nullable(),
  svTRID: z.string().nullable(),
  resultCode: z.number().int().nullable(),
  message: z.string().nullable(),
});
export type RegistryCommandView = z.infer<typeof registryCommandViewSchema>;

/** What the routes take: pausing's reason, a connection's name, and the name whose commands to list. */
export const registryPauseSchema = z.object({
  reason: z.string().trim().min(minReasonLength, `Give a reason (at least ${minReasonLength} characters)`).max(500),
});
export const connectionNameSchema = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'A connection name is lower-case letters, digits and -');
export const registryCommandsQuerySchema = z.object({ domain: z.string().trim().min(3).max(253) });
