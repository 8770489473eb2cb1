/** The Manage DNS Records dialog in journeys: opening it from a domain's Advanced tab, and filling its add form. */
import type { Locator, Page } from '@playwright/test';
import { manageDomain } from './domain-list-helpers.ts';

/** Opens the domain's Manage panel on Advanced, then Manage DNS Records; returns the dialog. */
export async function openDnsRecords(page: Page, name: string): Promise<Locator> {
  await manageDomain(page, name);
  const panel = page.getByRole('article', { name, exact: true });
  await panel.getByRole('tab', { name: 'Advanced' }).click();
  await panel.getByRole('button', { name: 'Manage DNS Records' }).click();
  return page.getByRole('dialog', { name: 'Manage DNS Records' });
}

/** Fills the add form (`label` names the type's value field; an MX gets priority 10) and presses Add Record. */
export async function addRecord(dialog: Locator, type: string, host: string, label: string, data: string) {
  await dialog.getByLabel('Type').selectOption(type);
  await dialog.getByLabel('Host').fill(host);
  await dialog.getByLabel(label, { exact: true }).fill(data);
  if (type === 'MX') await dialog.getByLabel('Priority').fill('10');
  await dialog.getByRole('button', { name: 'Add Record' }).click();
}
