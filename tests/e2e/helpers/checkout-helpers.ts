/** A visitor's way through the cart, for specs that check out: a domain added, contact and SMS code, a sandbox card. */
import { expect, type Page } from '@playwright/test';

export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/**
 * A phone the sandbox SMS delivers (numbers ending 01x9 in the 555 range are unreachable), not given twice in a run: a
 * random pick among 9,000 numbers gave two specs one phone about once in 30 runs, and one of them then typed the
 * other's code. Each worker slot has exchanges of its own, and its numbers follow one another from a random start.
 */
const phoneExchanges = ['556', '557', '558', '559'];
const firstPhone = Math.floor(Math.random() * 9000);
let phonesGiven = 0;
export const newPhone = () => {
  const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const n = firstPhone + phonesGiven++;
  const exchange = phoneExchanges[(slot * 2 + (Math.floor(n / 9000) % 2)) % phoneExchanges.length];
  return `+1415${exchange}${String(1000 + (n % 9000))}`;
};

export async function addDomain(page: Page, domain: string) {
  const added = await page.request.post('/api/cartItems', { data: { type: 'domain', domain, domainType: 'new' } });
  expect(added.status()).toBe(201);
}

async function readCode(page: Page, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const outbox = await (await page.request.get('/api/dev/outbox')).json();
      const message = outbox.data.find((m: { to: string; channel: string }) => m.to === phone && m.channel === 'sms');
      code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/**
 * Each visitor from an address of their own, as real buyers are: codes and card setups are limited per address (10 codes
 * an hour), and the suite makes more new customers than that. The e2e server believes X-Forwarded-For from loopback
 * (TRUSTED_PROXIES in playwright.config.ts).
 */
const visitorAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** This page's visitor from an address of their own (offers, too, are limited per address: 5 an hour). */
export async function comeFromOwnAddress(page: Page): Promise<void> {
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
}

/** `abroad`: a billing address outside the US (chosen before the phone, which stays a US number typed with its +1). */
export async function fillVisitorDetails(page: Page, email: string, phone: string, abroad?: { country: string; city: string; state: string; zip: string }) {
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Address').fill('1 Compiler Lane');
  await page.getByLabel('City').fill(abroad?.city ?? 'Arlington');
  await page.getByLabel('State / Province').fill(abroad?.state ?? 'VA');
  await page.getByLabel('ZIP / Postal code').fill(abroad?.zip ?? '22201');
  if (abroad) await page.getByLabel('Country').selectOption(abroad.country);
  await expect(page.getByLabel('Country')).toHaveValue(abroad?.country ?? 'US');
  await page.getByLabel('Email (your login)').fill(email);
  await page.getByLabel('Password for your new account').fill('a long enough password');
  await page.getByLabel('How did you hear about us?').selectOption('friend');
  await page.getByLabel('Mobile phone').fill(abroad ? phone : phone.replace('+1', ''));
  const code = await readCode(page, phone);
  await page.getByLabel('Verification code').fill(code);
  await expect(page.getByText(`Phone ${phone} verified`)).toBeVisible();
}

export async function saveCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save Card' }).click();
}

/** After CHECKOUT: My Domains with the order's confirmation at the top; returns the order number. */
export async function landOnMyDomains(page: Page): Promise<number> {
  await page.waitForURL(/\/account\/domains\?order=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Domains' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Thank you, your order is (complete|placed)$/ })).toBeVisible();
  return Number(new URL(page.url()).searchParams.get('order'));
}

/**
 * A customer of their own, for journeys that change a domain other specs read: `domains` bought by a new visitor with
 * the 4242 card; the page ends on My Domains, signed in. Returns the new login.
 */
export async function becomeNewCustomer(page: Page, domains: string[]): Promise<{ email: string }> {
  const email = `customer-${unique()}@example.org`;
  await page.goto('/');
  for (const domain of domains) await addDomain(page, domain);
  await page.goto('/cart');
  await fillVisitorDetails(page, email, newPhone());
  await saveCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('button', { name: 'CHECKOUT' })).toHaveAttribute('aria-disabled', 'false');
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await landOnMyDomains(page);
  await expect(page.getByRole('heading', { level: 1, name: 'My Domains' })).toBeVisible();
  return { email };
}
