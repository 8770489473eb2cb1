/** Requests that must carry a solved bot check (the token a client gets from GET /api/botCheck, used once). */
import type { BotCheckRequiredData } from '../../contract/bot-check.ts';
import { AppError } from '../../errors.ts';
import type { BotCheckProvider } from '../../providers/botcheck/index.ts';

export const botCheckRequiredMessage = 'Please confirm you are not a robot, then try again.';

/** Throws the 400 that asks the client to solve a bot check and resend, unless `token` passes. */
export async function requireBotCheck(botCheck: BotCheckProvider, token: string | null | undefined): Promise<void> {
  const verdict = await botCheck.verify(token);
  if (verdict.ok) return;
  const data: BotCheckRequiredData = { botCheckRequired: true };
  throw new AppError(400, token ? verdict.message : botCheckRequiredMessage, data);
}
