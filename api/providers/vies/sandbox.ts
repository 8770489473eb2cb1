/**
 * The offline VIES: every well-formed number is registered, except a documented set (README, Providers): a national
 * part starting 999 answers "unavailable" as a member state's service that is down, 888 is not registered.
 */
import type { ViesProvider } from './index.ts';

export function createSandboxVies(): ViesProvider {
  return {
    name: 'sandbox',
    async check(_countryCode, number) {
      if (number.startsWith('999')) return { status: 'unavailable', name: null };
      if (number.startsWith('888')) return { status: 'invalid', name: null };
      return { status: 'confirmed', name: 'Sandbox Business B.V.' };
    },
  };
}
