/**
 * What each registry connection is doing, for the back office and for disputes: every EPP command written to
 * registry_commands with its clTRID and svTRID (in small batches, drained at shutdown), and per connection the last
 * greeting, the last error, the commands of the last hour and the poll queue's depth.
 */
import { nowMs } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { registryCommands } from '../../db/schema/index.ts';
import type { EppConnectionOptions, EppGreeting, EppResponse } from './epp-connection.ts';

export type ConnectionHealth = {
  lastGreetingAt: Date | null;
  serverId: string | null;
  lastError: { message: string; at: Date } | null;
  commandsLastHour: number;
  /** Messages waiting in our queue at the registry, as its last answer said (null: not known yet). */
  pollQueue: number | null;
  /** The last command or login failed for want of an answer (the registry is down or unreachable). */
  down: boolean;
};

/** An EPP command's name and the object it concerns, read from the frame we sent. */
export function describeCommand(xml: string): { command: string; object: string | null } {
  const verb = /<command>\s*<(\w+)(?:\s+op="(\w+)")?/.exec(xml);
  const type = /<(domain|host|contact):(?:check|info|create|update|renew|transfer|delete)\b/.exec(xml);
  const restore = /<rgp:restore op="(\w+)"/.exec(xml);
  const parts = [type?.[1], verb?.[1] ?? 'unknown', verb?.[2], restore ? `restore ${restore[1]}` : undefined].filter(Boolean);
  const names = [...xml.matchAll(/<(?:domain:name|host:name|contact:id)>([^<]+)</g)].map((m) => m[1]);
  const object = names.length === 0 ? null : names.length === 1 ? names[0] : `${names[0]} (+${names.length - 1})`;
  return { command: parts.join(' '), object };
}

type CommandRow = typeof registryCommands.$inferInsert;

/** Writes command rows in batches: at most one insert in flight, the rest gathered behind it. */
export function createCommandLog(db: Db | null) {
  let waiting: CommandRow[] = [];
  let flushing: Promise<void> | null = null;
  const flush = (): Promise<void> => {
    if (flushing || waiting.length === 0 || !db) return flushing ?? Promise.resolve();
    const rows = waiting;
    waiting = [];
    flushing = db
      .insert(registryCommands)
      .values(rows)
      .then(
        () => undefined,
        (error: unknown) => console.error(`Could not record ${rows.length} registry commands:`, error),
      )
      .finally(() => {
        flushing = null;
        if (waiting.length) void flush();
      });
    return flushing;
  };
  return {
    add(row: CommandRow) {
      if (!db) return;
      waiting.push(row);
      void flush();
    },
    /** Writes what is waiting; call before the database closes. */
    async drain() {
      while (flushing || waiting.length) await (flushing ?? flush());
    },
  };
}

export type CommandLog = ReturnType<typeof createCommandLog>;

/** Hooks for one connection's EppConnections, and what they saw. */
export function createConnectionMonitor(connection: string, log: CommandLog) {
  const health: Omit<ConnectionHealth, 'commandsLastHour'> = { lastGreetingAt: null, serverId: null, lastError: null, pollQueue: null, down: false };
  const recent: number[] = [];
  const hooks: Pick<EppConnectionOptions, 'onCommand' | 'onSession'> = {
    onCommand({ xml, clTRID, response, error }: { xml: string; clTRID: string; response?: EppResponse; error?: Error }) {
      const at = nowMs();
      recent.push(at);
      if (recent.length > 100_000 || (recent[0] ?? at) < at - 3600_000) while (recent.length && recent[0] < at - 3600_000) recent.shift();
      const { command, object } = describeCommand(xml);
      if (response?.msgQ && response.msgQ.attrs.count !== undefined) health.pollQueue = Number(response.msgQ.attrs.count);
      else if (response && command.startsWith('poll') && response.code === 1300) health.pollQueue = 0;
      if (error) health.lastError = { message: error.message, at: new Date(at) };
      else if (response && response.code >= 2400) health.lastError = { message: `${command}: EPP ${response.code} ${response.message}`, at: new Date(at) };
      health.down = !!error || (response?.code ?? 0) >= 2500;
      log.add({
        at: new Date(at),
        connection,
        command,
        domain: object,
        clTRID,
        svTRID: response?.svTRID ?? null,
        resultCode: response?.code ?? null,
        message: error ? error.message : (response?.message ?? null),
      });
    },
    onSession(event: { greeting: EppGreeting } | { error: Error }) {
      if ('greeting' in event) {
        health.lastGreetingAt = new Date(nowMs());
        health.serverId = event.greeting.serverId;
        health.down = false;
      } else {
        health.lastError = { message: event.error.message, at: new Date(nowMs()) };
        health.down = true;
      }
    },
  };
  return {
    hooks,
    health(): ConnectionHealth {
      const since = nowMs() - 3600_000;
      return { ...health, commandsLastHour: recent.filter((at) => at >= since).length };
    },
  };
}
