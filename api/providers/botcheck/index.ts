/** Human verification: a self-hosted ALTCHA proof of work by default, a hosted captcha when configured. */
export type BotChallenge = { provider: 'altcha'; challenge: unknown } | { provider: 'captcha'; siteKey: string };

export type BotVerdict = { ok: true } | { ok: false; message: string };
/**
 * A verdict in two stages: at once, whether the token is well-formed and not already spent in this process; then
 * `spent`, once its proof is checked and it is recorded as used for every process (a replay sent to another
 * process at the same moment fails there).
 */
export type StagedBotVerdict = { ok: false; message: string } | { ok: true; spent: Promise<BotVerdict> };

export interface BotCheckProvider {
  readonly name: 'altcha' | 'captcha';
  /** `cost`: how many hash rounds each try of the proof of work takes (1 unless a caller hardens it; a captcha ignores it). */
  createChallenge(options?: { cost?: number }): Promise<BotChallenge>;
  /** Checks a token once: a second use of the same token is refused, and so is a proof cheaper than `minCost`. */
  verify(token: string | undefined | null, options?: { minCost?: number }): Promise<BotVerdict>;
  /** The same check in two stages, for callers that can start work (and show nothing of value) before it settles. */
  verifyStaged(token: string | undefined | null): Promise<StagedBotVerdict>;
  /** Finishes what it started (the spent-token write) before the database closes; later tokens are refused. */
  close?(): Promise<void>;
}

export const missingTokenMessage = 'Human verification is required. Please try again.';
export const reusedTokenMessage = 'This verification was already used. Please try again.';
export const invalidTokenMessage = 'Human verification failed. Please try again.';
export const tooCheapTokenMessage = 'This verification is not enough any more. Please try again.';
