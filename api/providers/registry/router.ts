/**
 * The registry as many connections: each command goes to the connection that serves the name's extension
 * (content/registries.csv), checks are batched per connection, and a connection that is down, paused or refusing
 * affects only its own extensions. An extension no connection serves is not for sale.
 */
import { tldOf } from '../../contract/domain-name.ts';
import { registryName } from './epp-checks.ts';
import { type Availability, collectAnswers, type RegistryMessage, type RegistryProvider, RegistryUnsupportedError } from './index.ts';
import type { ConnectionHealth } from './registry-monitor.ts';

export type RoutedConnection = {
  name: string;
  /** As the file names them (`*` included). */
  extensions: string[];
  host: string;
  port: number;
  username: string;
  sessions: number;
  commandsPerSecond: number;
  contacts: 'required' | 'none';
  provider: RegistryProvider;
  health?: () => ConnectionHealth;
  sessionsUp?: () => number;
};

export type Pause = { reason: string; pausedAt: Date };

export type ConnectionStatus = Omit<RoutedConnection, 'provider' | 'health' | 'sessionsUp'> &
  ConnectionHealth & { sessionsUp: number; paused: Pause | null; servedExtensions: number };

/** A registry that cannot take commands now (down, paused, or no connection serves the extension): try again later. */
export class RegistryUnavailableError extends Error {
  constructor(
    message: string,
    readonly connection: string | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'RegistryUnavailableError';
  }
}

export type RegistryRouter = RegistryProvider & {
  connections(): ConnectionStatus[];
  /** The connection serving an extension (null: none, not for sale). */
  connectionOf(extension: string): string | null;
  /** Extensions of the catalogue no connection serves. */
  readonly unserved: readonly string[];
  /** Replaces the paused connections (from registry_pauses). */
  setPauses(pauses: Map<string, Pause>): void;
  close(): Promise<void>;
};

export function createRegistryRouter(input: {
  connections: RoutedConnection[];
  byExtension: Map<string, string>;
  unserved: readonly string[];
  /** The `*` connection: it also takes names in extensions outside the catalogue (one we hold from before). */
  wildcard?: string | null;
  defaultNameservers: readonly string[];
  name?: RegistryProvider['name'];
}): RegistryRouter {
  const byName = new Map(input.connections.map((conn) => [conn.name, conn]));
  let pauses = new Map<string, Pause>();

  const routeOf = (domain: string): RoutedConnection | null => {
    const name = input.byExtension.get(tldOf(registryName(domain))) ?? input.wildcard;
    return (name && byName.get(name)) || null;
  };
  /** The connection for a command on `domain`, or a refusal saying why none can take it. */
  const route = (domain: string): RegistryProvider => {
    const conn = routeOf(domain);
    if (!conn) throw new RegistryUnavailableError(`No registry connection serves .${tldOf(registryName(domain))}, so ${domain} is not available here`, null);
    const pause = pauses.get(conn.name);
    if (pause) throw new RegistryUnavailableError(`The registry connection ${conn.name} is paused (${pause.reason}); try again later`, conn.name);
    return conn.provider;
  };
  /** Calls the provider of `domain`'s connection; a refusal to route arrives as a rejection, like any registry failure. */
  const on = <T>(domain: string, call: (provider: RegistryProvider) => Promise<T>): Promise<T> => {
    try {
      return call(route(domain));
    } catch (error) {
      return Promise.reject(error);
    }
  };

  const checkStreaming: RegistryProvider['checkStreaming'] = (domains, listener) => {
    const groups = new Map<RoutedConnection | null, string[]>();
    for (const domain of new Set(domains.map(registryName))) {
      const conn = routeOf(domain);
      const group = groups.get(conn);
      if (group) group.push(domain);
      else groups.set(conn, [domain]);
    }
    for (const [conn, names] of groups) {
      if (!conn) {
        // Not for sale here: answered at once as unavailable, like a reserved name.
        listener.onAnswers(names.map((domain): Availability => ({ domain, available: false, reason: 'not-offered' })));
        continue;
      }
      const pause = pauses.get(conn.name);
      if (pause) {
        listener.onFailure(names, new RegistryUnavailableError(`The registry connection ${conn.name} is paused (${pause.reason})`, conn.name));
        continue;
      }
      conn.provider.checkStreaming(names, {
        signal: listener.signal,
        priority: listener.priority,
        fresh: listener.fresh,
        onAnswers: (answers) => listener.onAnswers(answers),
        onFailure: (failed, error) =>
          listener.onFailure(
            failed,
            new RegistryUnavailableError(
              `The registry ${conn.name} did not answer for ${failed.length} names: ${(error as Error)?.message ?? error}`,
              conn.name,
              {
                cause: error,
              },
            ),
          ),
      });
    }
  };

  return {
    name: input.name ?? 'epp',
    defaultNameservers: input.defaultNameservers,
    unserved: input.unserved,
    check: (domains) => collectAnswers(checkStreaming, domains, registryName),
    checkStreaming,
    info: (domain) => on(domain, (p) => p.info(domain)),
    whois: (domain) => on(domain, (p) => p.whois(domain)),
    register: (request) => on(request.domain, (p) => p.register(request)),
    renew: (request) => on(request.domain, (p) => p.renew(request)),
    unrenew: (request) =>
      on(request.domain, (p) => {
        if (!p.unrenew) throw new RegistryUnsupportedError(`The registry of ${request.domain} has no command to take a renewal back`);
        return p.unrenew(request);
      }),
    canUnrenew: (domain) => {
      const provider = routeOf(domain)?.provider;
      return !!provider && (provider.canUnrenew?.(domain) ?? typeof provider.unrenew === 'function');
    },
    premiumRenewPrice: (domain, years) => on(domain, (p) => p.premiumRenewPrice(domain, years)),
    delete: (domain) => on(domain, (p) => p.delete(domain)),
    async transferCheck(domain, supportedTlds) {
      if (!routeOf(domain)) return { domain, ok: false, reason: 'unsupported-tld' };
      return on(domain, (p) => p.transferCheck(domain, supportedTlds));
    },
    requestTransfer: (request) => on(request.domain, (p) => p.requestTransfer(request)),
    setLock: (domain, locked) => on(domain, (p) => p.setLock(domain, locked)),
    setClientHold: (domain, onHold) => on(domain, (p) => p.setClientHold(domain, onHold)),
    authCode: (domain, regenerate) => on(domain, (p) => p.authCode(domain, regenerate)),
    restore: (request) => on(request.domain, (p) => p.restore(request)),
    setNameservers: (domain, nameservers) => on(domain, (p) => p.setNameservers(domain, nameservers)),
    updateDsRecords: (request) => on(request.domain, (p) => p.updateDsRecords(request)),
    approveTransfer: (domain) => on(domain, (p) => p.approveTransfer(domain)),
    rejectTransfer: (domain) => on(domain, (p) => p.rejectTransfer(domain)),
    setWhoisPrivacy: (domain, enabled, registrant) => on(domain, (p) => p.setWhoisPrivacy(domain, enabled, registrant)),
    updateContacts: (domain, contacts, options) => on(domain, (p) => p.updateContacts(domain, contacts, options)),
    // A host object lives at the registry of the domain it is under.
    setHost: (host, addresses) => on(host, (p) => p.setHost(host, addresses)),
    deleteHost: (host) => on(host, (p) => p.deleteHost(host)),

    /** The oldest message of the first connection that has one; its id names the connection (`pir:123`). */
    async pollMessage(): Promise<RegistryMessage | null> {
      for (const conn of input.connections) {
        if (pauses.has(conn.name)) continue;
        let message: RegistryMessage | null;
        try {
          message = await conn.provider.pollMessage();
        } catch (error) {
          // One registry's trouble must not hold back the others' messages.
          console.error(`Could not read the message queue of registry ${conn.name}:`, (error as Error).message);
          continue;
        }
        if (message) return { ...message, id: `${conn.name}:${message.id}` };
      }
      return null;
    },
    async ackMessage(id) {
      const at = id.indexOf(':');
      const conn = at > 0 ? byName.get(id.slice(0, at)) : undefined;
      if (!conn) throw new Error(`Registry message ${id} names no registry connection`);
      await conn.provider.ackMessage(id.slice(at + 1));
    },

    connections: () =>
      input.connections.map(({ provider, health, sessionsUp, ...conn }) => ({
        ...conn,
        ...(health?.() ?? { lastGreetingAt: null, serverId: null, lastError: null, commandsLastHour: 0, pollQueue: null, down: false }),
        sessionsUp: sessionsUp?.() ?? 0,
        paused: pauses.get(conn.name) ?? null,
        servedExtensions: [...input.byExtension.values()].filter((name) => name === conn.name).length,
      })),
    connectionOf: (extension) => input.byExtension.get(extension.toLowerCase().replace(/^\./, '')) ?? null,
    setPauses(next) {
      pauses = next;
    },
    async close() {
      await Promise.allSettled(input.connections.map((conn) => conn.provider.close?.()));
    },
  };
}

export function isRegistryRouter(provider: RegistryProvider): provider is RegistryRouter {
  return typeof (provider as Partial<RegistryRouter>).connections === 'function';
}
