/** ALTCHA-style proof of work with altcha-lib: signed challenges, verified solutions, replays refused. */
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { spentBotTokens } from '../../db/schema/index.ts';
import {
  type BotCheckProvider,
  invalidTokenMessage,
  missingTokenMessage,
  reusedTokenMessage,
} from './index.ts';

const challengeLifetimeSeconds = 10 * 60;

/** `keyPrefix` '000' costs a browser about 4,000 SHA-256 rounds: a fraction of a second for a person, real work for a bot at scale. */
export function createAltchaBotCheck(db: Db, secret: string, options: { keyPrefix?: string } = {}): BotCheckProvider {
  return {
    name: 'altcha',
    async createChallenge() {
      const challenge = await createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        keyPrefix: options.keyPrefix ?? '000',
        deriveKey,
        hmacSignatureSecret: secret,
        expiresAt: Math.floor(Date.now() / 1000) + challengeLifetimeSeconds,
      });
      return { provider: 'altcha', challenge };
    },
    async verify(token) {
      if (!token) return { ok: false, message: missingTokenMessage };
      let payload: { challenge: Parameters<typeof verifySolution>[0]['challenge']; solution: Parameters<typeof verifySolution>[0]['solution'] };
      try {
        payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
      } catch {
        return { ok: false, message: invalidTokenMessage };
      }
      if (!payload?.challenge?.signature || !payload.solution) return { ok: false, message: invalidTokenMessage };
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: secret,
      }).catch(() => null);
      if (!result?.verified) return { ok: false, message: invalidTokenMessage };
      const inserted = await db
        .insert(spentBotTokens)
        .values({ signature: payload.challenge.signature, expireDate: new Date(Date.now() + challengeLifetimeSeconds * 1000) })
        .onConflictDoNothing()
        .returning({ signature: spentBotTokens.signature });
      if (inserted.length === 0) return { ok: false, message: reusedTokenMessage };
      if (Math.random() < 0.01) await db.delete(spentBotTokens).where(lt(spentBotTokens.expireDate, sql`now()`));
      return { ok: true };
    },
  };
}
