/**
 * Does every table on the page fit its viewport (issue #25: on a phone the Renew-all list hid the price and Protect
 * columns)? For each visible table: it lies inside the window, no box around it scrolls sideways to show it, no cell
 * of its rows is hidden (a stacked row or a priority of columns may rearrange cells, not drop what a customer must
 * see), and no cell's content spills out of it. The page itself must not scroll sideways either.
 */
import type { Page } from '@playwright/test';

export async function tablesThatDoNotFit(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const isShown = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
    const tables = [...document.querySelectorAll('table')].filter(isShown);
    const nameOf = (table: HTMLTableElement) =>
      table.caption?.textContent?.trim() ||
      table.getAttribute('aria-label') ||
      table.closest('dialog, section')?.querySelector('h2, h3')?.textContent?.trim() ||
      `table.${table.className}`;
    for (const table of tables) {
      const name = `"${nameOf(table)}" at ${width} px`;
      const rect = table.getBoundingClientRect();
      if (rect.left < -0.5 || rect.right > width + 0.5) problems.push(`${name} reaches from ${Math.round(rect.left)} to ${Math.round(rect.right)} px`);
      for (let box = table.parentElement; box && box !== document.body; box = box.parentElement) {
        const overflow = getComputedStyle(box).overflowX;
        if (overflow !== 'visible' && box.scrollWidth > box.clientWidth + 1) {
          problems.push(
            `${name} is ${box.scrollWidth} px wide in a ${box.clientWidth} px box (${box.tagName.toLowerCase()}.${box.className}) that scrolls or clips it`,
          );
        }
      }
      if (table.scrollWidth > table.clientWidth + 1 && getComputedStyle(table).display !== 'table')
        problems.push(`${name} holds ${table.scrollWidth} px in ${table.clientWidth} px`);
      // The table's own body and footer rows: a table nested in a cell (a domain's Manage panel in My Domains) is
      // checked as a table of its own, its header row never taken for a body row of the outer one.
      const ownRows = [...table.tBodies, ...(table.tFoot ? [table.tFoot] : [])].flatMap((section) => [...section.rows]);
      for (const row of ownRows) {
        for (const cell of row.children) {
          const text = cell.textContent?.trim() ?? '';
          const hasControl = cell.querySelector('input, button, select, a') !== null;
          if (!text && !hasControl) continue;
          if (!isShown(cell)) {
            problems.push(`${name} hides a cell ("${text.slice(0, 40)}") of the row "${row.textContent?.trim().slice(0, 40)}"`);
          } else if (cell.scrollWidth > cell.clientWidth + 1) {
            problems.push(`${name}: the cell "${text.slice(0, 40)}" spills out of it (${cell.scrollWidth} px in ${cell.clientWidth} px)`);
          }
        }
      }
    }
    const page = document.documentElement;
    if (page.scrollWidth > width + 1) problems.push(`the page scrolls sideways at ${width} px (${page.scrollWidth} px wide)`);
    return problems;
  });
}

/** How many tables are shown: a walk that finds none where it expects one proves nothing. */
export async function shownTables(page: Page): Promise<number> {
  return page.evaluate(() => [...document.querySelectorAll('table')].filter((table) => table.getClientRects().length > 0).length);
}
