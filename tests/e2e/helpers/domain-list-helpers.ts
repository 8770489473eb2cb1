/** Finding a domain in My Domains' list: its group of rows (the row, a suspension note, the Manage panel once open). */
import type { Locator, Page } from '@playwright/test';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The domain's rows: its row header starts with the name (notices such as "For sale" follow it). */
export function domainEntry(page: Page, name: string): Locator {
  return page.getByTestId('domain').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${escapeRegExp(name)}(\\s|$)`) }) });
}

/** Opens the domain's Manage panel (its tabs) from its row, unless it is open already, and returns the domain's rows. */
export async function manageDomain(page: Page, name: string): Promise<Locator> {
  const entry = domainEntry(page, name);
  const panel = page.getByRole('article', { name, exact: true });
  if (!(await panel.isVisible())) await entry.getByRole('button', { name: `Manage ${name}`, exact: true }).click();
  await panel.getByRole('tab').first().waitFor();
  return entry;
}
