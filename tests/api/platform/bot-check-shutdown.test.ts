/**
 * Shutting down while a spent bot-check token is still on its way to the database: the write lands before the
 * database closes, every spend gets its answer, and nothing rejects later (an unhandled rejection fails the run).
 */
import { inArray } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { createDb } from '../../../api/db/client.ts';
import { spentBotTokens } from '../../../api/db/schema/index.ts';
import { createSpentTokens } from '../../../api/providers/botcheck/spent-tokens.ts';
import { createTestContext, createTestDatabase } from '../../fixtures/test-app.ts';

test('tokens spent in the same tick as the shutdown are written before the database closes, each answered once', async () => {
  const database = await createTestDatabase();
  const db = createDb(database.url, { max: 2 });
  const spentTokens = createSpentTokens(db, 600);
  const [a, b] = ['a1'.repeat(16), 'b2'.repeat(16)];
  // Queued for the next turn of the event loop: the shutdown starts before the INSERT is even sent.
  const answers = Promise.allSettled([spentTokens.spend(a), spentTokens.spend(a), spentTokens.spend(b)]);
  await spentTokens.close();
  await db.$end();
  expect(await answers).toEqual([
    { status: 'fulfilled', value: true },
    { status: 'fulfilled', value: false },
    { status: 'fulfilled', value: true },
  ]);
  // A spend after close cannot be recorded, so it is refused rather than left to fail against a closed database.
  await expect(spentTokens.spend('c3'.repeat(16))).rejects.toThrow('The bot check is shutting down');

  const check = createDb(database.url, { max: 1 });
  const rows = await check
    .select({ signature: spentBotTokens.signature })
    .from(spentBotTokens)
    .where(inArray(spentBotTokens.signature, [a, b]));
  expect(rows.map((r) => r.signature).sort()).toEqual([a, b]);
  await check.$end();
  await database.drop();
});

test('the test app drains the bot check before its database closes: a token accepted just before close is spent', async () => {
  const t = await createTestContext({ env: { BOT_CHECK_DIFFICULTY: '1' } });
  const [token, later] = [await t.client().botToken(), await t.client().botToken()];
  const verdict = await t.deps.providers.botCheck.verifyStaged(token);
  if (!verdict.ok) throw new Error(verdict.message);
  // The spend is still queued when close() begins; it ends the database and drops it.
  await t.close();
  expect(await verdict.spent).toEqual({ ok: true });
  // A token arriving after the shutdown is refused, since it could not be recorded as spent.
  await expect(t.deps.providers.botCheck.verify(later)).rejects.toThrow('The bot check is shutting down');
});
