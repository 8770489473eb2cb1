/** Signed-in buyer: contact summary, the current payment method with Edit, saved cards and 'New Payment Method'. */
import { useId, useState } from 'react';
import { type CartSummary, patchCart, refreshCart } from '../../stores/cart.ts';
import CardForm from './CardForm.tsx';

export default function LoggedInPayment({ cart }: { cart: CartSummary }) {
  const id = useId();
  const [editing, setEditing] = useState(!cart.paymentSetupComplete);
  const [adding, setAdding] = useState(cart.$paymentMethods.length === 0);
  const contact = cart.$accountContact;
  const pick = async (paymentMethodId: number) => {
    setAdding(false);
    if (await patchCart({ paymentMethodId })) setEditing(false);
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
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(true)}>
            Edit
          </button>
        </div>
      )}
      {editing && (
        <fieldset className="saved-cards">
          <legend className="visually-hidden">Choose a payment method</legend>
          {cart.$paymentMethods.map((method) => (
            <label key={method.paymentMethodId} className="radio-row">
              <input type="radio" name={`${id}-method`} checked={!adding && cart.paymentMethodId === method.paymentMethodId} onChange={() => pick(method.paymentMethodId)} />
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
            <CardForm
              onSaved={async () => {
                await refreshCart();
                setAdding(false);
                setEditing(false);
              }}
              onCancel={cart.$paymentMethods.length ? () => setAdding(false) : undefined}
            />
          )}
          {cart.paymentSetupComplete && !adding && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(false)}>
              Done
            </button>
          )}
        </fieldset>
      )}
    </section>
  );
}
