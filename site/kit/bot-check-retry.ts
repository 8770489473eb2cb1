/**
 * For calls the API may answer with "solve a bot check first" (`data.botCheckRequired`): send, and when asked, solve
 * a challenge and send again with its token. The proof-of-work solver loads only when a token is needed.
 *
 * A proof of work takes a fraction of a second on a quiet computer and several seconds on a busy phone, so a form
 * that will need one (the card form, the phone that gets a code) prepares it while the visitor types: Save then waits
 * for the server alone.
 */
import { asksForBotCheck, type BotCheckRequiredData } from '../../api/contract/bot-check.ts';
import { type ApiFailure, isFailure } from './api.ts';

/** The server's challenges live 10 minutes; a prepared token older than this is not used. */
const preparedLifetimeMs = 9 * 60_000;
let prepared: { token: Promise<string | null>; at: number } | null = null;

async function solve(challenge?: BotCheckRequiredData['challenge']): Promise<string | null> {
  const { getBotToken } = await import('./bot-check.ts');
  return getBotToken(challenge);
}

const usablePrepared = () => (prepared && Date.now() - prepared.at < preparedLifetimeMs ? prepared : null);

/** Starts solving a challenge now for a call about to be made; the next `solveBotCheck()` takes it. */
export function prepareBotCheck(): void {
  if (usablePrepared()) return;
  prepared = { token: solve(), at: Date.now() };
}

export async function sendWithBotCheckIfAsked<T>(send: (recaptchaToken?: string) => Promise<T | ApiFailure>): Promise<T | ApiFailure> {
  const first = await send();
  if (!isFailure(first) || !asksForBotCheck(first.data)) return first;
  // A harder challenge comes with the refusal when the API asks for one (repeated failures); else the usual one.
  const token = await solveBotCheck(first.data.challenge);
  return token ? send(token) : first;
}

/**
 * A one-use token for a call that always needs one, or undefined when none can be had (the API then says why): the
 * prepared one when there is one, else solved now. A given (harder) challenge is always solved now.
 */
export async function solveBotCheck(challenge?: BotCheckRequiredData['challenge']): Promise<string | undefined> {
  const ready = challenge ? null : usablePrepared()?.token;
  if (ready) {
    prepared = null;
    const token = await ready;
    if (token) return token;
  }
  return (await solve(challenge)) ?? undefined;
}
