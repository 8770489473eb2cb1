import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enforce, hit } from '../../../api/services/platform/rate-limit.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const limit = (key: string) => ({ key, max: 10, windowSeconds: 60 });

describe('rate limits', () => {
  it('give no fresh allowance at a window boundary: hits just before it still count just after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const boundary = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
    vi.setSystemTime(boundary - 2000);
    for (let i = 0; i < 10; i++) expect((await hit(t.db, limit('boundary'))).allowed).toBe(true);
    vi.setSystemTime(boundary + 2000);
    const next = await hit(t.db, limit('boundary'));
    expect(next.allowed).toBe(false);
    expect(next.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('forgives old hits as the window slides past them', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
    vi.setSystemTime(start + 1000);
    for (let i = 0; i < 10; i++) await hit(t.db, limit('slide'));
    vi.setSystemTime(start + 60_000 + 50_000);
    expect((await hit(t.db, limit('slide'))).allowed).toBe(true);
  });

  it('answers with a 429 that says how long to wait', async () => {
    for (let i = 0; i < 10; i++) await enforce(t.db, [limit('message')], 'Too many tries.');
    await expect(enforce(t.db, [limit('message')], 'Too many tries.')).rejects.toMatchObject({
      code: 429,
      message: expect.stringMatching(/^Too many tries\. Please try again in \d+ (seconds?|minutes?)\.$/),
    });
  });

  it('lets a client that waits the Retry-After it was given through, early, midway or late in a window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    for (const [key, offset] of [
      ['wait-early', 5_000],
      ['wait-mid', 30_000],
      ['wait-late', 55_000],
    ] as const) {
      const start = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
      vi.setSystemTime(start + offset);
      for (let i = 0; i < 10; i++) await hit(t.db, limit(key));
      const refused = await hit(t.db, limit(key));
      expect(refused.allowed).toBe(false);
      vi.setSystemTime(start + offset + refused.retryAfterSeconds * 1000);
      expect((await hit(t.db, limit(key))).allowed, `${key} after ${refused.retryAfterSeconds} s`).toBe(true);
    }
  });
});
