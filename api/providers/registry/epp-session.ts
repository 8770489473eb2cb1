/**
 * The command layer every EPP object module speaks through: a small pool of EppConnection sessions to one registry,
 * a command that turns refusals into EppError, a mutation that turns an unanswered request into an unknown outcome,
 * and what the registry's greeting offers.
 */
import {
  type CommandPriority,
  EppCancelledError,
  EppConnection,
  type EppConnectionOptions,
  EppError,
  EppNoAnswerError,
  firstPriority,
} from './epp-connection.ts';
import { createPacer } from './epp-pacer.ts';
import { ns } from './epp-xml.ts';
import { RegistryOutcomeUnknownError } from './index.ts';

export type EppRegistryOptions = EppConnectionOptions & {
  /** Our own name, shown for domains whose sponsoring clID is our login. */
  registrarName: string;
  /** Display names of other registrars by their registry clID (the registry only tells us the clID). */
  registrarNames?: Record<string, string>;
  /** Parallel sessions (each carries one command at a time). */
  connections?: number;
  /** Fee-extension currency; fees are returned as integer cents of it. */
  currency?: string;
  /** Nameservers new registrations get (DEFAULT_NAMESERVERS); placeholder `.example` names are refused. */
  defaultNameservers?: readonly string[];
  /** The registry's rate limit: no second carries more commands than this (unset: no limit). */
  commandsPerSecond?: number;
  /** One registry behind this connection: a check may mix its extensions (unset: one extension per check, for a gateway). */
  batchAcrossExtensions?: boolean;
  /** Most names the registry takes in one `<domain:check>` (default 20); searches' waiting names share each command up to it. */
  checkNames?: number;
  /**
   * How long a search may reuse a check answer (ms): an available name's for `availableMs` (default 10 s), a taken or
   * reserved one's for `takenMs` (default 60 s); 0 turns it off. Carts and checkout always ask the registry again.
   */
  checkCache?: { availableMs?: number; takenMs?: number; maxNames?: number };
  /** The sandbox registry over EPP: its placeholder `.example` nameservers are what the sandbox world uses. */
  placeholderHostsAllowed?: boolean;
  /** `none` for thin registries (.com): domains are created without registrant or contacts, contact updates are skipped. */
  contacts?: 'required' | 'none';
};

export type CommandOptions = {
  extension?: string;
  query?: boolean;
  accept?: number[];
  /** A query only: aborted before its turn, it is never sent (EppCancelledError). */
  signal?: AbortSignal;
  /** A query only: `tail` waits behind every `first` command (a search's long tail behind everyone's first screen). */
  priority?: CommandPriority;
  /** The caller already took its turn under the rate limit (`turn`), so the command goes without waiting for another. */
  turnTaken?: boolean;
};

export type EppSession = {
  readonly options: EppRegistryOptions;
  readonly currency: string;
  /**
   * Waits for a turn under the registry's rate limit (`first` ahead of `tail`), for a caller that decides what to send
   * only once it may send (the check queue fills a command with whatever waits by then). Rejects when `signal` aborts.
   */
  turn(priority: CommandPriority, signal?: AbortSignal): Promise<void>;
  /** Sessions in the pool: how many commands can be on the wire at once. */
  readonly sessions: number;
  /** Sends one command on the least busy session; a result code of 2000 or more throws unless `accept` lists it. */
  command(what: string, body: string, opts?: CommandOptions): ReturnType<EppConnection['send']>;
  /** A create, renew, transfer or delete: one that went out unanswered becomes RegistryOutcomeUnknownError. */
  mutate(what: string, body: string, opts?: Omit<CommandOptions, 'query'>): ReturnType<EppConnection['send']>;
  /** The registry offers the fee extension and we asked for it. */
  hasFees(): Promise<boolean>;
  /** The registry offers this extension and we asked for it. */
  offers(extension: string): Promise<boolean>;
  /** Logged-in sessions right now. */
  sessionsUp(): number;
  /** The registrar behind a registry clID, by name. */
  registrarNameOf(clientId: string): string;
  close(): Promise<void>;
};

export function createEppSession(options: EppRegistryOptions): EppSession {
  const pool = Array.from({ length: Math.max(1, options.connections ?? 2) }, () => new EppConnection(options));
  /** Waits for a command's turn under the registry's rate limit, first-screen checks ahead of the long tail. */
  const slot = createPacer(options.commandsPerSecond ? { perWindow: options.commandsPerSecond, windowMs: 1000 } : null);
  const pick = () => pool.reduce((best, conn) => (conn.load < best.load ? conn : best));
  const wanted = (extension: string) => (options.extURIs ?? [extension]).includes(extension);
  const offers = async (extension: string) => wanted(extension) && (await pick().greeting()).extURIs.includes(extension);

  async function command(what: string, body: string, opts: CommandOptions = {}) {
    const signal = opts.query ? opts.signal : undefined;
    const priority = opts.query ? (opts.priority ?? firstPriority) : firstPriority;
    if (opts.signal?.aborted) throw new EppCancelledError();
    if (!opts.turnTaken) await slot(priority, signal);
    const response = await pick().send(body, { extension: opts.extension, retryOnDrop: opts.query ?? false, signal, priority });
    if (response.code >= 2000 && !opts.accept?.includes(response.code)) throw EppError.fromResponse(what, response);
    return response;
  }

  return {
    options,
    currency: options.currency ?? 'USD',
    sessions: pool.length,
    turn: async (priority, signal) => {
      if (signal?.aborted) throw new EppCancelledError();
      await slot(priority, signal);
    },
    command,
    async mutate(what, body, opts = {}) {
      try {
        return await command(what, body, opts);
      } catch (error) {
        if (error instanceof EppNoAnswerError) throw new RegistryOutcomeUnknownError(`${what}: ${error.message}`, { cause: error });
        throw error;
      }
    },
    hasFees: () => offers(ns.fee),
    sessionsUp: () => pool.filter((conn) => conn.isOpen).length,
    offers,
    registrarNameOf: (clientId) => (clientId === options.username ? options.registrarName : (options.registrarNames?.[clientId] ?? clientId)),
    async close() {
      await Promise.all(pool.map((conn) => conn.close()));
    },
  };
}

/** Host names as the registry spells them: trimmed, lower-case, no trailing dot. */
export function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

export function isTrue(value: string | undefined): boolean {
  return value === '1' || value === 'true';
}

export function parseDate(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
