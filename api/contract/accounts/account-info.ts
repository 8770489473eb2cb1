/**
 * Account Information's words and rules shared by the API and the account app (control-panel spec §4-§9): which
 * account field each `contact_type` edits, the TDRP banner and lock, and the success messages. No zod here, so the
 * summary view does not ship the schema library.
 */
import type { Contact } from '../contact.ts';

export const contactTypes = ['organizational', 'administrative', 'technical', 'billing'] as const;
export type ContactType = (typeof contactTypes)[number];

export const contactFields = {
  organizational: 'registrantContact',
  administrative: 'whoisAdminContact',
  technical: 'whoisTechContact',
  billing: 'whoisBillingContact',
} as const satisfies Record<ContactType, string>;
export type ContactField = (typeof contactFields)[ContactType];

export const contactTitles: Record<ContactType, string> = {
  organizational: 'Registrant (Organizational) Contact',
  administrative: 'Administrative Contact',
  technical: 'Technical Contact',
  billing: 'Billing Contact',
};

export function isContactType(value: string | null): value is ContactType {
  return value !== null && (contactTypes as readonly string[]).includes(value);
}

/** Fields a contact form edits, in form order. */
export const contactFormFields = [
  'firstName',
  'lastName',
  'company',
  'address',
  'city',
  'state',
  'zip',
  'country',
  'email',
  'phone',
] as const satisfies readonly (keyof Contact)[];

export const preferenceFields = ['whoisRedactionOptOut', 'tdrpOptOut', 'advancedEnabled'] as const;
export type PreferenceField = (typeof preferenceFields)[number];

export const tdrpPendingBanner = '***TDRP Request Pending, Account modification temporarily suspended';
export const tdrpPendingRefusal = 'TDRP Request Pending, Account modification temporarily suspended';
/** Days an approved registrant change keeps the account's domains from being transferred (spec §9). */
export const tdrpHoldDays = 60;
/** Days the approval link works. */
export const tdrpLinkDays = 7;

export const preferencesSavedMessage = 'Your account preferences have been saved!';
export const contactSavedMessage = 'The contact information has been successfully updated.';
export const loginSavedMessage = 'The login information has been successfully updated.';
export const loginErrorMessage = 'Error updating login information';
export const accountExistsNotice = 'Account already exist! Login';
export const registrantEmailFixedMessage = 'The registrant email cannot be changed';

export function approvalSentMessage(email: string): string {
  return `An approval email has been sent to the registrant email, ${email}. The change takes effect once it is approved (the link works for ${tdrpLinkDays} days).`;
}

/** A domain's contacts at the registry (RFC 5731 registrant plus admin, tech and billing contacts). */
export type ContactRole = 'registrant' | 'admin' | 'tech' | 'billing';
export type DomainContacts = Partial<Record<ContactRole, Contact>>;

/** The account's contacts as the registry's roles. */
export function domainContactsOf(account: {
  registrantContact: Contact | null;
  whoisAdminContact: Contact | null;
  whoisTechContact: Contact | null;
  whoisBillingContact: Contact | null;
}): DomainContacts {
  const contacts: DomainContacts = {};
  if (account.registrantContact) contacts.registrant = account.registrantContact;
  if (account.whoisAdminContact) contacts.admin = account.whoisAdminContact;
  if (account.whoisTechContact) contacts.tech = account.whoisTechContact;
  if (account.whoisBillingContact) contacts.billing = account.whoisBillingContact;
  return contacts;
}
