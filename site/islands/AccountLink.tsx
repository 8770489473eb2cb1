/** 'Log In' when logged out, 'My Account' when logged in (from the cart's $isLoggedIn). */
import { useStore } from '@nanostores/react';
import { $isLoggedIn } from '../stores/cart.ts';

export default function AccountLink() {
  const isLoggedIn = useStore($isLoggedIn);
  return isLoggedIn ? (
    <a className="btn btn-secondary btn-sm account-link" href="/account">
      My Account
    </a>
  ) : (
    <a className="btn btn-primary btn-sm account-link" href="/login">
      Log In
    </a>
  );
}
