/**
 * Issue 25, defect 5: checkout lands on the order's confirmation (number, lines, total, card, what happens next), and
 * the buyer gets the same as an emailed receipt. At a phone's width and a desktop's.
 */
import AxeBuilder from '../helpers/axe';
import { expect, type Page, test } from '@playwright/test';
import { addDomain, fillVisitorDetails, newPhone, saveCard, unique } from '../helpers/checkout-helpers.ts';

type OutboxRow = { to: string; channel: string; subject: string | null; body: string };

async function receiptFor(page: Page, email: string): Promise<OutboxRow> {
  let receipt: OutboxRow | undefined;
  await expect
    .poll(async () => {
      const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as { data: OutboxRow[] };
      receipt = outbox.data.find((m) => m.to === email && m.channel === 'email' && /receipt for order/.test(m.subject ?? ''));
      return receipt != null;
    })
    .toBe(true);
  return receipt as OutboxRow;
}

for (const width of [390, 1280]) {
  test(`at ${width} px a new buyer lands on the order confirmation and is emailed the same receipt`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const domain = `qwzxv-receipt-${width}-${unique()}.com`;
    const email = `receipt-${unique()}@example.org`;
    await page.goto('/');
    await addDomain(page, domain);
    await page.goto('/cart');
    await page.getByLabel('Term').selectOption('2');
    await page.getByRole('checkbox', { name: /Domain Protection/ }).click();
    await expect(page.getByRole('checkbox', { name: /Domain Protection/ })).toBeChecked();
    await fillVisitorDetails(page, email, newPhone());
    await saveCard(page, '4242 4242 4242 4242');
    await expect(page.getByText(/^Visa ending in 4242/)).toBeVisible({ timeout: 20_000 });
    const total = (await page.getByTestId('cart-total').textContent()) ?? '';
    expect(total).toMatch(/^\$\d+\.\d{2}$/);

    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    // The storefront spec's landing: My Domains, with the order's number, total and a link to its receipt on top.
    await page.waitForURL(/\/account\/domains\?order=\d+$/);
    const orderId = new URL(page.url()).searchParams.get('order') as string;
    await expect(page.getByRole('heading', { level: 1, name: 'My Domains' })).toBeVisible();
    const placed = page.getByRole('region', { name: 'Thank you, your order is complete' });
    await expect(placed).toContainText(`Order number${orderId}`);
    await expect(placed.locator('.order-total')).toHaveText(total);
    await expect(placed).toContainText(`${domain} is yours, registered until`);
    expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`order-landing-${width}.png`), fullPage: true });
    await placed.getByRole('link', { name: `View receipt for order ${orderId}` }).click();
    await page.waitForURL(`**/account/orders/${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your order is complete' })).toBeVisible();
    await expect(page.getByText(`Order ${orderId} ·`)).toBeVisible();
    const line = page.getByRole('region', { name: 'What you bought' }).getByRole('listitem').filter({ hasText: domain });
    await expect(line).toContainText('Registration, 2 years');
    await expect(line).toContainText('Domain Protection');
    await expect(page.locator('.order-total')).toHaveText(total);
    await expect(page.getByText('Visa ending in 4242')).toBeVisible();
    await expect(page.getByText(`A receipt is on its way to ${email}.`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'What happens next' })).toContainText(`${domain} is yours, registered until`);
    expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);
    // Nothing sticks out of a phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`order-confirmation-${width}.png`), fullPage: true });

    const receipt = await receiptFor(page, email);
    expect(receipt.subject).toContain(`order ${orderId}`);
    expect(receipt.body).toContain(`Order ${orderId}, placed`);
    expect(receipt.body).toContain(domain);
    expect(receipt.body).toContain('Registration, 2 years');
    expect(receipt.body).toContain(`Total charged: ${total} to your Visa ending in 4242`);
    expect(receipt.body).toContain(`${domain} is yours, registered until`);
    expect(receipt.body).toContain(`/account/orders/${orderId}`);

    await page.getByRole('link', { name: 'Go to My Domains' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Domains' })).toBeVisible();
    await expect(page.getByText(domain).first()).toBeVisible();
  });
}

test('another account’s order number shows as not found, with the way back to My Domains', async ({ page }) => {
  await page.goto('/');
  await addDomain(page, `qwzxv-peek-${unique()}.com`);
  await page.goto('/cart');
  await fillVisitorDetails(page, `peek-${unique()}@example.org`, newPhone());
  await saveCard(page, '4242 4242 4242 4242');
  await expect(page.getByText(/^Visa ending in 4242/)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await page.waitForURL(/\/account\/domains\?order=\d+$/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  // The order before this one is another buyer's (or none at all): either way, nothing of it shows.
  await page.goto(`/account/orders/${orderId - 1}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My Domains' }).last()).toBeVisible();
});
