import { expect, test } from '@playwright/test';
import { hydrated } from '../helpers/islands.ts';

test.describe('WHOIS lookup', () => {
  test('shows the WHOIS record of a registered name under "Whois output for"', async ({ page }) => {
    await page.goto('/whois');
    await hydrated(page, 'WhoisLookup');
    await page.getByRole('textbox', { name: 'Domain name' }).fill('brightbeancoffee.com');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('heading', { name: 'Whois output for brightbeancoffee.com' })).toBeVisible();
    const record = page.getByRole('region', { name: 'WHOIS record for brightbeancoffee.com' });
    await expect(record).toContainText('Domain Name: BRIGHTBEANCOFFEE.COM');
    await expect(record).toContainText('Registrar: Dotspot, Inc.');
    await expect(record).toContainText('Registrant Name: REDACTED FOR PRIVACY');
  });

  test('says no matching domain was found for a free name with an extension', async ({ page }) => {
    await page.goto('/whois');
    await hydrated(page, 'WhoisLookup');
    await page.getByRole('textbox', { name: 'Domain name' }).fill('zqxv-unclaimed-meadow.com');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('alert')).toHaveText('No matching domain was found');
  });

  test('asks for an extension when the input has no dot', async ({ page }) => {
    await page.goto('/whois');
    await hydrated(page, 'WhoisLookup');
    await page.getByRole('textbox', { name: 'Domain name' }).fill('brightbeancoffee');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('alert')).toHaveText('No results found, try adding a tld (.com, .net, etc...)');
  });

  test('does not submit an empty name, and takes a name from ?domain=', async ({ page }) => {
    let lookups = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/whois/')) lookups++;
    });
    await page.goto('/whois');
    await hydrated(page, 'WhoisLookup');
    const input = page.getByRole('textbox', { name: 'Domain name' });
    await expect(input).toHaveAttribute('required', '');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(input).toBeFocused();
    expect(lookups).toBe(0);
    await page.goto('/whois?domain=quietharbor.org');
    await hydrated(page, 'WhoisLookup');
    await expect(page.getByRole('textbox', { name: 'Domain name' })).toHaveValue('quietharbor.org');
  });

  test('links onwards and states the usage terms', async ({ page }) => {
    await page.goto('/whois');
    await expect(page.getByRole('link', { name: 'Buy a Domain' })).toHaveAttribute('href', '/search');
    await expect(page.getByRole('link', { name: 'Start a Website' })).toHaveAttribute('href', '/website-builder');
    await expect(page.getByRole('link', { name: 'Get Custom Email' })).toHaveAttribute('href', '/email');
    await expect(page.getByText(/limit queries to 10 per minute and use only one connection/)).toBeVisible();
  });
});
