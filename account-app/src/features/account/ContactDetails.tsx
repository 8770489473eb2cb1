/** Pieces the Account Information views share: a contact as an address block, and the TDRP banner. */
import { tdrpPendingBanner } from '../../../../api/contract/accounts/account-info.ts';
import { formatPhone } from '../../../../api/contract/phone.ts';
import type { Contact } from './api.ts';

export function ContactDetails({ contact }: { contact: Contact | null }) {
  if (!contact) return <p className="muted">No contact on file yet.</p>;
  return (
    <address className="contact-details">
      <strong>
        {contact.firstName} {contact.lastName}
      </strong>
      {contact.company && <span>{contact.company}</span>}
      <span>{contact.address}</span>
      <span>
        {contact.city}, {contact.state} {contact.zip}, {contact.country}
      </span>
      <span className="contact-line">{contact.email}</span>
      {/* Formatted for the contact's country (the account's): national at home, international otherwise. */}
      <span className="contact-line">
        <a href={`tel:${contact.phone}`}>{formatPhone(contact.phone, contact.country)}</a>
      </span>
    </address>
  );
}

export function TdrpBanner({ pending }: { pending: boolean }) {
  if (!pending) return null;
  return (
    <p className="tdrp-banner" role="status">
      {tdrpPendingBanner}
    </p>
  );
}
