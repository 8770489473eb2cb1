/** A hosted captcha (Turnstile, hCaptcha and reCAPTCHA share this siteverify form). */
import { type BotCheckProvider, invalidTokenMessage, missingTokenMessage } from './index.ts';

export function createCaptchaBotCheck(options: { verifyUrl: string; secret: string; siteKey: string }): BotCheckProvider {
  const provider: BotCheckProvider = {
    name: 'captcha',
    async createChallenge() {
      return { provider: 'captcha', siteKey: options.siteKey };
    },
    async verify(token) {
      if (!token) return { ok: false, message: missingTokenMessage };
      const response = await fetch(options.verifyUrl, {
        method: 'POST',
        body: new URLSearchParams({ secret: options.secret, response: token }),
      }).catch(() => null);
      if (!response?.ok) return { ok: false, message: 'Human verification is unavailable. Please try again shortly.' };
      const body = (await response.json()) as { success?: boolean };
      return body.success ? { ok: true } : { ok: false, message: invalidTokenMessage };
    },
    // The captcha service spends a token when it verifies it: one stage.
    async verifyStaged(token) {
      const verdict = await provider.verify(token);
      return verdict.ok ? { ok: true, spent: Promise.resolve(verdict) } : verdict;
    },
  };
  return provider;
}
