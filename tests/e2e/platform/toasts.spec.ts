/**
 * Toasts never hide what must be pressed (issue #25 defect 1), on a customer of its own adding DNS records: at most
 * three show, older ones folded into "+N more" with "Dismiss all"; a repeat replaces the toast before it; the stack
 * lives in the open dialog (above its backdrop, clickable) and clear of the dialog's buttons, at 1280 px and 390 px.
 */
import AxeBuilder from '../helpers/axe';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { becomeNewCustomer, unique } from '../helpers/checkout-helpers.ts';
import { addRecord, openDnsRecords } from '../helpers/dns-helpers.ts';

async function add(dialog: Locator, type: string, host: string, label: string, data: string) {
  await addRecord(dialog, type, host, label, data);
  await expect(dialog.getByRole('row').filter({ hasText: data })).toBeVisible();
}

/** Do the shown toasts overlap this element's box? */
async function overlaps(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  if (!box) return false;
  const toasts = await page
    .locator('.toast')
    .evaluateAll((nodes) => nodes.filter((n) => (n as HTMLElement).offsetParent !== null).map((n) => n.getBoundingClientRect().toJSON() as DOMRect));
  return toasts.some((t) => t.left < box.x + box.width && box.x < t.right && t.top < box.y + box.height && box.y < t.bottom);
}

test('nine adds leave three toasts and "+N more"; a repeat replaces; the stack sits in the dialog, clear of its buttons', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const name = `qwzxv-toasts-${unique()}.com`;
  await becomeNewCustomer(page, [name]);
  // The Advanced tab (DNS records) is an account preference; the page reads it when loaded.
  await page.request.patch('/api/accounts/0', { data: { advancedEnabled: true } });
  await page.reload();
  const dialog = await openDnsRecords(page, name);
  const stack = page.locator('.toasts');
  const addButton = dialog.getByRole('button', { name: 'Add Record' });

  await add(dialog, 'A', 'shop', 'IPv4 address', '203.0.113.21');
  await add(dialog, 'A', 'blog', 'IPv4 address', '203.0.113.22');
  // The same message again: one toast, counted, not two.
  await expect(page.locator('.toast')).toHaveCount(1);
  await expect(page.locator('.toast')).toContainText('A record added ×2');
  await add(dialog, 'TXT', 'notes', 'Text', 'hello=1');
  await add(dialog, 'AAAA', 'shop', 'IPv6 address', '2001:db8::21');
  await add(dialog, 'MX', 'lists', 'Mail server', 'mx.lists.example.net');
  await add(dialog, 'CNAME', 'docs', 'Points to', 'docs.example.net');
  await add(dialog, 'TXT', 'more', 'Text', 'hello=2');
  await add(dialog, 'A', 'api', 'IPv4 address', '203.0.113.23');
  await add(dialog, 'AAAA', 'api', 'IPv6 address', '2001:db8::23');

  // Eight distinct toasts (the first two adds merged): three shown, five folded.
  await expect(page.locator('.toast:visible')).toHaveCount(3);
  await expect(page.locator('.toast:visible').last()).toContainText('AAAA record added');
  await expect(stack.getByRole('button', { name: '+5 more' })).toBeVisible();
  // Inside the open dialog, so it is above its backdrop and can be pressed.
  expect(await stack.evaluate((element) => element.closest('dialog[open]') !== null)).toBe(true);
  expect(await overlaps(page, addButton)).toBe(false);
  expect(await overlaps(page, dialog.getByText('Close', { exact: true }))).toBe(false);
  await dialog.screenshot({ path: testInfo.outputPath('toasts-1280.png') });
  expect((await new AxeBuilder({ page }).include('.toasts').analyze()).violations).toEqual([]);

  // On a phone the dialog fills the screen: the stack still covers neither button once it is scrolled to.
  await page.setViewportSize({ width: 390, height: 844 });
  await addButton.scrollIntoViewIfNeeded();
  await expect(page.locator('.toast:visible')).toHaveCount(3);
  expect(await overlaps(page, addButton)).toBe(false);
  await addButton.click({ trial: true });
  // Scrolled to its end, the dialog stays there: looking for the stack's place must not move what is under the finger.
  const atEnd = await addButton.evaluate(async (button) => {
    let scroller = button.parentElement;
    while (scroller && scroller.scrollHeight <= scroller.clientHeight) scroller = scroller.parentElement;
    if (!scroller) return 'no scrolling area';
    scroller.scrollTop = scroller.scrollHeight;
    const before = button.getBoundingClientRect().top;
    for (let frame = 0; frame < 10; frame++) await new Promise(requestAnimationFrame);
    return button.getBoundingClientRect().top === before ? 'still' : `moved ${button.getBoundingClientRect().top - before} px`;
  });
  expect(atEnd).toBe('still');
  await page.screenshot({ path: testInfo.outputPath('toasts-390.png') });

  await stack.getByRole('button', { name: '+5 more' }).click();
  await expect(page.locator('.toast:visible')).toHaveCount(8);
  await stack.getByRole('button', { name: 'Dismiss all' }).click();
  await expect(page.locator('.toast')).toHaveCount(0);
});
