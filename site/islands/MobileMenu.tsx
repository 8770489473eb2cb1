/** The phone-width drop-down menu; it closes 50 ms after focus leaves it. */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { $cartCount, $isLoggedIn } from '../stores/cart.ts';

export const mobileMenuCloseDelayMs = 50;

export default function MobileMenu({ helpCenterUrl }: { helpCenterUrl: string }) {
  const [open, setOpen] = useState(false);
  const count = useStore($cartCount);
  const isLoggedIn = useStore($isLoggedIn);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  const links: { label: string; href: string; count?: number }[] = [
    { label: 'Shopping Cart', href: '/cart', count },
    { label: 'Search Domains', href: '/search' },
    { label: 'Transfer a Domain', href: '/transfer' },
    { label: 'Domain Info', href: '/domains' },
    { label: 'Website Builder', href: '/website-builder' },
    { label: 'Email', href: '/email' },
    { label: 'Pricing', href: '/pricing' },
    { label: 'Help Center', href: helpCenterUrl },
  ];
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only tracks focus leaving the menu; the button and links are the controls.
    <div
      className="mobile-menu"
      onBlur={() => {
        closeTimer.current = setTimeout(() => setOpen(false), mobileMenuCloseDelayMs);
      }}
      onFocus={() => clearTimeout(closeTimer.current)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button ref={buttonRef} type="button" className="mobile-menu-button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
        <span className="visually-hidden">Menu</span>
      </button>
      <nav id={menuId} className="mobile-menu-panel" hidden={!open} aria-label="Mobile">
        <ul>
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href}>
                {link.label}
                {link.count !== undefined && (
                  <span className="menu-count">
                    {link.count}
                    <span className="visually-hidden"> {link.count === 1 ? 'item' : 'items'}</span>
                  </span>
                )}
              </a>
            </li>
          ))}
        </ul>
        <div className="mobile-menu-actions">
          {isLoggedIn ? (
            <>
              <a className="btn btn-secondary" href="/account">
                My Account
              </a>
              <a className="btn btn-ghost" href="/login?logout=true">
                Log Out
              </a>
            </>
          ) : (
            <a className="btn btn-primary" href="/login">
              Log In
            </a>
          )}
        </div>
      </nav>
    </div>
  );
}
