/**
 * Signing the demo account in through the login page, for any e2e spec. The server accepts each TOTP code once
 * (previous, current and next 30-second step), so workers record the steps they spend in the e2e data directory
 * (wiped at every server start); the recovery journey holds a lock while the demo password is changed.
 */
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { e2eDemo } from '../../playwright.config.ts';

export const demoEmail = 'demo@example.com';
export const demoTotp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(e2eDemo.totpSecret) });

const coordinationDir = path.resolve('.data/e2e/e2e-coordination');
const spentFile = path.join(coordinationDir, 'spent-totp-steps.json');
const stepsLock = path.join(coordinationDir, 'steps.lock');
const passwordLock = path.join(coordinationDir, 'password.lock');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function acquire(lock: string): Promise<void> {
  mkdirSync(coordinationDir, { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      return;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > 90_000) rmSync(lock, { recursive: true, force: true });
      } catch {}
      await sleep(200);
    }
  }
}

function release(lock: string) {
  rmSync(lock, { recursive: true, force: true });
}

/** Waits while another worker is changing the demo password. */
async function waitForPassword() {
  for (;;) {
    try {
      statSync(passwordLock);
      await sleep(250);
    } catch {
      return;
    }
  }
}

/** Runs `work` while no other worker signs the demo account in with its password. */
export async function whileDemoPasswordChanges<T>(work: () => Promise<T>): Promise<T> {
  await acquire(passwordLock);
  try {
    return await work();
  } finally {
    release(passwordLock);
  }
}

/**
 * A TOTP code for a time step no worker has spent yet. The previous step is preferred: specs that simply use
 * `totp.generate()` spend the current one, and a past step never becomes current again. `soon` asks for a code that
 * stays valid for at least half a minute.
 */
export async function freshTotpCode(options: { soon?: boolean } = {}): Promise<string> {
  for (;;) {
    await acquire(stepsLock);
    let step: number | undefined;
    try {
      const spent: number[] = (() => {
        try {
          return JSON.parse(readFileSync(spentFile, 'utf8'));
        } catch {
          return [];
        }
      })();
      const now = Math.floor(Date.now() / 30_000);
      // Leave a few seconds of margin at the edge of the window.
      const late = Date.now() % 30_000 > 25_000;
      const candidates = options.soon ? [now + 1, now] : late ? [now, now + 1] : [now - 1, now, now + 1];
      step = candidates.find((s) => !spent.includes(s));
      if (step !== undefined) writeFileSync(spentFile, JSON.stringify([...spent.filter((s) => s >= now - 2), step]));
    } finally {
      release(stepsLock);
    }
    if (step !== undefined) return demoTotp.generate({ timestamp: step * 30_000 + 1000 });
    await sleep(1000);
  }
}

export async function submitCredentials(page: Page, password = e2eDemo.password, options: { waitForPassword?: boolean } = {}) {
  if (options.waitForPassword !== false) await waitForPassword();
  await page.getByLabel('Email').fill(demoEmail);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
}

export async function passTotpStep(page: Page, code?: string) {
  await expect(page.getByRole('heading', { name: 'Verify it’s you' })).toBeVisible();
  await page.getByRole('radio', { name: /Authenticator app/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Security code').fill(code ?? (await freshTotpCode()));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Signs the demo account in through the API (for specs that start signed in), sharing the spent-step record. */
export async function signInDemoThroughApi(request: APIRequestContext, password = e2eDemo.password) {
  await waitForPassword();
  const first = await request.post('/api/session', { data: { email: demoEmail, password } });
  expect(first.status()).toBe(200);
  const { mfas } = await first.json();
  const chosen = await (await request.post('/api/session', { data: { mfaId: mfas[0].mfaId } })).json();
  const done = await request.post('/api/session', {
    data: { mfaId: mfas[0].mfaId, mfaChallengeId: chosen.mfaChallengeId, mfaToken: await freshTotpCode() },
  });
  expect(done.status()).toBe(200);
}

/** From the login page (any query): password, then the authenticator code. */
export async function logInAsDemo(page: Page) {
  await submitCredentials(page);
  await passTotpStep(page);
}
