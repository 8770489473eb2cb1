/** Requests that must carry a solved bot check (the token a client gets from GET /api/botCheck, used once). */
import type { BotCheckRequiredData } from '../../contract/bot-check.ts';
import { AppError } from '../../errors.ts';
import type { BotCheckProvider } from '../../providers/botcheck/index.ts';

export const botCheckRequiredMessage = 'Please confirm you are not a robot, then try again.';

/**
 * Throws the 400 that asks the client to solve a bot check and resend, unless `token` passes. With `cost`, the proof
 * must be at least that costly, and the refusal carries a challenge of that cost to solve.
 */
export async function requireBotCheck(botCheck: BotCheckProvider, token: string | null | undefined, options: { cost?: number } = {}): Promise<void> {
  const verdict = await botCheck.verify(token, { minCost: options.cost });
  if (verdict.ok) return;
  const data: BotCheckRequiredData = { botCheckRequired: true, ...(options.cost ? { challenge: await botCheck.createChallenge({ cost: options.cost }) } : {}) };
  throw new AppError(400, token ? verdict.message : botCheckRequiredMessage, data);
}
