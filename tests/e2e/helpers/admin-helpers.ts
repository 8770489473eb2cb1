/**
 * The back office in browser journeys: the first owner made with `npm run admin -- create-staff` (against the e2e
 * server's database), enrolment with an authenticator app, invitations read from the sandbox outbox, staff sign-in.
 * Each staff member has their own TOTP secret, and the server takes each code once: codes come from a step no
 * earlier call for that member used.
 */
import { execFileSync } from 'node:child_process';
import AxeBuilder from './axe';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { comeFromOwnAddress } from './checkout-helpers.ts';

export const staffPassword = 'correct horse battery staple 23';
const port = Number(process.env.E2E_PORT ?? 3100);

export type EnrolledStaff = { email: string; name: string; totp: TOTP };

const lastStep = new Map<string, number>();

/** A code from a time step this staff member has not used yet (waiting for the next step when needed). */
export async function nextCode(staff: EnrolledStaff): Promise<string> {
  for (;;) {
    const step = Math.floor(Date.now() / 30_000);
    const used = lastStep.get(staff.email) ?? -Infinity;
    // The server takes the previous, current and next step; the current and next stay good for 30 s at least.
    const candidate = [step, step + 1].find((s) => s > used);
    if (candidate !== undefined) {
      lastStep.set(staff.email, candidate);
      return staff.totp.generate({ timestamp: candidate * 30_000 + 1000 });
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** `npm run admin -- create-staff <email> --role owner`, as an operator types it; returns the printed link. */
export function createStaffFromCommandLine(email: string, role = 'owner', name?: string): string {
  const output = execFileSync('npm', ['run', '--silent', 'admin', '--', 'create-staff', email, '--role', role, ...(name ? ['--name', name] : [])], {
    env: { ...process.env, DATA_DIR: '.data/e2e', PORT: String(port) },
    encoding: 'utf8',
  });
  const link = /https?:\/\/\S+\/admin\/enrol#\S+/.exec(output)?.[0];
  if (!link) throw new Error(`No enrolment link in:\n${output}`);
  return link;
}

/** The enrolment link of the newest invitation emailed to `email` (the sandbox outbox). */
export async function invitationLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const { data } = await (await request.get('/api/dev/outbox')).json();
    const mail = (data as { to: string; body: string }[]).find((message) => message.to === email && /\/admin\/enrol#/.test(message.body));
    link = /https?:\/\/\S+\/admin\/enrol#\S+/.exec(mail?.body ?? '')?.[0];
    expect(link).toBeTruthy();
  }).toPass({ timeout: 20_000 });
  return link!;
}

/**
 * Opens a staff enrolment link from an address of the new member's own, as a real member enrols from their own device:
 * enrolment takes 30 attempts in 15 minutes from one address, and the suite enrols more staff than that (fresh-clone
 * run C1 was refused "Too many enrolment attempts" from loopback). The e2e server believes X-Forwarded-For from loopback.
 */
export async function openEnrolmentLink(page: Page, link: string): Promise<void> {
  await comeFromOwnAddress(page);
  await page.goto(link);
}

/** Opens an enrolment link, sets name and password, adds an authenticator app; ends on the back office's first view. */
export async function enrolWithAuthenticator(page: Page, link: string, name: string): Promise<EnrolledStaff> {
  await openEnrolmentLink(page, link);
  await expect(page.getByRole('heading', { name: 'Set up your staff account' })).toBeVisible();
  const email = (await page.locator('input[name="username"]').inputValue()).trim();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(staffPassword);
  await page.getByLabel('Repeat the password').fill(staffPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Add your second factor' })).toBeVisible();
  await page.getByRole('button', { name: /Authenticator app/ }).click();
  const secret = (await page.locator('code.secret').textContent())!.replace(/\s/g, '');
  const staff = { email, name, totp: new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }) };
  await page.getByLabel('Authentication code').fill(await nextCode(staff));
  await page.getByRole('button', { name: 'Verify and finish' }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
  return staff;
}

/** Signs in at /admin/sign-in with password and authenticator code. */
export async function signInStaff(page: Page, staff: EnrolledStaff, path = '/admin'): Promise<void> {
  await page.goto(`/admin/sign-in?redirect=${encodeURIComponent(path)}`);
  await page.getByLabel('Work email').fill(staff.email);
  await page.getByLabel('Password').fill(staffPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Authentication code').fill(await nextCode(staff));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
}

/** Invites a staff member from the Staff screen (as an owner). */
export async function inviteStaff(page: Page, input: { name: string; email: string; role: string }): Promise<void> {
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }).click();
  await page.getByRole('button', { name: 'Invite staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a staff member' });
  await dialog.getByLabel('Name').fill(input.name);
  await dialog.getByLabel('Work email').fill(input.email);
  await dialog.getByLabel('Role').selectOption({ label: input.role });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('cell', { name: new RegExp(input.email.replace(/[.+]/g, '\\$&')) })).toBeVisible();
}

const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe (WCAG 2.2 AA) problems on the page as it is, or within one part of it (a CSS selector). */
export async function axeProblems(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(axeTags);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
}

/** Whether the page scrolls sideways (wider than the viewport). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}
