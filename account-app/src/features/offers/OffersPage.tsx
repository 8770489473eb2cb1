/**
 * /account/offers: the For Sale offers on the caller's domains (issue 25, defect 4), newest first. An open offer is
 * accepted (the offerer is emailed a link to buy the name at that amount through checkout, for
 * `acceptedOfferDays`) or declined (they are told no). Offers under the floor never show here: they are declined to
 * the offerer by email hours later.
 */
import { isFailure } from '@kit/api.ts';
import { apiClient, apiKey } from '@kit/api-client.ts';
import { DateText } from '@kit/DateText.tsx';
import { formatDate } from '@kit/dates.ts';
import Modal from '@kit/Modal.tsx';
import { Money } from '@kit/Money.tsx';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../../../api/contract/money.ts';
import { acceptedOfferDays, type DomainOffer, type OfferAction, offerStatusLabels } from '../../../../api/contract/selling/offers.ts';
import { paths } from '../../paths.ts';
import { useApi } from '../../swr.ts';
import './offers.css';

export const offersKey = apiKey('/domainOffers', { params: { query: { limit: 100 } } });

const statusBadges = { open: 'badge-warning', accepted: 'badge-success', declined: '', sold: 'badge-spot' } as const;

type Asking = { offer: DomainOffer; action: OfferAction } | null;

function AnswerModal({ asking, onClose, onAnswered }: { asking: NonNullable<Asking>; onClose: () => void; onAnswered: (offer: DomainOffer) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { offer, action } = asking;
  const amount = formatMoney(offer.amount);
  const send = async () => {
    setBusy(true);
    setError(null);
    const answer = await apiClient.PATCH('/domainOffers/{id}', { params: { path: { id: offer.offerId } }, body: { action }, toast: false });
    setBusy(false);
    if (isFailure(answer)) return setError(answer.message);
    onAnswered(answer);
  };
  return (
    <Modal
      open
      title={action === 'accept' ? `Accept ${amount} for ${offer.domain}?` : `Decline ${amount} for ${offer.domain}?`}
      onClose={onClose}
      dismissible={!busy}
    >
      {action === 'accept' ? (
        <>
          <p>
            We email {offer.name} a link to buy <strong className="offer-domain-name">{offer.domain}</strong> at {amount} through our checkout. It works for{' '}
            {acceptedOfferDays} days. Once they pay, we move the name to their account and add your share to your billing history.
          </p>
          <p className="muted small">Until then {offer.domain} stays listed: someone else may still buy it at your list price.</p>
        </>
      ) : (
        <p>We tell {offer.name} that you decided not to accept. Your listing stays as it is.</p>
      )}
      {error && (
        <p className="step-error" role="alert">
          {error}
        </p>
      )}
      <div className="step-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="button" className={`btn ${action === 'accept' ? 'btn-spot' : 'btn-danger'}`} onClick={send} disabled={busy} data-autofocus>
          {busy ? 'Sending…' : action === 'accept' ? 'Accept Offer' : 'Decline Offer'}
        </button>
      </div>
    </Modal>
  );
}

function OfferItem({ offer, onAsk }: { offer: DomainOffer; onAsk: (asking: NonNullable<Asking>) => void }) {
  const label = `${formatMoney(offer.amount)} for ${offer.domain} from ${offer.name}`;
  return (
    <li className={`card offer-item is-${offer.status}`} aria-label={label}>
      <div className="offer-main">
        <p className="offer-domain">
          <span className="offer-domain-name">{offer.domain}</span>
          <span className={`badge ${statusBadges[offer.status]}`}>{offerStatusLabels[offer.status]}</span>
        </p>
        <p className="offer-amount">
          <Money cents={offer.amount} />
          {offer.listPrice != null && (
            <span className="offer-list-price">
              {' '}
              · list price <Money cents={offer.listPrice} />
            </span>
          )}
        </p>
        <p className="offer-from">
          From {offer.name} · <a href={`mailto:${offer.email}`}>{offer.email}</a> · <DateText value={offer.createDate} />
        </p>
        {offer.message && <blockquote className="offer-message">{offer.message}</blockquote>}
        {offer.status === 'accepted' && offer.acceptExpireDate && (
          <p className="offer-note">
            You accepted on {formatDate(offer.answerDate)}. {offer.name} can buy it at this price until {formatDate(offer.acceptExpireDate)}.
          </p>
        )}
        {offer.status === 'declined' && <p className="offer-note">You declined on {formatDate(offer.answerDate)}.</p>}
        {offer.status === 'sold' && <p className="offer-note">{offer.name} bought it at this price. Your share is in your billing history.</p>}
      </div>
      {offer.status === 'open' && (
        <div className="offer-actions">
          <button type="button" className="btn btn-spot btn-sm" onClick={() => onAsk({ offer, action: 'accept' })} aria-label={`Accept ${label}`}>
            Accept
          </button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => onAsk({ offer, action: 'decline' })} aria-label={`Decline ${label}`}>
            Decline
          </button>
        </div>
      )}
    </li>
  );
}

export function OffersPage() {
  const { data, error, mutate } = useApi(offersKey);
  const [asking, setAsking] = useState<Asking>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const answered = (offer: DomainOffer) => {
    setAsking(null);
    setNotice(
      offer.status === 'accepted'
        ? `Accepted. We emailed ${offer.name} a link to buy ${offer.domain} at ${formatMoney(offer.amount)}.`
        : `Declined. We let ${offer.name} know.`,
    );
    void mutate();
  };
  const open = data?.data.filter((offer) => offer.status === 'open').length ?? 0;
  return (
    <main id="main" className="container account-main offers-page">
      <h1>Offers</h1>
      <p className="muted offers-intro">
        Offers made on your domains’ For Sale pages at or above your floor price. Offers below it are declined for you. To list a domain, use Sell on it in{' '}
        <Link to={paths.domains.href()}>My Domains</Link>. What your sales earned you and what we paid out is in{' '}
        <Link to={paths.earnings.href()}>Earnings</Link>.
      </p>
      <p className="offers-notice" role="status" hidden={!notice}>
        {notice}
      </p>
      {error ? (
        <p className="offers-error">We could not load your offers. Please reload the page.</p>
      ) : !data ? (
        <p role="status">Loading…</p>
      ) : data.total === 0 ? (
        <div className="card offers-empty">
          <h2>No offers yet</h2>
          <p className="muted">When someone makes an offer on one of your listed domains, it appears here and we email you.</p>
        </div>
      ) : (
        <>
          <h2 className="offers-count">{open === 0 ? 'Nothing waiting for your answer' : `${open} waiting for your answer`}</h2>
          <ul className="offer-list">
            {data.data.map((offer) => (
              <OfferItem key={offer.offerId} offer={offer} onAsk={setAsking} />
            ))}
          </ul>
        </>
      )}
      {asking && <AnswerModal asking={asking} onClose={() => setAsking(null)} onAnswered={answered} />}
    </main>
  );
}
