/** Fetches a bot-check challenge at submit time and solves it in the browser (ALTCHA proof of work). */
import { sha256 } from '@noble/hashes/sha2.js';
import { solveChallenge } from 'altcha-lib';
import { isFailure } from './api.ts';
import { apiClient } from './api-client.ts';
// The Web Crypto variant: the default one imports node:crypto, which the browser bundle cannot use.
import { deriveKey as webCryptoDeriveKey } from 'altcha-lib/algorithms/web/sha';

type Challenge = Parameters<typeof solveChallenge>[0]['challenge'];
type DeriveKey = Parameters<typeof solveChallenge>[0]['deriveKey'];
type ChallengeAnswer = { provider: 'altcha'; challenge: Challenge } | { provider: 'captcha'; siteKey: string };

/**
 * ALTCHA's SHA-256 key derivation (the same rounds and keys as `altcha-lib/algorithms/web/sha`) with a synchronous
 * hash: each try costs microseconds, where a crypto.subtle call costs a trip through the event loop. Measured on a
 * busy 2-core machine: 12,106 tries took 8.9 s through crypto.subtle, so a card form answered after 10 s.
 */
export const quickDeriveKey: DeriveKey = async (parameters, salt, password) => {
  if (parameters.algorithm !== 'SHA-256') return webCryptoDeriveKey(parameters, salt, password);
  let key = new Uint8Array(salt.length + password.length);
  key.set(salt, 0);
  key.set(password, salt.length);
  for (let round = 0; round < Math.max(1, parameters.cost); round++) key = sha256(key);
  return { parameters: {}, derivedKey: key.slice(0, parameters.keyLength ?? 32) };
};

/** Solves an ALTCHA challenge: the token the API takes as `recaptchaToken`, or null when it cannot be solved. */
export async function solveAltcha(challenge: Challenge): Promise<string | null> {
  const solution = await solveChallenge({ challenge, deriveKey: quickDeriveKey });
  return solution ? btoa(JSON.stringify({ challenge, solution })) : null;
}

/** A one-use token for `?token=`, or null when the check is not available (the caller then does nothing). */
export async function getBotToken(given?: unknown): Promise<string | null> {
  try {
    let answer = given as ChallengeAnswer | undefined;
    if (!answer) {
      const challenge = await apiClient.GET('/botCheck', { toast: false });
      if (isFailure(challenge)) return null;
      answer = challenge as ChallengeAnswer;
    }
    if (answer.provider !== 'altcha') return null;
    return await solveAltcha(answer.challenge);
  } catch {
    return null;
  }
}
