/** Signing the demo account in through the login page, spending each TOTP time step at most once. */
import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { e2eDemo } from '../../playwright.config.ts';

export const demoEmail = 'demo@example.com';
export const demoTotp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(e2eDemo.totpSecret) });

// The server refuses a TOTP code twice, and accepts the previous, current and next step; remember what we spent.
const spentSteps = new Set<number>();

export async function freshTotpCode(): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / 30_000);
    const step = [now, now + 1, now - 1].find((s) => !spentSteps.has(s));
    if (step !== undefined) {
      spentSteps.add(step);
      return demoTotp.generate({ timestamp: step * 30_000 + 1000 });
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

export async function submitCredentials(page: Page, password = e2eDemo.password) {
  await page.getByLabel('Email').fill(demoEmail);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
}

export async function passTotpStep(page: Page) {
  await expect(page.getByRole('heading', { name: 'Verify it’s you' })).toBeVisible();
  await page.getByRole('radio', { name: /Authenticator app/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Security code').fill(await freshTotpCode());
  await page.getByRole('button', { name: 'Verify' }).click();
}

export async function logInAsDemo(page: Page, password = e2eDemo.password) {
  await submitCredentials(page, password);
  await passTotpStep(page);
}
