/**
 * What a visitor sees first goes first: at one registry connection, a search's first-screen checks overtake every
 * long-tail check still waiting (any visitor's), both in a session's queue and under the registry's rate limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EppConnection, firstPriority, tailPriority } from '../../api/providers/registry/epp-connection.ts';
import { createPacer } from '../../api/providers/registry/epp-pacer.ts';
import { ns } from '../../api/providers/registry/epp-xml.ts';
import { type FakeEppServer, startFakeEppServer } from './epp-fake-server.ts';

let server: FakeEppServer;
beforeAll(async () => {
  server = await startFakeEppServer();
});
afterAll(async () => {
  await server.close();
});

const check = (name: string) => `<check><domain:check xmlns:domain="${ns.domain}"><domain:name>${name}</domain:name></domain:check></check>`;

describe('a registry connection with first-screen and long-tail checks waiting', () => {
  it('sends every waiting first-screen check before the long tail queued ahead of it, in order within each', async () => {
    const conn = new EppConnection({
      host: '127.0.0.1',
      servername: 'localhost',
      port: server.port,
      username: server.clID,
      password: server.password,
      ca: server.ca,
    });
    try {
      await conn.greeting();
      server.state.received.length = 0;
      // One check on the wire; then one visitor's long tail queues, then two other visitors' first screens arrive.
      const sent = [
        conn.send(check('busy.com'), { retryOnDrop: true }),
        conn.send(check('tail-one.com'), { retryOnDrop: true, priority: tailPriority }),
        conn.send(check('tail-two.com'), { retryOnDrop: true, priority: tailPriority }),
        conn.send(check('first-a.com'), { retryOnDrop: true, priority: firstPriority }),
        conn.send(check('tail-three.com'), { retryOnDrop: true, priority: tailPriority }),
        conn.send(check('first-b.com'), { retryOnDrop: true }),
      ];
      expect((await Promise.all(sent)).map((r) => r.code)).toEqual([1000, 1000, 1000, 1000, 1000, 1000]);
      const order = server.state.received.filter((r) => r.command === 'check:domain').flatMap((r) => r.names);
      expect(order).toEqual(['busy.com', 'first-a.com', 'first-b.com', 'tail-one.com', 'tail-two.com', 'tail-three.com']);
    } finally {
      await conn.close();
    }
  });

  it('gives first-screen commands the rate limit turns before waiting long-tail ones; a cancelled one gives its turn up', async () => {
    // A window long enough that the turn taken by the first call is still used when the next ones ask (with 5 ms, a
    // loaded machine's pause between two calls freed it, and the second call went at once instead of waiting).
    const pace = createPacer({ perWindow: 1, windowMs: 200 });
    const order: string[] = [];
    expect(pace(tailPriority)).toBeUndefined();
    const cancelled = new AbortController();
    const waits = [
      pace(tailPriority)!.then(() => order.push('tail-1')),
      pace(tailPriority, cancelled.signal)!.then(
        () => order.push('cancelled'),
        (error: Error) => order.push(`refused: ${error.message}`),
      ),
      pace(tailPriority)!.then(() => order.push('tail-2')),
      pace(firstPriority)!.then(() => order.push('first-1')),
      pace(firstPriority)!.then(() => order.push('first-2')),
    ];
    cancelled.abort();
    await Promise.all(waits);
    expect(order).toEqual(['refused: Cancelled before it was sent', 'first-1', 'first-2', 'tail-1', 'tail-2']);
  });

  it('lets as many commands go as a second allows, and when its timer fires late, sends every turn that came free at once', async () => {
    // A window long enough that "the next command waits" does not depend on how soon a loaded machine gets to ask.
    const pace = createPacer({ perWindow: 3, windowMs: 200 });
    const start = performance.now();
    expect([pace(tailPriority), pace(tailPriority), pace(tailPriority)]).toEqual([undefined, undefined, undefined]);
    const went: string[] = [];
    const times: number[] = [];
    let next: Promise<void> | undefined;
    const waits = (['tail-1', 'first-1', 'tail-2'] as const).map((name) =>
      pace(name.startsWith('first') ? firstPriority : tailPriority)!.then(() => {
        went.push(name);
        times.push(performance.now() - start);
        // Asked as the last of the three goes: they used the window's turns, so it waits again.
        if (went.length === 3) next = pace(firstPriority);
      }),
    );
    // A busy event loop: the pacer's timer cannot fire when it should.
    while (performance.now() - start < 300) {}
    await Promise.all(waits);
    expect(went).toEqual(['first-1', 'tail-1', 'tail-2']);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(300);
    // At once, not a window (200 ms) apart.
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(100);
    expect(next).toBeInstanceOf(Promise);
  });
});
