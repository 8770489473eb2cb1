/**
 * Signed-in buyer: contact summary, the current payment method with Edit, saved cards and 'New Payment Method'.
 * Picking a saved card patches the cart but keeps the list open until Done: closing it on the server's answer
 * pulled the focused radio out from under the buyer (a keyboard user arrowing through the cards was thrown out
 * after the first one, WCAG 3.2.2) and made browser tests flaky.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { type CartSummary, patchCart, refreshCart } from '../../stores/cart.ts';

// Only for 'New Payment Method': a returning buyer usually picks a saved card.
const CardForm = lazy(() => import('@kit/card/CardForm.tsx'));

export default function LoggedInPayment({ cart }: { cart: CartSummary }) {
  const id = useId();
  const [editing, setEditing] = useState(!cart.paymentSetupComplete);
  const [adding, setAdding] = useState(cart.$paymentMethods.length === 0);
  // The card just picked, shown checked at once while the cart is patched; null shows the cart's own choice.
  const [picked, setPicked] = useState<number | null>(null);
  const chosenId = picked ?? cart.paymentMethodId;
  const editButton = useRef<HTMLButtonElement>(null);
  const cardList = useRef<HTMLFieldSetElement>(null);
  // Where focus goes once the list opens or closes, so it never drops to the page body.
  const focusAfterRender = useRef<'edit' | 'list' | null>(null);
  useEffect(() => {
    if (focusAfterRender.current === 'edit') editButton.current?.focus();
    if (focusAfterRender.current === 'list') cardList.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
    focusAfterRender.current = null;
  });
  const contact = cart.$accountContact;
  const pick = async (paymentMethodId: number) => {
    setAdding(false);
    setPicked(paymentMethodId);
    await patchCart({ paymentMethodId });
    // Saved: the cart now says so. Refused: the cart's earlier choice shows again (the fetcher toasts why).
    setPicked((current) => (current === paymentMethodId ? null : current));
  };
  const openList = () => {
    focusAfterRender.current = 'list';
    setEditing(true);
  };
  const closeList = () => {
    focusAfterRender.current = 'edit';
    setEditing(false);
  };
  return (
    <section className="checkout-step card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="step-title">
        Contact &amp; payment
      </h2>
      {contact && (
        <div className="contact-summary">
          <h3 className="label">Registrant contact</h3>
          <p>
            {contact.firstName} {contact.lastName}
            {contact.company ? `, ${contact.company}` : ''}
            <br />
            {contact.address}, {contact.city}, {contact.state} {contact.zip}, {contact.country}
            <br />
            {contact.email} · {contact.phone}
          </p>
        </div>
      )}
      <h3 className="label">Payment method</h3>
      {!editing && (
        <div className="payment-summary">
          <span>{cart.$paymentMethodDescription}</span>
          <button ref={editButton} type="button" className="btn btn-secondary btn-sm" onClick={openList}>
            Edit
          </button>
        </div>
      )}
      {editing && (
        <fieldset ref={cardList} className="saved-cards">
          <legend className="visually-hidden">Choose a payment method</legend>
          {cart.$paymentMethods.map((method) => (
            <label key={method.paymentMethodId} className="radio-row">
              <input
                type="radio"
                name={`${id}-method`}
                checked={!adding && chosenId === method.paymentMethodId}
                onChange={() => pick(method.paymentMethodId)}
              />
              <span>
                {method.description}
                {method.isDefault ? <span className="badge">Default</span> : null}
              </span>
            </label>
          ))}
          <label className="radio-row">
            <input type="radio" name={`${id}-method`} checked={adding} onChange={() => setAdding(true)} />
            <span>New Payment Method</span>
          </label>
          {adding && (
            <Suspense fallback={<p className="muted">Loading the card form…</p>}>
              <CardForm
                onSaved={async () => {
                  await refreshCart();
                  setAdding(false);
                  closeList();
                }}
                onCancel={cart.$paymentMethods.length ? () => setAdding(false) : undefined}
              />
            </Suspense>
          )}
          {cart.paymentSetupComplete && !adding && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={closeList} disabled={picked !== null}>
              Done
            </button>
          )}
        </fieldset>
      )}
    </section>
  );
}
