/**
 * Label in name (WCAG 2.5.3): a speech-input user says what they see ("click Add to Cart"), so every control's
 * accessible name must contain its visible label. Names come from Chromium's own accessibility tree (CDP), not
 * from our reading of aria-label, so aria-labelledby, labels and hidden text all count as a screen reader hears them.
 */
import type { Page } from '@playwright/test';

const controlRoles = new Set(['button', 'link', 'checkbox', 'radio', 'switch', 'textbox', 'searchbox', 'combobox', 'tab', 'menuitem', 'spinbutton']);

/**
 * The words a sighted user reads on a control (its own text, or its <label> for a form field). Text that is not
 * painted (display none, visibility hidden, transparent, clipped away like .visually-hidden) does not count.
 * Runs in the page with the control as `this`; it must not refer to anything outside itself.
 */
function readVisibleLabel(this: Element): string | null {
  const isPainted = (element: Element, stop: Element | null): boolean => {
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    for (let at: Element | null = element; at && at !== stop; at = at.parentElement) {
      const style = getComputedStyle(at);
      const box = at.getBoundingClientRect();
      if (style.clipPath !== 'none' || (style.clip !== 'auto' && style.position === 'absolute')) return false;
      if (style.overflow !== 'visible' && (box.width <= 1 || box.height <= 1)) return false;
    }
    return true;
  };
  const paintedText = (root: Element): string => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const parts: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && isPainted(parent, root.parentElement)) parts.push(node.textContent ?? '');
    }
    return parts.join(' ');
  };
  if (!isPainted(this, null)) return null;
  if (this instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(this.type)) return this.value;
  if (this instanceof HTMLInputElement || this instanceof HTMLSelectElement || this instanceof HTMLTextAreaElement) {
    return [...(this.labels ?? [])].map(paintedText).join(' ');
  }
  return paintedText(this);
}

/** Lower case, letters and digits only: "Add to Cart" and "add to cart…" read the same when spoken. */
const spoken = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Every control on the page whose accessible name does not contain its visible label, as "role "name" shows "label"". */
export async function namesWithoutVisibleLabel(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const readLabel = async (backendNodeId: number) => {
    const { object } = await cdp.send('DOM.resolveNode', { backendNodeId });
    if (!object.objectId) return '';
    const { result } = await cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId,
      functionDeclaration: readVisibleLabel.toString(),
      returnByValue: true,
    });
    return typeof result.value === 'string' ? spoken(result.value) : '';
  };
  const readName = async (backendNodeId: number) => {
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { backendNodeId, fetchRelatives: false });
    return String(nodes[0]?.name?.value ?? '');
  };
  const hasLabelInName = (name: string, label: string) => !label || ` ${spoken(name)} `.includes(` ${label} `);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('Accessibility.enable');
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const problems: string[] = [];
    for (const node of nodes) {
      const role = String(node.role?.value ?? '');
      if (node.ignored || !controlRoles.has(role) || node.backendDOMNodeId === undefined) continue;
      if (hasLabelInName(String(node.name?.value ?? ''), await readLabel(node.backendDOMNodeId))) continue;
      // The tree is a snapshot and the page may have moved on since (a badge appearing): read both again together.
      const label = await readLabel(node.backendDOMNodeId);
      const name = await readName(node.backendDOMNodeId);
      if (!hasLabelInName(name, label)) problems.push(`${role} "${name}" shows "${label}"`);
    }
    return problems;
  } finally {
    await cdp.detach();
  }
}
