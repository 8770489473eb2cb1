/** Content-Security-Policy violations a page reports (the console shows the same), gathered from before its first script runs. */
import type { Page } from '@playwright/test';

export async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return async () => [...consoleErrors, ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations))];
}
