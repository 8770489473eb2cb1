/** Fetches a bot-check challenge at submit time and solves it in the browser (ALTCHA proof of work). */
import { solveChallenge } from 'altcha-lib';
// The Web Crypto variant: the default one imports node:crypto, which the browser bundle cannot use.
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

type ChallengeAnswer = { provider: 'altcha'; challenge: Parameters<typeof solveChallenge>[0]['challenge'] } | { provider: 'captcha'; siteKey: string };

/** A one-use token for `?token=`, or null when the check is not available (the caller then does nothing). */
export async function getBotToken(given?: unknown): Promise<string | null> {
  try {
    let answer = given as ChallengeAnswer | undefined;
    if (!answer) {
      const response = await fetch('/api/botCheck', { credentials: 'include' });
      if (!response.ok) return null;
      answer = (await response.json()) as ChallengeAnswer;
    }
    if (answer.provider !== 'altcha') return null;
    const solution = await solveChallenge({ challenge: answer.challenge, deriveKey });
    if (!solution) return null;
    const payload = JSON.stringify({ challenge: answer.challenge, solution });
    return btoa(payload);
  } catch {
    return null;
  }
}
