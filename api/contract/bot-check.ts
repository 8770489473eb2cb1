/**
 * A refusal that asks for a bot check: the API answers 400 with `data: { botCheckRequired: true }`, and the client
 * solves a challenge (GET /api/botCheck) and sends the same request again with the token as `recaptchaToken`.
 */
export type BotCheckRequiredData = {
  botCheckRequired: true;
  /** A challenge to solve instead of GET /api/botCheck's, when this request needs a harder one (its cost is signed). */
  challenge?: { provider: 'altcha'; challenge: unknown } | { provider: 'captcha'; siteKey: string };
};

export function asksForBotCheck(data: unknown): data is BotCheckRequiredData {
  return typeof data === 'object' && data !== null && (data as BotCheckRequiredData).botCheckRequired === true;
}
