/**
 * The header's live parts without a framework: cart badge and 'Log In' / 'My Account' from the shared cart
 * nanostore, the phone menu (closes 50 ms after focus leaves it, Escape closes it), and the toast stack.
 * Pages without a real island therefore load no React at all.
 */
import { $cartCount, $isLoggedIn, refreshCart } from '../stores/cart.ts';
import { showCarriedToasts } from '@kit/carried-toasts.ts';
import { mountToastStack } from '@kit/toast-stack.ts';

export const mobileMenuCloseDelayMs = 50;

function showWhen(root: ParentNode, isLoggedIn: boolean) {
  for (const element of root.querySelectorAll<HTMLElement>('[data-when]')) {
    element.hidden = element.dataset.when !== (isLoggedIn ? 'logged-in' : 'logged-out');
  }
}

function renderCount(header: HTMLElement, count: number) {
  const link = header.querySelector<HTMLAnchorElement>('[data-cart-link]');
  if (link) {
    link.setAttribute('aria-label', count > 0 ? `Shopping cart, ${count} item${count === 1 ? '' : 's'}` : 'Shopping cart');
    let badge = link.querySelector<HTMLElement>('.cart-count');
    if (count > 0) {
      if (!badge) {
        badge = document.createElement('span');
        badge.className = 'cart-count';
        badge.dataset.testid = 'cart-count';
        link.append(badge);
      }
      badge.textContent = String(count);
    } else {
      badge?.remove();
    }
  }
  for (const menuCount of header.querySelectorAll<HTMLElement>('[data-menu-count]')) {
    menuCount.firstChild!.textContent = String(count);
    menuCount.querySelector('.visually-hidden')!.textContent = ` ${count === 1 ? 'item' : 'items'}`;
  }
}

function bindMobileMenu(menu: HTMLElement) {
  const button = menu.querySelector<HTMLButtonElement>('.mobile-menu-button')!;
  const panel = menu.querySelector<HTMLElement>('.mobile-menu-panel')!;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
    menu.querySelector('.icon-open')?.toggleAttribute('hidden', open);
    menu.querySelector('.icon-close')?.toggleAttribute('hidden', !open);
  };
  button.addEventListener('click', () => setOpen(panel.hidden));
  menu.addEventListener('focusout', () => {
    closeTimer = setTimeout(() => setOpen(false), mobileMenuCloseDelayMs);
  });
  menu.addEventListener('focusin', () => clearTimeout(closeTimer));
  menu.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !panel.hidden) {
      setOpen(false);
      button.focus();
    }
  });
}

/** The toast stack every page has (Base layout), header or not. */
export function startToasts() {
  const stack = document.querySelector<HTMLElement>('[data-toasts]');
  if (!stack) return;
  mountToastStack(stack);
  showCarriedToasts();
}

export function startHeader() {
  const header = document.querySelector<HTMLElement>('.site-header');
  if (!header) return;
  const menu = header.querySelector<HTMLElement>('[data-mobile-menu]');
  if (menu) bindMobileMenu(menu);
  $cartCount.subscribe((count) => renderCount(header, count));
  $isLoggedIn.subscribe((isLoggedIn) => showWhen(header, isLoggedIn));
  header.dataset.ready = 'true';
  void refreshCart();
}
