// @vitest-environment happy-dom
/**
 * A form that will need a bot check prepares it while the visitor types, so Save waits for the server alone: the
 * prepared token is used once, a stale one (challenges live 10 minutes) is solved again, a harder challenge is not
 * answered with the prepared (easier) token.
 */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';

const solved: unknown[] = [];
vi.mock('../../site/kit/bot-check.ts', () => ({
  getBotToken: async (challenge?: unknown) => {
    solved.push(challenge);
    return `token-${solved.length}`;
  },
}));

beforeEach(() => {
  solved.length = 0;
  vi.resetModules();
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => vi.useRealTimers());

const kit = () => import('../../site/kit/bot-check-retry.ts');

test('a prepared token is solved before it is asked for, and used once', async () => {
  const { prepareBotCheck, solveBotCheck } = await kit();
  prepareBotCheck();
  prepareBotCheck();
  await vi.waitFor(() => expect(solved).toHaveLength(1));
  expect(await solveBotCheck()).toBe('token-1');
  expect(solved).toHaveLength(1);
  expect(await solveBotCheck()).toBe('token-2');
});

test('a token prepared more than nine minutes ago is solved again', async () => {
  const { prepareBotCheck, solveBotCheck } = await kit();
  prepareBotCheck();
  await vi.waitFor(() => expect(solved).toHaveLength(1));
  vi.setSystemTime(Date.now() + 9 * 60_000 + 1);
  expect(await solveBotCheck()).toBe('token-2');
});

test('a harder challenge from the API is solved as given, leaving the prepared token for the next call', async () => {
  const { prepareBotCheck, solveBotCheck } = await kit();
  prepareBotCheck();
  const harder = { parameters: { cost: 4 } };
  expect(await solveBotCheck(harder as never)).toBe('token-2');
  expect(solved[1]).toBe(harder);
  expect(await solveBotCheck()).toBe('token-1');
});
