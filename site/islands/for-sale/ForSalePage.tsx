/**
 * A listed domain's For Sale page (/for-sale/<domain>, control-panel spec §5, §9): the name, its list price with Buy it
 * now (the name goes into the cart as a market purchase and is paid through our checkout, issue 25 defect 4) and, when
 * the owner takes offers, an offer form (bot-checked at submit; the API stores it and emails the owner). With
 * `?offer=<token>` from an accepted offer's email, Buy it now is at the offer's amount. Checkout taxes the sale as any
 * line, so the price is shown as the cart will charge it for the visitor's prices country (with VAT in it for an EU
 * consumer), under the "Prices for" line; an offer is before tax, and the note under its field says what comes on top.
 */
import { useEffect, useId, useState } from 'react';
import { type ApiFailure, isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { formatDate } from '@kit/dates.ts';
import { shownPrice } from '../../../api/contract/billing/tax.ts';
import { formatMoney } from '../../../api/contract/money.ts';
import type { ForSaleListing } from '../../../api/contract/selling/for-sale-offer.ts';
import { getBotToken } from '../../lib/bot-check.ts';
import PricesForLine, { usePricesFor } from '../prices/PricesFor.tsx';
import { acceptedOfferNote, offerTaxNote } from './offer-tax.ts';

type Load =
  | { phase: 'loading' }
  | { phase: 'missing'; domain: string }
  | { phase: 'listed'; listing: ForSaleListing; offerToken: string | null; offerProblem: string | null };
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

/** A typed offer's cents, when it reads as an amount. */
function offerCents(text: string): number | null {
  const cents = toCents(text);
  return Number.isFinite(cents) && cents > 0 ? cents : null;
}

/** The server's own words in a failure (its answers carry a `name`), or ours when it said nothing we can show. */
const saidOr = (failure: ApiFailure, fallback: string) => (failure.name ? failure.message : fallback);

async function readListing(domain: string, offerToken: string | null): Promise<Load> {
  const ask = (token: string | null) =>
    apiClient.GET('/forSale/{domain}', { params: { path: { domain }, query: { offer: token ?? undefined } }, toast: false });
  const answer = await ask(offerToken);
  if (!isFailure(answer)) return { phase: 'listed', listing: answer, offerToken, offerProblem: null };
  // An accepted offer's link that expired or was used: the page still sells at the list price, and says why.
  if (offerToken && answer.status === 409) {
    const problem = saidOr(answer, 'This offer link no longer works.');
    const plain = await ask(null);
    if (!isFailure(plain)) return { phase: 'listed', listing: plain, offerToken: null, offerProblem: problem };
  }
  return { phase: 'missing', domain };
}

export default function ForSalePage({ supportEmail }: { supportEmail: string }) {
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  const [buying, setBuying] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const [send, setSend] = useState<Send>({ phase: 'idle' });
  const [form, setForm] = useState({ amount: '', name: '', email: '', message: '' });
  const id = useId();
  const pricesFor = usePricesFor();

  useEffect(() => {
    const domain = domainFromPath();
    if (!domain) return setLoad({ phase: 'missing', domain: '' });
    document.title = `${domain} is for sale`;
    const offerToken = new URLSearchParams(window.location.search).get('offer');
    readListing(domain, offerToken)
      .then(setLoad)
      .catch(() => setLoad({ phase: 'missing', domain }));
  }, []);

  async function buy() {
    if (load.phase !== 'listed' || buying.busy) return;
    setBuying({ busy: true, error: null });
    const item = {
      type: 'domain' as const,
      domain: load.listing.domain,
      domainType: 'market' as const,
      ...(load.offerToken ? { offerToken: load.offerToken } : {}),
    };
    const added = await apiClient.POST('/cartItems', { body: [item], toast: false });
    if (!isFailure(added)) {
      window.location.assign('/cart');
      return;
    }
    setBuying({ busy: false, error: saidOr(added, `We could not add ${load.listing.domain} to your cart. Please try again, or write to ${supportEmail}.`) });
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (load.phase !== 'listed' || send.phase === 'sending') return;
    const amount = toCents(form.amount);
    if (!Number.isFinite(amount)) return setSend({ phase: 'error', message: 'Please enter your offer in dollars, such as 1500' });
    setSend({ phase: 'sending' });
    const token = await getBotToken();
    if (!token) return setSend({ phase: 'error', message: 'The bot check could not run. Please reload the page and try again.' });
    const sent = await apiClient.POST('/forSale/{domain}/offers', {
      params: { path: { domain: load.listing.domain } },
      body: { amount, name: form.name, email: form.email, message: form.message || undefined, token },
      toast: false,
    });
    if (!isFailure(sent)) setSend({ phase: 'sent', message: sent.message || 'Your offer was sent.' });
    else setSend({ phase: 'error', message: saidOr(sent, 'Your offer could not be sent. Please try again.') });
  }

  if (load.phase === 'loading')
    return (
      <p className="for-sale-loading" role="status">
        Loading…
      </p>
    );
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
      {load.offerProblem && (
        <p className="for-sale-problem" role="alert">
          {load.offerProblem}
        </p>
      )}
      <p className="for-sale-price">
        <span className="for-sale-price-label">{listing.offer ? 'Your accepted offer' : 'Buy it now for'}</span>{' '}
        <strong>{formatMoney(shownPrice(listing.offer ? listing.offer.amount : listing.listPrice, pricesFor))}</strong>
      </p>
      <PricesForLine />
      {listing.offer && (
        <p className="for-sale-note">
          {acceptedOfferNote(pricesFor, listing.offer.amount)} This price holds until {formatDate(listing.offer.expireDate)}.
        </p>
      )}
      <div className="for-sale-buy">
        <button type="button" className="btn btn-spot" onClick={buy} disabled={buying.busy} aria-describedby={`${id}-how`}>
          {buying.busy ? 'Adding to cart…' : 'Buy it now'}
        </button>
        {buying.error && (
          <p className="field-error" role="alert">
            {buying.error}
          </p>
        )}
      </div>
      <p className="for-sale-note" id={`${id}-how`}>
        Pay through our secure checkout. We are the registrar of {listing.domain}, so once you have paid we move it into your account at once, registered until{' '}
        {formatDate(listing.expireDate)}. Questions? Write to{' '}
        <a href={`mailto:${supportEmail}?subject=${encodeURIComponent(`Buying ${listing.domain}`)}`}>{supportEmail}</a>.
      </p>
      {listing.acceptOffers && !listing.offer && (
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
                  <input
                    id={`${id}-amount`}
                    className="input"
                    inputMode="decimal"
                    required
                    autoComplete="off"
                    aria-describedby={`${id}-amount-tax`}
                    {...field('amount')}
                  />
                  <p className="field-hint" id={`${id}-amount-tax`} data-testid="offer-tax">
                    {offerTaxNote(pricesFor, offerCents(form.amount))}
                  </p>
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
