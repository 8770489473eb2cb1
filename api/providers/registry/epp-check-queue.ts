/**
 * One registry connection's availability checks, shared by every search. Names waiting for this registry, whoever asked,
 * go out together in `<domain:check>` commands of up to `maxNames`, first-screen names ahead of long-tail ones; a name
 * already waiting or on the wire is not asked twice, and each answer goes to every search that asked for it. A command
 * is filled only when it may go (a turn under the rate limit, a free session), so the busier the registry, the fuller
 * each command. A search that ends takes back its names: one nobody else wants is never sent (EppCancelledError).
 */
import { tldOf } from '../../contract/domain-name.ts';
import type { CheckCache } from './epp-check-cache.ts';
import { type CommandPriority, firstPriority, tailPriority } from './epp-connection.ts';
import type { Availability, AvailabilityListener } from './index.ts';

/** Sends one command for `names` (its rate-limit turn already taken) and answers them in the order given. */
export type SendCheck = (names: string[], priority: CommandPriority, signal: AbortSignal) => Promise<Availability[]>;

export type CheckQueueOptions = {
  send: SendCheck;
  /** Waits for a turn under the registry's rate limit. */
  turn: (priority: CommandPriority, signal?: AbortSignal) => Promise<void>;
  /** Commands out at once at most (the connection's sessions). */
  concurrency: number;
  /** Names per command at most (what the registry accepts). */
  maxNames: number;
  /** One registry behind the connection: a command may mix its extensions (else one extension per command). */
  acrossExtensions: boolean;
  /** Recent answers searches reuse; null: none. */
  cache: CheckCache | null;
};

/** One checkStreaming call: where its answers go, and the names it still waits for. */
type Asker = { listener: AvailabilityListener; waitingFor: Map<string, Entry> };

/** One name to ask the registry about, the searches that want it, and (once taken) the command carrying it. */
type Entry = { name: string; group: string; priority: CommandPriority; askers: Set<Asker>; batch: Batch | null };

/** One command's names; aborted when none of them is wanted any more before it goes. */
type Batch = { entries: Entry[]; abort: AbortController; unwanted: number };

export function createCheckQueue(options: CheckQueueOptions) {
  const { maxNames } = options;
  /** Names not sent yet, by name; and names on the wire (a search asking for one joins it). */
  const waiting = new Map<string, Entry>();
  const onWire = new Map<string, Entry>();
  /** Waiting names by priority, then by group (their extension, or '' when a command may mix them), in order of asking. */
  const queues: [Map<string, Set<Entry>>, Map<string, Set<Entry>>] = [new Map(), new Map()];
  /** Senders running, and those among them still waiting for a turn (they will take names when it comes). */
  let active = 0;
  let turnWaiters = 0;

  const groupOf = (name: string) => (options.acrossExtensions ? '' : tldOf(name));

  const enqueue = (entry: Entry) => {
    const byGroup = queues[entry.priority];
    const set = byGroup.get(entry.group);
    if (set) set.add(entry);
    else byGroup.set(entry.group, new Set([entry]));
  };
  const dequeue = (entry: Entry) => {
    const byGroup = queues[entry.priority];
    const set = byGroup.get(entry.group);
    if (!set?.delete(entry)) return;
    if (set.size === 0) byGroup.delete(entry.group);
  };

  /** The next command's names: the oldest group with first-screen names, filled with its long tail; else the oldest long tail. */
  const take = (): Entry[] => {
    const group = queues[firstPriority].keys().next().value ?? queues[tailPriority].keys().next().value;
    if (group === undefined) return [];
    const taken: Entry[] = [];
    for (const byGroup of queues) {
      for (const entry of byGroup.get(group) ?? []) {
        if (taken.length === maxNames) break;
        taken.push(entry);
      }
    }
    for (const entry of taken) {
      dequeue(entry);
      waiting.delete(entry.name);
    }
    return taken;
  };

  /** Commands the waiting names need: roughly, as a gateway's groups are counted whole. */
  const commandsNeeded = () => (options.acrossExtensions ? Math.ceil(waiting.size / maxNames) : new Set([...queues[0].keys(), ...queues[1].keys()]).size);

  /**
   * Sessions the long tail may fill: a quarter are kept for first screens (two of eight), so a visitor's first screen
   * never waits for a long-tail command to come back when every session is busy.
   */
  const tailConcurrency = options.concurrency - Math.floor(options.concurrency / 4);

  const pump = () => {
    for (;;) {
      const limit = queues[firstPriority].size > 0 ? options.concurrency : tailConcurrency;
      if (active >= limit || turnWaiters >= commandsNeeded()) return;
      active += 1;
      void sendNext().finally(() => {
        active -= 1;
        pump();
      });
    }
  };

  /** Answers (or failures) to every search waiting for them, one call per search for the whole command. */
  const settle = (batch: Batch, answers: readonly Availability[] | null, error?: unknown) => {
    const bySearch = new Map<Asker, { answers: Availability[]; failed: string[] }>();
    for (const [index, entry] of batch.entries.entries()) {
      if (onWire.get(entry.name) === entry) onWire.delete(entry.name);
      const answer = answers?.[index] ?? null;
      for (const asker of entry.askers) {
        asker.waitingFor.delete(entry.name);
        let mine = bySearch.get(asker);
        if (!mine) {
          mine = { answers: [], failed: [] };
          bySearch.set(asker, mine);
        }
        if (answer) mine.answers.push(answer);
        else mine.failed.push(entry.name);
      }
      entry.askers.clear();
    }
    for (const [asker, { answers, failed }] of bySearch) {
      if (asker.listener.signal?.aborted) continue;
      // One command answers many visitors: a listener that throws must not cost the others their answers.
      try {
        if (answers.length > 0) asker.listener.onAnswers(answers);
        if (failed.length > 0) asker.listener.onFailure(failed, error);
      } catch (thrown) {
        console.error('An availability listener failed:', thrown);
      }
    }
  };

  /** Waits for a turn, then sends whatever waits by then; a failed command is tried once more before its names fail. */
  async function sendNext(): Promise<void> {
    turnWaiters += 1;
    try {
      await options.turn(queues[firstPriority].size > 0 ? firstPriority : tailPriority);
    } finally {
      turnWaiters -= 1;
    }
    const entries = take();
    if (entries.length === 0) return;
    const batch: Batch = { entries, abort: new AbortController(), unwanted: 0 };
    for (const entry of entries) {
      entry.batch = batch;
      onWire.set(entry.name, entry);
    }
    // More may be waiting than this command carries: another sender starts now, not after this answer.
    pump();
    const names = entries.map((entry) => entry.name);
    const priority = entries[0].priority;
    const { signal } = batch.abort;
    let answers: Availability[];
    try {
      answers = await options.send(names, priority, signal).catch(async () => {
        if (signal.aborted) throw signal.reason;
        await options.turn(priority, signal);
        return options.send(names, priority, signal);
      });
    } catch (error) {
      // Aborted: nobody is left to tell. Otherwise every search still waiting hears its names failed.
      return settle(batch, null, signal.aborted ? undefined : error);
    }
    for (const answer of answers) options.cache?.put(answer);
    settle(batch, answers);
  }

  /** A search that ended: its names nobody else wants leave the queue, and a command left with none is not sent. */
  const forget = (asker: Asker) => {
    for (const entry of asker.waitingFor.values()) {
      entry.askers.delete(asker);
      if (entry.askers.size > 0) continue;
      if (!entry.batch) {
        dequeue(entry);
        if (waiting.get(entry.name) === entry) waiting.delete(entry.name);
      } else if (++entry.batch.unwanted === entry.batch.entries.length) {
        entry.batch.abort.abort();
        for (const sent of entry.batch.entries) if (onWire.get(sent.name) === sent) onWire.delete(sent.name);
      }
    }
    asker.waitingFor.clear();
  };

  /** Joins `asker` to the name's check: one on the wire (unless it must be fresh), one waiting, or a new one. */
  const join = (asker: Asker, name: string, priority: CommandPriority, fresh: boolean) => {
    const sent = fresh ? undefined : onWire.get(name);
    if (sent?.batch && !sent.batch.abort.signal.aborted) {
      if (sent.askers.size === 0) sent.batch.unwanted -= 1;
      sent.askers.add(asker);
      asker.waitingFor.set(name, sent);
      return;
    }
    let entry = waiting.get(name);
    if (!entry) {
      entry = { name, group: groupOf(name), priority, askers: new Set(), batch: null };
      waiting.set(name, entry);
      enqueue(entry);
    } else if (priority < entry.priority) {
      // A visitor needs now what another's long tail was waiting for: it moves up.
      dequeue(entry);
      entry.priority = priority;
      enqueue(entry);
    }
    entry.askers.add(asker);
    asker.waitingFor.set(name, entry);
  };

  return {
    /**
     * Checks `names` (as the registry spells them, distinct) for `listener`. A recent answer is reused unless the
     * listener wants `fresh` ones (carts, checkout), which never join a command already on the wire either.
     */
    check(names: readonly string[], listener: AvailabilityListener): void {
      const { signal } = listener;
      if (signal?.aborted || names.length === 0) return;
      const fresh = listener.fresh === true;
      const priority = listener.priority === 'tail' ? tailPriority : firstPriority;
      const asker: Asker = { listener, waitingFor: new Map() };
      const known: Availability[] = [];
      for (const name of names) {
        const cached = fresh ? undefined : options.cache?.get(name);
        if (cached) known.push(cached);
        else join(asker, name, priority, fresh);
      }
      // Never inside this call: the caller may still be setting up what its listener reads.
      if (known.length > 0) queueMicrotask(() => signal?.aborted || listener.onAnswers(known));
      if (asker.waitingFor.size === 0) return;
      signal?.addEventListener('abort', () => forget(asker), { once: true });
      pump();
    },
    /** Names waiting to be sent (tests and logs). */
    get waiting() {
      return waiting.size;
    },
  };
}
