/** The back office's Registries screen: each EPP connection, how it is doing, and which one serves an extension. */

export type RegistryConnectionView = {
  name: string;
  /** As content/registries.csv names them; `*` serves every extension no other connection names. */
  extensions: string[];
  /** How many catalogue extensions it serves. */
  servedExtensions: number;
  host: string;
  port: number;
  username: string;
  contacts: 'required' | 'none';
  sessions: number;
  sessionsUp: number;
  commandsPerSecond: number;
  lastGreetingAt: string | null;
  lastError: { message: string; at: string } | null;
  commandsLastHour: number;
  pollQueue: number | null;
  down: boolean;
  paused: { reason: string; pausedAt: string } | null;
};

export type RegistriesOverview = {
  /** False when the in-process sandbox registry answers (no EPP connections to show). */
  overEpp: boolean;
  connections: RegistryConnectionView[];
  /** Catalogue extensions no connection serves (not for sale). */
  unserved: string[];
};

export type ExtensionLookup = { extension: string; connection: string | null; forSale: boolean; paused: boolean };

export type RegistryCommandView = {
  at: string;
  connection: string;
  command: string;
  domain: string | null;
  clTRID: string | null;
  svTRID: string | null;
  resultCode: number | null;
  message: string | null;
};
