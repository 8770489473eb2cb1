/**
 * A listed domain's For Sale page (/for-sale/<domain>, control-panel spec §5, §9): the name, its list price and, when
 * the owner takes offers, an offer form (bot-checked at submit; the API stores it and emails the owner).
 */
import { useEffect, useId, useState } from 'react';
import { formatMoney } from '../../../api/contract/money.ts';
import type { ForSaleListing } from '../../../api/contract/selling/sale.ts';
import { getBotToken } from '../../lib/bot-check.ts';

type Load = { phase: 'loading' } | { phase: 'missing'; domain: string } | { phase: 'listed'; listing: ForSaleListing };
type Send = { phase: 'idle' } | { phase: 'sending' } | { phase: 'sent'; message: string } | { phase: 'error'; message: string };

function domainFromPath(): string {
  const part = window.location.pathname.replace(/^\/for-sale\/?/, '').replace(/\/$/, '');
  try {
    return decodeURIComponent(part).toLowerCase();
  } catch {
    return '';
  }
}

function toCents(text: string): number {
  const match = /^\s*\$?\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text.replace(/,/g, ''));
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN;
}

export default function ForSalePage({ supportEmail }: { supportEmail: string }) {
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  const [send, setSend] = useState<Send>({ phase: 'idle' });
  const [form, setForm] = useState({ amount: '', name: '', email: '', message: '' });
  const id = useId();

  useEffect(() => {
    const domain = domainFromPath();
    if (!domain) return setLoad({ phase: 'missing', domain: '' });
    document.title = `${domain} is for sale`;
    fetch(`/api/forSale/${encodeURIComponent(domain)}`, { headers: { accept: 'application/json' } })
      .then(async (response) => (response.ok ? setLoad({ phase: 'listed', listing: (await response.json()) as ForSaleListing }) : setLoad({ phase: 'missing', domain })))
      .catch(() => setLoad({ phase: 'missing', domain }));
  }, []);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (load.phase !== 'listed' || send.phase === 'sending') return;
    const amount = toCents(form.amount);
    if (!Number.isFinite(amount)) return setSend({ phase: 'error', message: 'Please enter your offer in dollars, such as 1500' });
    setSend({ phase: 'sending' });
    const token = await getBotToken();
    if (!token) return setSend({ phase: 'error', message: 'The bot check could not run. Please reload the page and try again.' });
    const response = await fetch(`/api/forSale/${encodeURIComponent(load.listing.domain)}/offers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ amount, name: form.name, email: form.email, message: form.message || undefined, token }),
    }).catch(() => null);
    const body = (await response?.json().catch(() => null)) as { message?: string } | null;
    if (response?.ok) setSend({ phase: 'sent', message: body?.message ?? 'Your offer was sent.' });
    else setSend({ phase: 'error', message: body?.message ?? 'Your offer could not be sent. Please try again.' });
  }

  if (load.phase === 'loading') return <p className="for-sale-loading" role="status">Loading…</p>;
  if (load.phase === 'missing') {
    return (
      <div className="for-sale-card">
        <h1 className="for-sale-name">{load.domain || 'Domain'} is not for sale here</h1>
        <p>
          Looking for a name? <a href="/search">Search for available domains</a>.
        </p>
      </div>
    );
  }
  const { listing } = load;
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setForm({ ...form, [key]: event.target.value }),
  });
  return (
    <div className="for-sale-card">
      <p className="for-sale-eyebrow">This domain is for sale</p>
      <h1 className="for-sale-name">{listing.domain}</h1>
      <p className="for-sale-price">
        <span className="for-sale-price-label">Buy it now for</span> <strong>{formatMoney(listing.listPrice)}</strong>
      </p>
      <p className="for-sale-note">
        To buy at the list price, email <a href={`mailto:${supportEmail}?subject=${encodeURIComponent(`Buying ${listing.domain}`)}`}>{supportEmail}</a>: we hold
        the payment and move the domain to you safely.
      </p>
      {listing.acceptOffers && (
        <section aria-labelledby={`${id}-offer`} className="for-sale-offer">
          <h2 id={`${id}-offer`}>Make an Offer</h2>
          {send.phase === 'sent' ? (
            <p className="for-sale-sent" role="status">
              {send.message}
            </p>
          ) : (
            <form onSubmit={submit} aria-busy={send.phase === 'sending'} noValidate>
              <div className="for-sale-grid">
                <div className="field">
                  <label htmlFor={`${id}-amount`}>Your offer (USD)</label>
                  <input id={`${id}-amount`} className="input" inputMode="decimal" required autoComplete="off" {...field('amount')} />
                </div>
                <div className="field">
                  <label htmlFor={`${id}-name`}>Your name</label>
                  <input id={`${id}-name`} className="input" required autoComplete="name" {...field('name')} />
                </div>
                <div className="field">
                  <label htmlFor={`${id}-email`}>Your email</label>
                  <input id={`${id}-email`} className="input" type="email" required autoComplete="email" {...field('email')} />
                </div>
              </div>
              <div className="field">
                <label htmlFor={`${id}-message`}>Message to the owner (optional)</label>
                <textarea id={`${id}-message`} className="input" rows={3} maxLength={1000} {...field('message')} />
              </div>
              {send.phase === 'error' && (
                <p className="field-error" role="alert">
                  {send.message}
                </p>
              )}
              <button type="submit" className="btn btn-spot" disabled={send.phase === 'sending'}>
                {send.phase === 'sending' ? 'Sending…' : 'Send Offer'}
              </button>
            </form>
          )}
        </section>
      )}
    </div>
  );
}
