/**
 * A contact as an address block, a line each: name, company, street, city, email, and the phone as people read it
 * (formatPhone: national in the contact's own country, international otherwise) behind a `tel:` link. The account
 * app's Account Information and the back office's customer page show contacts with it.
 *
 *   <ContactBlock contact={account.registrantContact} />
 *   <ContactBlock contact={contact} empty="None on file" email={(address) => <Address value={address} />} />
 */
import type { ReactNode } from 'react';
import type { Contact } from '../../api/contract/contact.ts';
import { formatPhone } from '../../api/contract/phone.ts';
import './contact-block.css';

export function ContactBlock({
  contact,
  empty = 'No contact on file yet.',
  email,
}: {
  contact: Contact | null;
  /** Said in place of the block when there is no contact. */
  empty?: ReactNode;
  /** How the email address is written (the back office breaks it only after a dot or an @); as it is without it. */
  email?: (address: string) => ReactNode;
}) {
  if (!contact) return <p className="muted">{empty}</p>;
  return (
    <address className="contact-block">
      <strong>
        {contact.firstName} {contact.lastName}
      </strong>
      {contact.company && <span>{contact.company}</span>}
      <span>{contact.address}</span>
      <span>
        {contact.city}, {contact.state} {contact.zip}, {contact.country}
      </span>
      <span className="contact-line">{email ? email(contact.email) : contact.email}</span>
      {/* Formatted for the contact's country (the account's): national at home, international otherwise. */}
      <span className="contact-line">
        <a href={`tel:${contact.phone}`}>{formatPhone(contact.phone, contact.country)}</a>
      </span>
    </address>
  );
}
