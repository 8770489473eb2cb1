import AxeBuilder from '../helpers/axe';
import { expect, test } from '@playwright/test';
import { addDomain, fillVisitorDetails, landOnMyDomains, newPhone, saveCard, unique } from '../helpers/checkout-helpers.ts';
import { registryInfo } from '../helpers/net-epp.ts';

test('the empty cart offers buying or transferring a domain', async ({ page }) => {
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Buy a Domain' })).toHaveAttribute('href', '/search');
  await expect(page.getByRole('main').getByRole('link', { name: 'Transfer a Domain' })).toHaveAttribute('href', '/transfer');
});

test('the new-account email and password are checked while typing, with a Login link for a known email', async ({ page }) => {
  await page.goto('/');
  await addDomain(page, `qwzxv-known-${unique()}.com`);
  await page.goto('/cart');
  const email = page.getByLabel('Email (your login)');
  await email.fill('  demo@example.com ');
  await email.blur();
  await expect(page.getByText('Account already exist!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', /^\/login\?as=demo%40example\.com/);
  await email.fill('');
  await expect(page.getByText('Please enter a email')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  const password = page.getByLabel('Password for your new account');
  await password.fill('abc');
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await password.fill('');
  await password.blur();
  await expect(page.getByText('Please enter a password')).toBeVisible();
});

test('a new visitor picks options, verifies by SMS, pays with 4242 and lands in My Domains signed in', async ({ page }) => {
  const domain = `qwzxv-visitor-${unique()}.com`;
  const phone = newPhone();
  await page.goto('/');
  await addDomain(page, domain);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: domain })).toBeVisible();
  await page.getByLabel('Term').selectOption('2');
  await page.getByRole('radio', { name: /^Email/ }).click();
  await expect(page.getByRole('radio', { name: /^Email/ })).toBeChecked();
  await page.getByRole('checkbox', { name: /Domain Protection/ }).click();
  await expect(page.getByRole('checkbox', { name: /Domain Protection/ })).toBeChecked();
  await expect(page.getByText('WHOIS privacy').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'CHECKOUT' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText('By registering an account, you agree to our Terms & Conditions and Privacy Policy.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toBeVisible();
  expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);

  await fillVisitorDetails(page, `grace-${unique()}@example.org`, phone);
  await saveCard(page, '4242 4242 4242 4242');
  await expect(page.getByText(/^Visa ending in 4242/)).toBeVisible();
  const total = await page.getByTestId('cart-total').textContent();
  expect(total).toMatch(/^\$\d+\.\d{2}$/);

  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await landOnMyDomains(page);
  // Signed in as the new account; its saved card and a fresh empty cart prove it (My Domains is the account app's).
  const cart = await (await page.request.get('/api/carts/0?$relations[]=cartItems')).json();
  expect(cart.$isLoggedIn).toBe(true);
  expect(cart.cartItems).toEqual([]);
  const methods = await (await page.request.get('/api/paymentMethods?status=active')).json();
  expect(methods.data.map((m: { description: string }) => m.description)).toEqual([expect.stringMatching(/^Visa ending in 4242/)]);
  await expect(page.getByText(domain).first()).toBeVisible();
  // The purchase went to the registry over EPP: an outside EPP client finds the name there, ours, for the 2 years chosen.
  const atRegistry = await registryInfo(domain);
  expect(atRegistry).toMatchObject({ name: domain, clID: 'dotspot-vrsn' });
  expect(new Date(atRegistry.exDate ?? 0).getUTCFullYear()).toBe(new Date().getUTCFullYear() + 2);
});

test('a card that needs authentication is saved after the test dialog, and checkout completes', async ({ page }) => {
  const domain = `qwzxv-threeds-${unique()}.net`;
  const phone = newPhone();
  await page.goto('/');
  await addDomain(page, domain);
  await page.goto('/cart');
  await fillVisitorDetails(page, `auth-${unique()}@example.org`, phone);
  await saveCard(page, '4000 0025 0000 3155');
  const dialog = page.getByRole('dialog', { name: 'Test authentication' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByText(/^Visa ending in 3155/)).toBeVisible();
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await landOnMyDomains(page);
  expect((await (await page.request.get('/api/carts/0')).json()).$isLoggedIn).toBe(true);
});

test('a card that asks for authentication at every charge: CHECKOUT opens the test dialog; failing keeps the cart, completing lands in My Domains', async ({
  page,
}) => {
  const domain = `qwzxv-every-charge-${unique()}.com`;
  await page.goto('/');
  await addDomain(page, domain);
  await page.goto('/cart');
  await fillVisitorDetails(page, `every-${unique()}@example.org`, newPhone());
  await saveCard(page, '4000 0027 6000 3184');
  const dialog = page.getByRole('dialog', { name: 'Test authentication' });
  await dialog.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByText(/^Visa ending in 3184/)).toBeVisible();

  const checkout = page.getByRole('button', { name: 'CHECKOUT' });
  await checkout.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('3-D Secure check of the payment');
  await dialog.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(page.locator('.toast-warning').last()).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(checkout).toHaveAttribute('aria-disabled', 'false');

  await checkout.click();
  await dialog.getByRole('button', { name: 'Complete authentication' }).click();
  await landOnMyDomains(page);
  expect((await (await page.request.get('/api/carts/0')).json()).$isLoggedIn).toBe(true);
});

test('a declined card shows the provider message, and a failed authentication says so', async ({ page }) => {
  const domain = `qwzxv-declined-${unique()}.com`;
  await page.goto('/');
  await addDomain(page, domain);
  await page.goto('/cart');
  await fillVisitorDetails(page, `declined-${unique()}@example.org`, newPhone());
  await saveCard(page, '4000 0000 0000 0002');
  // Refused while saving: said in the card form, above Save Card (issue #25).
  await expect(page.locator('.card-form').getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page.getByRole('button', { name: 'CHECKOUT' })).toHaveAttribute('aria-disabled', 'true');

  await page.getByLabel('Card number').fill('4000 0025 0000 3155');
  await page.getByRole('button', { name: 'Save Card' }).click();
  await page.getByRole('dialog', { name: 'Test authentication' }).getByRole('button', { name: 'Fail authentication' }).click();
  await expect(page.locator('.card-form').getByRole('alert')).toContainText('We are unable to authenticate your payment method');

  // A card that saves but is declined when charged: the cart stays as it was.
  await page.getByLabel('Card number').fill('4000 0000 0000 0341');
  await page.getByRole('button', { name: 'Save Card' }).click();
  await expect(page.getByText(/^Visa ending in 0341/)).toBeVisible();
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await expect(page.locator('.toast-warning', { hasText: 'Your card was declined.' }).last()).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: domain })).toBeVisible();
  await expect(page.getByRole('button', { name: 'CHECKOUT' })).toHaveAttribute('aria-disabled', 'false');
});

test('a returning customer checks out with the saved card: contact summary, no contact or code step', async ({ page }) => {
  test.setTimeout(120_000);
  // Become a customer the way a visitor does; checkout signs the new account in.
  await page.goto('/');
  await addDomain(page, `qwzxv-first-${unique()}.com`);
  await page.goto('/cart');
  await fillVisitorDetails(page, `returning-${unique()}@example.org`, newPhone());
  await saveCard(page, '4242 4242 4242 4242');
  await expect(page.getByText(/^Visa ending in 4242/)).toBeVisible();
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await landOnMyDomains(page);

  const domain = `qwzxv-second-${unique()}.com`;
  await addDomain(page, domain);
  await page.goto('/cart');
  await expect(page.getByText('Registrant contact')).toBeVisible();
  await expect(page.getByText('Grace Hopper')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveCount(0);
  await expect(page.getByLabel('Verification code')).toHaveCount(0);
  await expect(page.getByText(/^Visa ending in 4242/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'CHECKOUT' })).toHaveAttribute('aria-disabled', 'false');
  await page.getByRole('button', { name: 'Edit' }).click();
  const savedCard = page.getByRole('radio', { name: /Visa ending in 4242/ });
  await expect(savedCard).toBeFocused();
  await page.getByRole('radio', { name: 'New Payment Method' }).check();
  await expect(page.getByLabel('Card number')).toBeVisible();
  const patched = page.waitForResponse((response) => response.request().method() === 'PATCH' && /\/api\/carts\/\d+$/.test(response.url()));
  await savedCard.check();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  // The list stays while the buyer is in it, the picked card checked and focused, once the cart has it too.
  expect((await patched).status()).toBe(200);
  await expect(savedCard).toBeChecked();
  await expect(savedCard).toBeFocused();
  // Done is enabled once the pick is saved; it closes the list and gives focus to Edit.
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeFocused();
  await expect(page.getByText(/^Visa ending in 4242/)).toBeVisible();
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await landOnMyDomains(page);
  const cart = await (await page.request.get('/api/carts/0?$relations[]=cartItems')).json();
  expect(cart.cartItems).toEqual([]);
  const domains = await page.request.get('/api/domains');
  if (domains.status() !== 404) await expect(page.getByText(domain).first()).toBeVisible();
});
