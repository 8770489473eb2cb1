/** The customer's contacts: the registrant (with whether its email is verified) and the other roles where they differ. */
import { ContactBlock as KitContactBlock } from '@kit/ContactBlock.tsx';
import { formatDate, formatDateTime } from '@kit/dates.ts';
import type { Contact } from '../../../../api/contract/contact.ts';
import type { CustomerRecord } from '../../../../api/contract/support/customers.ts';
import { Address } from '../../lib/Address.tsx';
import { Panel } from '../../lib/Panel.tsx';

/** Whether the registrant email is verified (#24): unverified names are suspended at the deadline. */
function RegistrantVerification({ status }: { status: CustomerRecord['registrantVerification'] }) {
  if (status.state === 'none') return null;
  if (status.state === 'verified') return <p className="contact-note">Email verified {formatDate(status.verifiedAt)}</p>;
  return (
    <p className={`notice ${status.suspended ? 'notice-danger' : 'notice-warning'} panel-notice-inline`}>
      {status.suspended ? 'Domains suspended: ' : ''}
      {status.email} is not verified yet{status.suspended ? '' : ` (deadline ${formatDate(status.deadline)})`}
      {status.lastSentAt ? `; last emailed ${formatDateTime(status.lastSentAt)}` : ''}.
    </p>
  );
}

/** The kit's contact block as the back office shows it: "None on file", the email breaking only after a dot or an @. */
function ContactBlock({ contact }: { contact: Contact | null }) {
  return <KitContactBlock contact={contact} empty="None on file" email={(email) => <Address value={email} />} />;
}

export function ContactPanels({ customer }: { customer: CustomerRecord }) {
  const registrant = customer.contacts.registrant;
  return (
    <div className="panel-grid">
      <Panel title="Registrant">
        <div className="panel-body">
          <ContactBlock contact={registrant} />
          <RegistrantVerification status={customer.registrantVerification} />
        </div>
      </Panel>
      <Panel title="Other contacts">
        <div className="panel-body contacts-grid">
          {(['administrative', 'technical', 'billing'] as const).map((role) => (
            <div key={role}>
              <h3 className="mini-heading">{role[0].toUpperCase() + role.slice(1)}</h3>
              {customer.contacts[role] && JSON.stringify(customer.contacts[role]) !== JSON.stringify(registrant) ? (
                <ContactBlock contact={customer.contacts[role]} />
              ) : (
                <p className="muted">Same as registrant</p>
              )}
            </div>
          ))}
        </div>
      </Panel>
    </div>
  );
}
