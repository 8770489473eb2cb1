/** A domain without email: what the service gives and costs (as the customer's country reads prices), and Add. */
import { emailLimits, mailboxQuotaGigabytes } from '../../../../api/contract/email/email-rules.ts';

type Props = { domain: string; price: string; withBuilderPrice: string | null; onAdd: () => void };

export function EmailOffer({ domain, price, withBuilderPrice, onAdd }: Props) {
  return (
    <div className="email-offer">
      <div>
        <h3>Email at {domain}</h3>
        <p className="muted">
          {emailLimits.mailbox} mailboxes with {mailboxQuotaGigabytes} GB each and {emailLimits.forward} forwards, for {price}/mo
          {withBuilderPrice ? ` (${withBuilderPrice}/mo with your Website Builder)` : ''}.
        </p>
      </div>
      <button type="button" className="btn btn-spot btn-sm" onClick={onAdd}>
        Add Email Service
      </button>
    </div>
  );
}
