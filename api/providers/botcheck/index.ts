/** Human verification: a self-hosted ALTCHA proof of work by default, a hosted captcha when configured. */
export type BotChallenge =
  | { provider: 'altcha'; challenge: unknown }
  | { provider: 'captcha'; siteKey: string };

export type BotVerdict = { ok: true } | { ok: false; message: string };

export interface BotCheckProvider {
  readonly name: 'altcha' | 'captcha';
  createChallenge(): Promise<BotChallenge>;
  /** Checks a token once: a second use of the same token is refused. */
  verify(token: string | undefined | null): Promise<BotVerdict>;
}

export const missingTokenMessage = 'Human verification is required. Please try again.';
export const reusedTokenMessage = 'This verification was already used. Please try again.';
export const invalidTokenMessage = 'Human verification failed. Please try again.';
