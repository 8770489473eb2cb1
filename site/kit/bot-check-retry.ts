/**
 * For calls the API may answer with "solve a bot check first" (`data.botCheckRequired`): send, and when asked, solve
 * a challenge and send again with its token. The proof-of-work solver loads only when a token is needed.
 */
import { asksForBotCheck, type BotCheckRequiredData } from '../../api/contract/bot-check.ts';
import { type ApiFailure, isFailure } from './api.ts';

export async function sendWithBotCheckIfAsked<T>(send: (recaptchaToken?: string) => Promise<T | ApiFailure>): Promise<T | ApiFailure> {
  const first = await send();
  if (!isFailure(first) || !asksForBotCheck(first.data)) return first;
  // A harder challenge comes with the refusal when the API asks for one (repeated failures); else the usual one.
  const token = await solveBotCheck(first.data.challenge);
  return token ? send(token) : first;
}

/** A one-use token for a call that always needs one, or undefined when none can be had (the API then says why). */
export async function solveBotCheck(challenge?: BotCheckRequiredData['challenge']): Promise<string | undefined> {
  const { getBotToken } = await import('./bot-check.ts');
  return (await getBotToken(challenge)) ?? undefined;
}
