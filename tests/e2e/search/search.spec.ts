import AxeBuilder from '../helpers/axe';
import { expect, type Locator, type Page, test } from '@playwright/test';

// Results are driven by the words on screen, as a speech-input user would ("click Add to Cart"); the domain is
// the button's description.
const addToCart = { name: 'Add to Cart', exact: true } as const;
const buyNow = { name: 'Buy Now', exact: true } as const;

/** The result card in a block that shows exactly this domain name. */
const cardFor = (page: Page, block: Locator, domain: string) => block.getByRole('listitem').filter({ has: page.getByText(domain, { exact: true }) });

/** The domain of the block's n-th card, as the card shows it. */
const cardDomain = async (block: Locator, n: number) => (await block.getByRole('listitem').nth(n).locator('.sr-card-name').textContent())!;

test('a visitor searches from the home page, browses every block and adds two domains to the cart', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search for a domain name' }).fill('garden');
  await page.getByRole('searchbox', { name: 'Search for a domain name' }).press('Enter');
  await expect(page).toHaveURL(/\/search\?q=garden$/);

  // Exact match: taken, with a WHOIS link. The first answer waits for the proof of work, slow on a busy machine.
  await expect(page.getByText('Sorry, garden.com is taken.')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[aria-live="polite"]', { hasText: 'Search complete' })).toBeAttached({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'WHOIS lookup for garden.com' }).first()).toHaveAttribute('href', '/whois?domain=garden.com');
  await expect(page.locator('[aria-live="polite"]', { hasText: 'garden.com is taken' })).toBeAttached();

  // Featured: three available names.
  const featured = page.getByRole('region', { name: 'Featured' });
  await expect(featured.getByRole('button', addToCart)).toHaveCount(3);

  // Premium: three, then three more on request.
  const premium = page.getByRole('region', { name: 'Premium domains' });
  await expect(premium.getByRole('listitem')).toHaveCount(3);
  await premium.getByRole('button', { name: 'Show more premium domains' }).click();
  await expect(premium.getByRole('listitem')).toHaveCount(6);

  // Categories: shown by default, chosen, hidden again; the chooser expands and collapses.
  await expect(page.getByRole('region', { name: /^Popular \d+$/ })).toBeVisible();
  const chooserToggle = page.getByRole('button', { name: 'Choose categories' });
  await expect(chooserToggle).toHaveAttribute('aria-expanded', 'false');
  await chooserToggle.click();
  const chooser = page.getByRole('list', { name: 'Categories' });
  await expect(chooser).toBeVisible();
  await chooser.getByRole('button', { name: /^Travel \d+$/ }).click();
  const travel = page.getByRole('region', { name: /^Travel \d+$/ });
  await expect(travel.getByRole('listitem')).toHaveCount(6);
  await travel.getByRole('button', { name: /Show all \d+ Travel results/ }).click();
  await expect(travel.getByText('garden.travel')).toBeVisible();
  expect(await travel.getByRole('listitem').count()).toBeGreaterThan(6);
  // The long tail is checked as the visitor opens it: every name shows Checking… until it resolves, and all resolve.
  await expect(travel.getByText('Checking…')).toHaveCount(0, { timeout: 30_000 });
  await expect(travel.getByRole('button', { name: 'Show fewer Travel results' })).toBeVisible();
  await travel.getByRole('button', { name: 'Hide Travel' }).click();
  await expect(page.getByRole('region', { name: /^Travel \d+$/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Hide categories' }).click();
  await expect(chooser).toBeHidden();

  // Add two featured names: each button turns into Buy Now and the header badge counts them.
  const first = await cardDomain(featured, 0);
  const firstCard = cardFor(page, featured, first);
  await expect(firstCard.getByRole('button', addToCart)).toHaveAccessibleDescription(first);
  await firstCard.getByRole('button', addToCart).click();
  await expect(firstCard.getByRole('link', buyNow)).toHaveAttribute('href', '/cart');
  await expect(firstCard.getByRole('link', buyNow)).toHaveAccessibleDescription(first);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  const second = await cardDomain(featured, 1);
  await cardFor(page, featured, second).getByRole('button', addToCart).click();
  await expect(cardFor(page, featured, second).getByRole('link', buyNow)).toBeVisible();
  await expect(featured.getByRole('link', buyNow)).toHaveCount(2);
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  const events = await page.evaluate(() => (window as unknown as { dataLayer: { event: string; ecommerce: { currency: string; value: number } }[] }).dataLayer);
  expect(events.filter((e) => e.event === 'add_to_cart')).toEqual([
    expect.objectContaining({ ecommerce: expect.objectContaining({ currency: 'USD', value: 10.28 }) }),
    expect.objectContaining({ ecommerce: expect.objectContaining({ currency: 'USD', value: 10.28 }) }),
  ]);

  // A failed add shows the spinner, then reverts to Add to Cart.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/cartItems', async (route) => {
    await held;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ name: 'Unavailable', code: 503, message: 'The cart is resting' }),
    });
  });
  const thirdCard = cardFor(page, premium, await cardDomain(premium, 0));
  await thirdCard.getByRole('button', addToCart).click();
  await expect(thirdCard.getByRole('button', { name: 'Adding to Cart' })).toBeVisible();
  release();
  await expect(thirdCard.getByRole('button', addToCart)).toBeVisible();
  await expect(page.getByText('The cart is resting')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  // Removing one in the cart reports a remove_from_cart event and the badge follows.
  await page.unroute('**/api/cartItems');
  await page.goto('/cart');
  await page.getByRole('button', { name: `Remove ${first}` }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  const removals = await page.evaluate(() => (window as unknown as { dataLayer?: { event: string; ecommerce: { value: number } }[] }).dataLayer ?? []);
  expect(removals.filter((e) => e.event === 'remove_from_cart')).toEqual([
    expect.objectContaining({ ecommerce: expect.objectContaining({ currency: 'USD', value: 10.28 }) }),
  ]);
});

test('typing searches after a pause, a too-short label searches nothing, and clearing resets', async ({ page }) => {
  const sent: string[] = [];
  page.on('websocket', (ws) => ws.on('framesent', (frame) => sent.push(String(frame.payload))));
  await page.goto('/search');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find your perfect domain');
  await expect(page.getByRole('link', { name: /Transfer it to Dotspot/ })).toHaveAttribute('href', '/transfer');
  await expect(page.getByRole('link', { name: 'See prices for every extension' })).toHaveAttribute('href', '/pricing#domainPricing');
  for (const href of ['/domain-parking', '/domain-forwarding', '/whois-privacy']) await expect(page.locator(`a[href="${href}"]`).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Visit the Help Center' })).toBeVisible();

  const box = page.getByRole('searchbox', { name: 'Search for a domain name' });
  await box.fill('ab');
  await expect(page.getByText('Type at least 3 characters to search.')).toBeVisible();
  await page.waitForTimeout(1500);
  expect(sent.filter((f) => f.includes('"domainSearch"'))).toEqual([]);
  await expect(page.getByRole('region', { name: 'Search results' })).toHaveCount(0);

  await box.fill('zqxvbrtplm');
  await expect(page.getByText('Searching…')).toBeVisible();
  await expect(page.getByText('zqxvbrtplm.com', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  // The exact match comes first.
  await expect(page.getByRole('button', addToCart).first()).toHaveAccessibleDescription('zqxvbrtplm.com', { timeout: 30_000 });
  await expect(page).toHaveURL(/\?q=zqxvbrtplm$/);
  // No premium block for a name with no premium results.
  await expect(page.getByRole('region', { name: 'Premium domains' })).toHaveCount(0);
  await expect(page.locator('[aria-live="polite"]', { hasText: 'Search complete' })).toBeAttached();
  const audit = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag22aa']).analyze();
  expect(
    audit.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
  ).toEqual([]);
  expect(sent.filter((f) => f.includes('"domainSearch"'))).toHaveLength(1);

  await box.fill('');
  await expect(page.getByRole('region', { name: 'Search results' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/search\/?$/);
});

test('a search survives the socket dropping: the page reconnects and searches again', async ({ page }) => {
  let connections = 0;
  await page.routeWebSocket(/\/api\/ws$/, (ws) => {
    connections++;
    const server = ws.connectToServer();
    if (connections > 1) return;
    // The first connection drops as soon as a search is sent, before any answer.
    ws.onMessage((message) => {
      if (String(message).includes('"domainSearch"')) ws.close({ code: 1011, reason: 'gone' });
      else server.send(message);
    });
  });
  await page.goto('/search?q=zqxvbrtplm');
  await expect(page.getByRole('button', addToCart).first()).toHaveAccessibleDescription('zqxvbrtplm.com', { timeout: 30_000 });
  expect(connections).toBe(2);
});

test('a search refused after its acknowledgement shows why and no results', async ({ page }) => {
  // Stands in for a token that another API process accepted at the same moment: the server refuses after the ack.
  const refusal = 'This verification was already used. Please try again.';
  await page.routeWebSocket(/\/api\/ws$/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      const text = String(message);
      const uuid = /"domainSearchResults","data":\{"uuid":"([^"]+)"/.exec(text)?.[1];
      if (!uuid) return ws.send(text);
      ws.send(JSON.stringify({ event: 'domainSearchResults', data: { uuid, results: [], pending: 0, done: true, error: { code: 400, message: refusal } } }));
    });
  });
  await page.goto('/search?q=zqxvbrtplm');
  await expect(page.getByRole('alert').filter({ hasText: refusal })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', addToCart)).toHaveCount(0);
});

test('results fit a 390 px phone screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/search?q=coffee%20shop');
  await expect(page.getByRole('link', { name: 'WHOIS lookup for coffeeshop.com' }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', addToCart).first()).toBeVisible();
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
});
