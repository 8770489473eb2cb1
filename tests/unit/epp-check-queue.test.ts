/**
 * Searches share a registry connection's checks: names waiting for one registry go out together whoever asked, each
 * name is asked once while its check is under way, every answer reaches every search that asked, a search that ends
 * takes back only what nobody else wants, first screens go before long tails, and a search may reuse an answer for a
 * few seconds while carts and checkout always ask again. Against the fake registry over real TLS.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEppRegistry, type EppRegistry } from '../../api/providers/registry/epp.ts';
import { createCheckCache } from '../../api/providers/registry/epp-check-cache.ts';
import type { Availability, AvailabilityListener } from '../../api/providers/registry/index.ts';
import { type FakeEppServer, startFakeEppServer } from './epp-fake-server.ts';

let server: FakeEppServer;
let registry: EppRegistry;

beforeAll(async () => {
  server = await startFakeEppServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.state.checkDelayMs = 0;
});
afterEach(async () => {
  await registry?.close();
});

/** One session, so a check on the wire holds the rest back and what waits meanwhile shows how it was grouped. */
async function connect(overrides: Partial<Parameters<typeof createEppRegistry>[0]> = {}) {
  registry = createEppRegistry({
    host: '127.0.0.1',
    servername: 'localhost',
    port: server.port,
    username: server.clID,
    password: server.password,
    ca: server.ca,
    registrarName: 'Dotspot, Inc.',
    connections: 1,
    ...overrides,
  });
  await registry.check(['warm-up-session.com']);
  server.state.received.length = 0;
  return registry;
}

/** A search's checkStreaming call: what it was told, and a promise for when every name has reported. */
function search(names: string[], options: Partial<AvailabilityListener> = {}) {
  const answers: Availability[] = [];
  const failed: string[] = [];
  const calls: string[][] = [];
  let resolve: () => void = () => {};
  const done = new Promise<void>((r) => (resolve = r));
  const settle = () => answers.length + failed.length === names.length && resolve();
  registry.checkStreaming(names, {
    ...options,
    onAnswers(list) {
      calls.push(list.map((a) => a.domain));
      answers.push(...list);
      settle();
    },
    onFailure(list) {
      failed.push(...list);
      settle();
    },
  });
  return { answers, failed, calls, done, domains: () => answers.map((a) => a.domain).sort() };
}

/** Resolves once `condition` holds (checked every 5 ms), so a busy machine's slower logins do not decide a test. */
async function until(condition: () => boolean, timeoutMs = 10_000) {
  const started = performance.now();
  while (!condition()) {
    if (performance.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const checksSent = () => server.state.received.filter((r) => r.command === 'check:domain').map((r) => r.names);

describe('checks shared between searches at one registry connection', () => {
  it('sends names that waited, from several searches, in one command and routes each answer to the searches that asked', async () => {
    await connect();
    server.state.checkDelayMs = 400;
    server.addDomain({ name: 'shared-taken.com' });
    const a = search(['first-on-wire.com']);
    await until(() => checksSent().length === 1);
    const b = search(['only-b.com', 'shared-taken.com']);
    const c = search(['shared-taken.com', 'only-c.com']);
    await Promise.all([a.done, b.done, c.done]);
    expect(checksSent()).toEqual([['first-on-wire.com'], ['only-b.com', 'shared-taken.com', 'only-c.com']]);
    expect(b.domains()).toEqual(['only-b.com', 'shared-taken.com']);
    expect(c.domains()).toEqual(['only-c.com', 'shared-taken.com']);
    expect(c.answers.find((x) => x.domain === 'shared-taken.com')).toEqual({ domain: 'shared-taken.com', available: false, reason: 'taken' });
    // One call per search for the command's answers, not one per name.
    expect(b.calls).toHaveLength(1);
  });

  it('lets a search join the check of a name already on the wire instead of asking again', async () => {
    await connect();
    server.state.checkDelayMs = 400;
    const a = search(['joined-name.com', 'a-too.com']);
    await until(() => checksSent().length === 1);
    const b = search(['joined-name.com']);
    await Promise.all([a.done, b.done]);
    expect(checksSent()).toEqual([['joined-name.com', 'a-too.com']]);
    expect(b.answers).toEqual([{ domain: 'joined-name.com', available: true }]);
  });

  it('keeps a name another search still wants when one search ends, and never sends what nobody wants', async () => {
    await connect();
    server.state.checkDelayMs = 400;
    const blocker = search(['blocker-name.com']);
    await until(() => checksSent().length === 1);
    const ended = new AbortController();
    const b = search(['gone-b.com', 'wanted-both.com'], { signal: ended.signal });
    const c = search(['wanted-both.com', 'kept-c.com']);
    const alone = new AbortController();
    search(['nobody-else.com'], { signal: alone.signal });
    ended.abort();
    alone.abort();
    await Promise.all([blocker.done, c.done]);
    expect(checksSent()).toEqual([['blocker-name.com'], ['wanted-both.com', 'kept-c.com']]);
    expect(c.domains()).toEqual(['kept-c.com', 'wanted-both.com']);
    expect(b.answers).toEqual([]);
  });

  it('fills each command with first-screen names before long-tail ones that waited longer', async () => {
    await connect({ checkNames: 3 });
    server.state.checkDelayMs = 400;
    const blocker = search(['hold-the-line.com']);
    await until(() => checksSent().length === 1);
    const tail = search(['tail-1.com', 'tail-2.com', 'tail-3.com'], { priority: 'tail' });
    const first = search(['first-1.com', 'first-2.com']);
    // A name the long tail was waiting for, now on a visitor's first screen: it moves up.
    const promoted = search(['tail-3.com']);
    await Promise.all([blocker.done, tail.done, first.done, promoted.done]);
    expect(checksSent()).toEqual([['hold-the-line.com'], ['first-1.com', 'first-2.com', 'tail-3.com'], ['tail-1.com', 'tail-2.com']]);
  });

  it('keeps a session for first screens when the long tail could fill them all', async () => {
    await connect({ connections: 4, checkNames: 1 });
    server.state.checkDelayMs = 1_000;
    const tail = search(['tail-a.com', 'tail-b.com', 'tail-c.com', 'tail-d.com', 'tail-e.com'], { priority: 'tail' });
    await until(() => checksSent().length === 3);
    const first = search(['on-screen.com']);
    await until(() => checksSent().length === 4);
    // Three of four sessions carry the long tail; the fourth takes the first screen at once, before any tail answer.
    expect(checksSent().map((names) => names[0])).toEqual(['tail-a.com', 'tail-b.com', 'tail-c.com', 'on-screen.com']);
    await Promise.all([tail.done, first.done]);
  });

  it('answers a search from an answer of the last few seconds, taken names for longer; carts and checkout always ask again', async () => {
    await connect({ checkCache: { availableMs: 1_000, takenMs: 60_000 } });
    server.addDomain({ name: 'cached-taken.com' });
    await search(['cached-free.com', 'cached-taken.com']).done;
    const again = search(['cached-free.com', 'cached-taken.com']);
    await again.done;
    expect(again.domains()).toEqual(['cached-free.com', 'cached-taken.com']);
    expect(checksSent()).toEqual([['cached-free.com', 'cached-taken.com']]);
    // `check` (the cart's and checkout's) asks the registry every time.
    expect(await registry.check(['cached-free.com', 'cached-taken.com'])).toEqual([
      { domain: 'cached-free.com', available: true },
      { domain: 'cached-taken.com', available: false, reason: 'taken' },
    ]);
    expect(checksSent()).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 1_100));
    await search(['cached-free.com', 'cached-taken.com']).done;
    expect(checksSent().at(-1)).toEqual(['cached-free.com']);
  });

  it('does not let a cart or checkout take the answer of a check sent before it asked', async () => {
    await connect();
    server.state.checkDelayMs = 400;
    const a = search(['just-asked.com']);
    await until(() => checksSent().length === 1);
    await Promise.all([registry.check(['just-asked.com']), a.done]);
    expect(checksSent()).toEqual([['just-asked.com'], ['just-asked.com']]);
  });

  it('answers the other searches of a command when the listener of one of them throws', async () => {
    await connect();
    server.state.checkDelayMs = 400;
    const blocker = search(['holds-the-session.com']);
    await until(() => checksSent().length === 1);
    registry.checkStreaming(['shared-by-two.com'], {
      onAnswers: () => {
        throw new Error('a broken listener');
      },
      onFailure: () => undefined,
    });
    const other = search(['shared-by-two.com']);
    await Promise.all([blocker.done, other.done]);
    expect(other.answers).toEqual([{ domain: 'shared-by-two.com', available: true }]);
  });

  it('reports a registry that keeps failing to every search waiting on it, after one more try', async () => {
    await connect();
    server.state.failingExtensions.add('net');
    try {
      const a = search(['failing-a.net']);
      const b = search(['failing-a.net', 'failing-b.net']);
      await Promise.all([a.done, b.done]);
      expect(a.failed).toEqual(['failing-a.net']);
      expect(b.failed.sort()).toEqual(['failing-a.net', 'failing-b.net']);
    } finally {
      server.state.failingExtensions.clear();
    }
  });
});

describe('the answers a search may reuse', () => {
  it('gives back each answer as the registry gave it until it expires, taken names later than available ones, oldest out first', () => {
    const cache = createCheckCache({ availableMs: 1_000, takenMs: 5_000, maxNames: 4 });
    const answers = [
      { domain: 'free.com', available: true },
      { domain: 'gone.com', available: false, reason: 'taken' as const },
      { domain: 'kept.com', available: false, reason: 'reserved' as const },
      { domain: 'gold.com', available: true, premiumPrice: 250_000, premiumRenewPrice: 250_000 },
    ];
    for (const answer of answers) cache.put(answer, 100);
    expect(answers.map((a) => cache.get(a.domain, 900))).toEqual(answers);
    expect(answers.map((a) => cache.get(a.domain, 1_200)?.domain)).toEqual([undefined, 'gone.com', 'kept.com', undefined]);
    cache.put({ domain: 'one-more.com', available: false }, 1_300);
    cache.put({ domain: 'and-another.com', available: false }, 1_300);
    cache.put({ domain: 'and-a-third.com', available: false }, 1_300);
    expect(cache.size).toBe(4);
    expect(cache.get('gone.com', 1_400)).toBeUndefined();
    expect(cache.get('one-more.com', 1_400)).toEqual({ domain: 'one-more.com', available: false, reason: 'taken' });
  });
});
