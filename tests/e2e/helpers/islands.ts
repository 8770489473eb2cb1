/** Waits until an Astro island has hydrated (Astro drops the `ssr` attribute once the component is live). */
import { expect, type Page } from '@playwright/test';

export async function hydrated(page: Page, component: string): Promise<void> {
  const island = page.locator(`astro-island[component-url*="${component}"]`).first();
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr', /.*/);
}
