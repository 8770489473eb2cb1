/** The card's Email tab (control-panel spec §2): the email service, its mailboxes and forwards. */
import { formatMoney } from '../../../../api/contract/money.ts';
import type { DomainTabProps } from '../domains/DomainCard.tsx';

export function EmailTab({ domain }: DomainTabProps) {
  const list = domain.emails ?? [];
  if (!domain.emailEnabled && list.length === 0) {
    return <p className="muted">No email on this domain yet. Email plans start at {formatMoney(500)}/mo.</p>;
  }
  return (
    <ul className="email-list">
      {list.map((e) => (
        <li key={e.emailId}>
          <span className="email-address">{e.address}</span>
          {e.type === 'mailbox' ? (
            <span className={e.size > e.quota ? 'field-error' : 'muted small'}>
              Mailbox · {e.size.toFixed(1)} GB of {e.quota} GB
            </span>
          ) : (
            <span className="muted small">Forwards to {e.destination}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
