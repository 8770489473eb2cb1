/**
 * Signing the demo account in through the login page, for any e2e spec. The server accepts each TOTP code once
 * (previous, current and next 30-second step), so workers record the steps they spend in the e2e data directory
 * (wiped at every server start); the recovery journey holds a lock while the demo password is changed.
 */
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Cookie, expect, type Page } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { Secret, TOTP } from 'otpauth';
import { e2eDemo } from '../../../playwright.config.ts';

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
 * A TOTP code for a time step no worker has spent yet. The previous step comes first: specs that simply call
 * `totp.generate()` spend the current step, and a past step never becomes current again. Near the end of a step
 * we wait for the next one, so the code stays valid for ten seconds at least.
 */
export async function freshTotpCode(): Promise<string> {
  for (;;) {
    if (Date.now() % 30_000 > 20_000) await sleep(30_000 - (Date.now() % 30_000) + 100);
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
      step = [now - 1, now, now + 1].find((s) => !spent.includes(s));
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
  // The form works once the island has hydrated (its button is enabled then); typing earlier would be lost.
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeEnabled();
  await page.getByLabel('Email').fill(demoEmail);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
}

export async function passTotpStep(page: Page, code?: string) {
  await expect(page.getByRole('heading', { name: 'Verify it’s you' })).toBeVisible();
  await page.getByRole('radio', { name: /Authenticator app/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  // Another spec may have spent the same time step without telling us (totp.generate()): then take the next free one.
  for (let attempt = 0; ; attempt++) {
    await page.getByLabel('Security code').fill(attempt === 0 && code ? code : await freshTotpCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    const reused = page.getByRole('alert').filter({ hasText: 'already used' });
    const outcome = await Promise.race([
      page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 }).then(() => 'in' as const),
      reused.waitFor({ timeout: 15_000 }).then(() => 'reused' as const),
    ]).catch(() => 'unknown' as const);
    if (outcome !== 'reused' || attempt >= 2) return;
  }
}

/** Solves a bot-check challenge as the browser does. */
export async function solveBotCheck(request: APIRequestContext): Promise<string> {
  const { challenge } = await (await request.get('/api/botCheck')).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Signs the demo account in through the API (for specs that start signed in), sharing the spent-step record. */
export async function signInDemoThroughApi(request: APIRequestContext, password = e2eDemo.password) {
  await waitForPassword();
  let first = await request.post('/api/session', { data: { email: demoEmail, password } });
  // After a few failed passwords on the demo account (other specs try wrong ones), a sign-in needs a bot check.
  if (first.status() === 400 && (await first.json()).data?.botCheckRequired) {
    first = await request.post('/api/session', { data: { email: demoEmail, password, recaptchaToken: await solveBotCheck(request) } });
  }
  expect(first.status()).toBe(200);
  const { mfas } = await first.json();
  const chosen = await (await request.post('/api/session', { data: { mfaId: mfas[0].mfaId } })).json();
  for (let attempt = 0; ; attempt++) {
    const done = await request.post('/api/session', {
      data: { mfaId: mfas[0].mfaId, mfaChallengeId: chosen.mfaChallengeId, mfaToken: await freshTotpCode() },
    });
    if (done.status() === 200) return;
    const { message } = await done.json();
    if (!/already used/.test(message) || attempt >= 2) throw new Error(`Demo sign-in failed: ${message}`);
  }
}

/**
 * Signs the demo in from the login page (any query). Every sign-in spends one authenticator time step (30 s, replays
 * refused), so specs share one demo session: the first sign-in is saved and later ones reuse it, going straight to the
 * page the login was for; a session that was signed out meanwhile is replaced by a full sign-in. A saved session is
 * reused for `sessionReuseMs` only: showing an auth code needs a sign-in within the last 15 minutes
 * (api/services/auth/recent-auth.ts), and a spec late in a long run must still be within them. `fresh`: a real
 * sign-in that is neither reused nor saved (the login journeys, and servers other than the e2e one).
 */
export async function logInAsDemo(page: Page, options: { fresh?: boolean } = {}) {
  // Callers come from a page that needs a session: the account app sends them to /login once it has checked.
  await expect(page).toHaveURL(/\/login(\?|$)/);
  const target = new URL(page.url()).searchParams.get('redirect') ?? '/account/domains';
  const saved = options.fresh ? [] : readSavedSession();
  if (saved.length) {
    // Leave the login page before the session appears: it would notice it and navigate at the same moment as we do.
    await page.goto('about:blank');
    await page.context().addCookies(saved);
    await page.goto(target);
    // The account app checks the session before it shows a page, and sends a signed-out visitor to /login: wait for
    // the first heading of whichever page that is.
    await expect(page.locator('h1').first()).toBeVisible();
    if (!new URL(page.url()).pathname.startsWith('/login')) return;
    await page.context().clearCookies({ name: saved[0].name });
  }
  await submitCredentials(page);
  await passTotpStep(page);
  if (options.fresh) return;
  await saveSession(page);
}

/**
 * The demo signed in for the page's context, sharing the saved session when the server still takes it (see
 * logInAsDemo), else signed in through the API and saved for the next. Every fresh sign-in spends one of the three
 * authenticator steps a minute and a half allows, so specs that only need to be signed in share one: a spec that
 * signed in afresh waited up to 53 s for a step in a full run. Not for a test that signs out (it would end the shared
 * session): that one uses signInDemoThroughApi.
 */
export async function useDemoSession(page: Page): Promise<void> {
  const saved = readSavedSession();
  if (saved.length) {
    await page.context().addCookies(saved);
    if ((await page.request.get('/api/users/0')).ok()) return;
    await page.context().clearCookies({ name: saved[0].name });
  }
  await signInDemoThroughApi(page.request);
  await saveSession(page);
}

async function saveSession(page: Page): Promise<void> {
  const session = (await page.context().cookies()).filter((cookie) => cookie.name.endsWith('ds_session'));
  mkdirSync(coordinationDir, { recursive: true });
  writeFileSync(sessionFile, JSON.stringify({ signedInAt: Date.now(), cookies: session }));
}

const sessionReuseMs = 8 * 60 * 1000;

const sessionFile = path.join(coordinationDir, 'demo-session.json');

function readSavedSession(): Cookie[] {
  try {
    const saved: { signedInAt: number; cookies: Cookie[] } = JSON.parse(readFileSync(sessionFile, 'utf8'));
    return Date.now() - saved.signedInAt < sessionReuseMs ? saved.cookies : [];
  } catch {
    return [];
  }
}
