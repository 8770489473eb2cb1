/** ALTCHA-style proof of work with altcha-lib: signed challenges, verified solutions, replays refused. */
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { nowMs } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { type BotCheckProvider, type BotVerdict, invalidTokenMessage, missingTokenMessage, reusedTokenMessage, tooCheapTokenMessage } from './index.ts';
import { createRecentlySpent, createSpentTokens, isSignature } from './spent-tokens.ts';

const challengeLifetimeSeconds = 10 * 60;

/** The signed cost of a token's challenge (0 when the token is not one of ours). */
function costOf(token: string | null | undefined): number {
  try {
    const cost = JSON.parse(Buffer.from(token ?? '', 'base64').toString('utf8'))?.challenge?.parameters?.cost;
    return typeof cost === 'number' ? cost : 0;
  } catch {
    return 0;
  }
}

/** `keyPrefix` '000' costs a browser about 4,000 SHA-256 rounds: a fraction of a second for a person, real work for a bot at scale. */
export function createAltchaBotCheck(db: Db, secret: string, options: { keyPrefix?: string } = {}): BotCheckProvider {
  const spentTokens = createSpentTokens(db, challengeLifetimeSeconds);
  const spentHere = createRecentlySpent(challengeLifetimeSeconds * 1000);
  const provider: BotCheckProvider = {
    name: 'altcha',
    async createChallenge(request = {}) {
      const challenge = await createChallenge({
        algorithm: 'SHA-256',
        cost: request.cost ?? 1,
        keyPrefix: options.keyPrefix ?? '000',
        deriveKey,
        hmacSignatureSecret: secret,
        expiresAt: Math.floor(nowMs() / 1000) + challengeLifetimeSeconds,
      });
      return { provider: 'altcha', challenge };
    },
    async verifyStaged(token) {
      if (!token) return { ok: false, message: missingTokenMessage };
      let payload: { challenge: Parameters<typeof verifySolution>[0]['challenge']; solution: Parameters<typeof verifySolution>[0]['solution'] };
      try {
        payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
      } catch {
        return { ok: false, message: invalidTokenMessage };
      }
      const signature = payload?.challenge?.signature;
      if (!isSignature(signature) || !payload.solution) return { ok: false, message: invalidTokenMessage };
      if (!spentHere.add(signature)) return { ok: false, message: reusedTokenMessage };
      // The proof (an HMAC through WebCrypto, answered on a later turn of the event loop) and the shared record run
      // side by side. A forged solution spends only its own challenge's signature.
      const proven = verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret: secret }).then(
        (result) => result.verified,
        () => false,
      );
      const spent = Promise.all([proven, spentTokens.spend(signature)]).then(
        ([valid, firstUse]): BotVerdict =>
          !valid ? { ok: false, message: invalidTokenMessage } : firstUse ? { ok: true } : { ok: false, message: reusedTokenMessage },
      );
      return { ok: true, spent };
    },
    async verify(token, options = {}) {
      // The cost is inside the signed parameters: a client cannot lower it without the signature failing.
      if (options.minCost && costOf(token) < options.minCost) return { ok: false, message: tooCheapTokenMessage };
      const verdict = await provider.verifyStaged(token);
      return verdict.ok ? verdict.spent : verdict;
    },
    close: () => spentTokens.close(),
  };
  return provider;
}
