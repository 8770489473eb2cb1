/** /cart: options per domain, the contact and payment step, order summary, CHECKOUT, Continue Shopping, consent. */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { isContactComplete } from '../../../api/contract/carts/checkout-contact.ts';
import { genericErrorMessage } from '@kit/api.ts';
import { showToast } from '@kit/toasts.ts';
import { LoadWhenNear } from '../../lib/LoadWhenNear.tsx';
import { $cart, clearCartCache, refreshCart } from '../../stores/cart.ts';
import ItemOptions from './ItemOptions.tsx';
import OrderSummary from './OrderSummary.tsx';
import './cart.css';

// The contact and payment step is most of the cart's script (phone numbers, countries, card form): it loads as the
// visitor nears it, so the items and the summary paint without waiting for it.
const VisitorCheckout = lazy(() => import('./VisitorCheckout.tsx'));
const LoggedInPayment = lazy(() => import('./LoggedInPayment.tsx'));
// Only for a card that asks for authentication at checkout (sandbox mode).
const AuthDialog = lazy(() => import('@kit/card/AuthDialog.tsx'));

function CheckoutStepPlaceholder({ title }: { title: string }) {
  return (
    <section className="checkout-step card checkout-step-loading" aria-busy="true">
      <h2 className="step-title">{title}</h2>
      <p className="muted">
        <span className="spinner" aria-hidden="true" /> Loading…
      </p>
    </section>
  );
}

type ButtonState = 'ready' | 'loading' | 'complete';

export default function CartPage() {
  const cart = useStore($cart);
  const [loaded, setLoaded] = useState(false);
  // The header's script may fill the cart store before this island hydrates: until it has, render what the server did
  // (no cart yet), so the first markup matches and React does not throw the server's away (#418).
  const [hydrated, setHydrated] = useState(false);
  const [state, setState] = useState<ButtonState>('ready');
  const [authIntent, setAuthIntent] = useState<string | null>(null);
  // Mounted from the first authentication on and kept, so closing it hands the focus back like any dialog.
  const [authAsked, setAuthAsked] = useState(false);
  const authAnswer = useRef<((outcome: 'complete' | 'fail') => void) | null>(null);

  useEffect(() => {
    setHydrated(true);
    void refreshCart().then(() => setLoaded(true));
  }, []);

  if (!hydrated || (!loaded && !cart)) {
    return (
      <p className="cart-loading" aria-live="polite">
        <span className="spinner" aria-hidden="true" /> Loading your cart…
      </p>
    );
  }

  const items = cart?.cartItems ?? [];
  if (!cart || items.length === 0) {
    return (
      <div className="cart-empty card">
        <h1>Your cart is empty</h1>
        <p className="muted">Find a name for your idea, or bring a domain you already own.</p>
        <div className="button-row center">
          <a className="btn btn-spot" href="/search">
            Buy a Domain
          </a>
          <a className="btn btn-secondary" href="/transfer">
            Transfer a Domain
          </a>
        </div>
      </div>
    );
  }

  const ready = cart.$isLoggedIn
    ? cart.paymentSetupComplete
    : cart.paymentSetupComplete && isContactComplete(cart.contact) && cart.verified && cart.$hasPassword;

  const authenticate = (intentId: string) =>
    new Promise<'complete' | 'fail'>((resolve) => {
      authAnswer.current = resolve;
      setAuthAsked(true);
      setAuthIntent(intentId);
    });

  const checkout = async () => {
    if (!ready || state !== 'ready') return;
    setState('loading');
    const { checkoutFallbackMessage, completeCheckout } = await import('./checkout-flow.ts');
    const outcome = await completeCheckout(cart.cartId, cart.contact?.statedSource, authenticate);
    if (outcome.ok) {
      setState('complete');
      clearCartCache();
      // The storefront spec lands the buyer on My Domains; its order panel says what each name got and what was not
      // charged (a transfer waiting for a new auth code, a name refused or not yet confirmed), so no toast repeats it.
      window.location.assign(outcome.answer.orderId ? `/account/domains?order=${outcome.answer.orderId}` : '/account/domains');
      return;
    }
    setState('ready');
    showToast(outcome.message && outcome.message !== genericErrorMessage ? outcome.message : checkoutFallbackMessage, 'warning');
    if (!outcome.requiredAction) void refreshCart();
  };

  const count = items.length;
  return (
    <div className="cart-layout">
      <div className="cart-main">
        <h1 className="cart-title">
          Your cart{' '}
          <span className="muted">
            ({count} domain{count === 1 ? '' : 's'})
          </span>
        </h1>
        {items.map((item) => (
          <ItemOptions key={item.cartItemId} item={item} tax={cart.$tax} />
        ))}
        {cart.$isLoggedIn ? (
          <LoadWhenNear placeholder={<CheckoutStepPlaceholder title="Contact & payment" />}>
            <LoggedInPayment cart={cart} />
          </LoadWhenNear>
        ) : (
          <LoadWhenNear placeholder={<CheckoutStepPlaceholder title="Your details" />}>
            <VisitorCheckout cart={cart} />
          </LoadWhenNear>
        )}
      </div>
      <aside className="cart-aside">
        <OrderSummary cart={cart} />
        <div className="checkout-actions">
          <button
            type="button"
            className="btn btn-spot checkout-button"
            aria-disabled={!ready || state !== 'ready'}
            aria-describedby="checkout-hint"
            onClick={checkout}
          >
            {state === 'loading' ? (
              <>
                <span className="spinner" aria-hidden="true" />
                <span className="visually-hidden">Processing your order</span>
              </>
            ) : state === 'complete' ? (
              'Done'
            ) : (
              'CHECKOUT'
            )}
          </button>
          <p id="checkout-hint" className="field-hint" aria-live="polite">
            {ready ? '' : cart.$isLoggedIn ? 'Choose a payment method to check out.' : 'Fill in your details, verify your phone and add a card to check out.'}
          </p>
          <p className="consent">
            By registering an account, you agree to our <a href="/terms">Terms &amp; Conditions</a> and <a href="/privacy">Privacy Policy</a>.
          </p>
          <a className="continue-link" href="/search">
            Continue Shopping
          </a>
        </div>
      </aside>
      {authAsked && (
        <Suspense fallback={null}>
          <AuthDialog
            open={authIntent != null}
            what="payment"
            onAnswer={(outcome) => {
              setAuthIntent(null);
              authAnswer.current?.(outcome);
              authAnswer.current = null;
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
