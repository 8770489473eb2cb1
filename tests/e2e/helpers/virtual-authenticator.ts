/** Chromium's virtual authenticator (CDP WebAuthn): a platform authenticator that answers at once, as Touch ID or Windows Hello would after the user's consent. */
import type { Page } from '@playwright/test';

/** Adds one to the page; `credentials()` counts the passkeys it holds. */
export async function addVirtualAuthenticator(page: Page): Promise<{ credentials(): Promise<number> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length };
}
