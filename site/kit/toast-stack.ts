/**
 * The toast stack, without a framework so the site's React-free pages and both SPAs show the same one (DESIGN.md
 * "Front ends"): at most three toasts, older ones folded behind "+N more" with "Dismiss all"; never over what the
 * customer must press.
 *
 * Where it sits, and why:
 * - An open modal <dialog> is in the browser's top layer and makes the rest of the page inert: a stack outside it
 *   shows dimmed under the backdrop and cannot be clicked. So while toasts show, the stack lives inside the topmost
 *   open dialog (still `position: fixed` to the viewport, a dialog being no containing block) and goes back to <body>
 *   when the dialog closes.
 * - It stays clear of what must be pressed: the open dialog's box, or, with no dialog, the page's primary actions in
 *   view (`.btn-primary`, `.btn-spot`, submit buttons, anything marked `data-primary-action`). It tries its current
 *   place, then the bottom (its usual place, bottom-left; full width on a phone), then the top. With a dialog too
 *   tall for either (a phone), it goes first in the dialog and sticks to the top of its scrolling area: it pushes the
 *   content down, and whatever scrolls under it can be scrolled clear of it, so no button is out of reach. With no
 *   free place on a page it takes the one covering least. It looks again when the toasts change, the page
 *   scrolls or resizes, or the page changes.
 */
import { $toasts, dismissAllToasts, dismissToast, type Toast } from './toasts.ts';

export const maxVisibleToasts = 3;

type Placement = 'bottom' | 'top' | 'inline';

const probeClass = 'toasts-probe';

const primaryActions = '.btn-primary, .btn-spot, button[type="submit"], [data-primary-action]';

/** Shows $toasts in `stack` (the site's element in its Base layout) or in a new element of its own; returns a stop function. */
export function mountToastStack(existing?: HTMLElement): () => void {
  const stack = existing ?? document.createElement('div');
  stack.classList.add('toasts');
  stack.setAttribute('role', 'status');
  stack.setAttribute('aria-live', 'polite');
  if (!stack.isConnected) document.body.append(stack);
  /** Where it lives while no dialog is open. */
  const home = stack.parentElement ?? document.body;

  const items = new Map<number, HTMLElement>();
  let expanded = false;
  let toasts: readonly Toast[] = [];
  /** Modal dialogs in the order they opened: the last one is on top. */
  let dialogs: HTMLDialogElement[] = [];
  let frame = 0;

  const bar = document.createElement('div');
  bar.className = 'toasts-bar';
  const more = button('toasts-more', () => {
    expanded = !expanded;
    render();
  });
  const dismissAll = button('toasts-dismiss-all', () => dismissAllToasts());
  dismissAll.textContent = 'Dismiss all';
  bar.append(more, dismissAll);

  function render() {
    const hidden = expanded ? 0 : Math.max(0, toasts.length - maxVisibleToasts);
    if (toasts.length <= maxVisibleToasts) expanded = false;
    const shown = toasts.slice(hidden);
    for (const [id, element] of items) {
      if (!toasts.some((toast) => toast.id === id)) {
        element.remove();
        items.delete(id);
      }
    }
    const children: HTMLElement[] = [];
    if (toasts.length > maxVisibleToasts) {
      more.textContent = expanded ? 'Show fewer' : `+${hidden} more`;
      more.setAttribute('aria-expanded', String(expanded));
      children.push(bar);
    }
    for (const toast of shown) children.push(items.get(toast.id) ?? item(toast));
    // Only what changed is touched, so a screen reader announces the new toast, not the whole stack again.
    children.forEach((child, index) => {
      if (stack.children[index] !== child) stack.insertBefore(child, stack.children[index] ?? null);
    });
    while (stack.children.length > children.length) stack.lastElementChild?.remove();
    stack.hidden = toasts.length === 0;
    place();
  }

  function item(toast: Toast): HTMLElement {
    const element = document.createElement('div');
    element.className = `toast toast-${toast.kind}`;
    if (toast.kind === 'error') element.setAttribute('role', 'alert');
    const text = document.createElement('p');
    text.textContent = toast.message;
    if (toast.repeats > 1) {
      const count = document.createElement('span');
      count.className = 'toast-repeats';
      count.textContent = ` ×${toast.repeats}`;
      count.setAttribute('aria-hidden', 'true');
      const spoken = document.createElement('span');
      spoken.className = 'visually-hidden';
      spoken.textContent = ` (${toast.repeats} times)`;
      text.append(count, spoken);
    }
    const close = button('toast-close', () => dismissToast(toast.id));
    close.setAttribute('aria-label', 'Close notification');
    close.textContent = '×';
    element.append(text, close);
    items.set(toast.id, element);
    return element;
  }

  /** The host (topmost open modal dialog, else <body>), then the first place there that covers nothing it must not. */
  function place() {
    cancelAnimationFrame(frame);
    frame = 0;
    if (toasts.length === 0) {
      if (stack.parentElement !== home) home.append(stack);
      delete stack.dataset.placement;
      return;
    }
    dialogs = dialogs.filter((dialog) => dialog.isConnected && dialog.open);
    const dialog = dialogs.at(-1) ?? null;
    const host = dialog ?? home;
    const current = (stack.dataset.placement as Placement | undefined) ?? 'bottom';
    const keepClear = dialog ? [dialog.getBoundingClientRect()] : visiblePrimaryActions();
    const candidates = [...new Set<Placement>([current === 'inline' ? 'bottom' : current, 'bottom', 'top'])];
    let best: { placement: Placement; covered: number } | null = null;
    if (stack.parentElement !== host) host.append(stack);
    for (const placement of candidates) {
      const covered = coveredArea(boxAt(placement, host), keepClear);
      if (covered === 0) {
        stack.dataset.placement = placement;
        return;
      }
      if (!best || covered < best.covered) best = { placement, covered };
    }
    if (dialog) {
      stack.dataset.placement = 'inline';
      if (dialog.firstChild !== stack) dialog.prepend(stack);
    } else if (best) {
      stack.dataset.placement = best.placement;
    }
  }

  /**
   * Where the stack would be in a fixed place, measured on an invisible copy: trying the place on the stack itself
   * would take it out of the dialog's flow for a moment, and a dialog scrolled to its end would jump back by the
   * stack's height (its scroll clamped to the shorter content) under the finger or pointer about to press a button.
   */
  function boxAt(placement: Placement, host: HTMLElement): DOMRect {
    if (stack.dataset.placement === placement && stack.parentElement === host) return stack.getBoundingClientRect();
    const probe = stack.cloneNode(true) as HTMLElement;
    probe.classList.add(probeClass);
    probe.removeAttribute('role');
    probe.removeAttribute('aria-live');
    probe.setAttribute('aria-hidden', 'true');
    probe.inert = true;
    probe.style.visibility = 'hidden';
    probe.dataset.placement = placement;
    host.append(probe);
    const box = probe.getBoundingClientRect();
    probe.remove();
    return box;
  }

  function placeSoon() {
    if (toasts.length === 0 || frame) return;
    frame = requestAnimationFrame(place);
  }

  function noteDialogs() {
    const open = [...document.querySelectorAll('dialog')].filter((dialog) => dialog.open && isModal(dialog));
    dialogs = [...dialogs.filter((dialog) => open.includes(dialog)), ...open.filter((dialog) => !dialogs.includes(dialog))];
  }

  // Dialogs opening and closing (their `open` attribute), and pages changing under the stack.
  const observer = new MutationObserver((all) => {
    // The copies boxAt measures come and go: they change nothing to look again for.
    const records = all.filter(
      (record) => ![...record.addedNodes, ...record.removedNodes].some((node) => node instanceof Element && node.classList.contains(probeClass)),
    );
    if (
      records.some(
        (record) =>
          record.type === 'attributes' ||
          [...record.removedNodes, ...record.addedNodes].some(
            (node) => node.nodeName === 'DIALOG' || (node instanceof Element && node.querySelector('dialog')),
          ),
      )
    ) {
      noteDialogs();
      place();
      return;
    }
    if (records.some((record) => !stack.contains(record.target))) placeSoon();
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
  window.addEventListener('resize', placeSoon);
  window.addEventListener('scroll', placeSoon, { capture: true, passive: true });
  noteDialogs();

  const unsubscribe = $toasts.subscribe((next) => {
    toasts = next;
    render();
  });

  return () => {
    unsubscribe();
    observer.disconnect();
    window.removeEventListener('resize', placeSoon);
    window.removeEventListener('scroll', placeSoon, { capture: true });
    cancelAnimationFrame(frame);
    if (existing) home.append(stack);
    else stack.remove();
  };
}

function button(className: string, onClick: () => void): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  element.addEventListener('click', onClick);
  return element;
}

/** A dialog opened with showModal(): only those make the page inert (a non-modal one leaves the stack usable). */
function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(':modal');
  } catch {
    return true;
  }
}

function visiblePrimaryActions(): DOMRect[] {
  const width = window.innerWidth;
  const height = window.innerHeight;
  return [...document.querySelectorAll<HTMLElement>(primaryActions)]
    .filter((element) => !element.closest('.toasts'))
    .map((element) => element.getBoundingClientRect())
    .filter((rect) => rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < height && rect.right > 0 && rect.left < width);
}

function coveredArea(stack: DOMRect, rects: DOMRect[]): number {
  return rects.reduce((total, rect) => {
    const x = Math.min(stack.right, rect.right) - Math.max(stack.left, rect.left);
    const y = Math.min(stack.bottom, rect.bottom) - Math.max(stack.top, rect.top);
    return total + (x > 0 && y > 0 ? x * y : 0);
  }, 0);
}
