/**
 * EPP contact objects (RFC 5733): the registrant and role contacts a domain names, created and updated from our
 * contacts, and the registrant's disclose flags that WHOIS privacy turns on and off.
 */
import { randomBytes } from 'node:crypto';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { ContactRole, DomainContacts } from '../../contract/accounts/account-info.ts';
import type { Contact } from '../../contract/contact.ts';
import { newAuthCode } from './auth-code.ts';
import { requireDomain, updateDomain } from './epp-domain-queries.ts';
import type { EppSession } from './epp-session.ts';
import { el, escapeXml, ns } from './epp-xml.ts';

export async function createContact(session: EppSession, contact: Contact): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    const id = `DS${randomBytes(7).toString('hex').toUpperCase()}`;
    const response = await session.command('Could not create the registrant contact', contactCreateXml(id, contact), { accept: attempt === 0 ? [2302] : [] });
    if (response.code < 2000) return id;
  }
}

/** Gives each role of a domain these contacts: objects updated in place where that changes no other role, new ones otherwise. */
export async function updateContacts(session: EppSession, domain: string, contacts: DomainContacts): Promise<void> {
  // A thin registry holds no contacts: there is nothing to change there (WHOIS data is ours to publish).
  if (session.options.contacts === 'none') return;
  const info = await requireDomain(session, domain);
  const current: Record<ContactRole, string | null> = {
    registrant: info.registrant,
    admin: info.contacts.find((c) => c.type === 'admin')?.id ?? null,
    tech: info.contacts.find((c) => c.type === 'tech')?.id ?? null,
    billing: info.contacts.find((c) => c.type === 'billing')?.id ?? null,
  };
  const given = (Object.keys(contacts) as ContactRole[]).filter((role) => contacts[role]);
  const replaced = new Map<ContactRole, string>();
  for (const id of new Set(given.map((role) => current[role]))) {
    const roles = given.filter((role) => current[role] === id);
    const users = (Object.keys(current) as ContactRole[]).filter((role) => id !== null && current[role] === id);
    const wanted = contacts[roles[0]]!;
    // One object for roles that all change to the same details: update it in place (the object keeps its id).
    // An object another role still uses, or roles going separate ways, get new objects instead.
    const inPlace = id !== null && users.every((role) => roles.includes(role)) && roles.every((role) => sameContact(contacts[role]!, wanted));
    if (inPlace) {
      await session.command(`Could not update the contact of ${domain}`, contactUpdateXml(id, wanted));
      continue;
    }
    for (const role of roles) replaced.set(role, await createContact(session, contacts[role]!));
  }
  if (replaced.size === 0) return;
  const others = [...replaced].filter(([role]) => role !== 'registrant');
  const contactXml = (list: [ContactRole, string | null][]) =>
    list
      .filter(([, id]) => id)
      .map(([role, id]) => `<domain:contact type="${role}">${escapeXml(id!)}</domain:contact>`)
      .join('') || undefined;
  const registrant = replaced.get('registrant');
  await updateDomain(session, `Could not change the contacts of ${domain}`, domain, {
    add: contactXml(others),
    rem: contactXml(others.map(([role]) => [role, current[role]])),
    chg: registrant ? el('domain:registrant', registrant) : undefined,
  });
}

/** RFC 5733 §2.9: the registrant contact's disclose flags decide what the registry's WHOIS/RDDS shows. */
export async function setWhoisPrivacy(session: EppSession, domain: string, enabled: boolean): Promise<void> {
  if (session.options.contacts === 'none') return;
  const info = await requireDomain(session, domain);
  if (!info.registrant) throw new Error(`The registry gave no registrant contact for ${domain}`);
  const fields = '<contact:name type="int"/><contact:org type="int"/><contact:addr type="int"/><contact:voice/><contact:fax/><contact:email/>';
  await session.command(
    `Could not change the WHOIS privacy of ${domain}`,
    `<update><contact:update xmlns:contact="${ns.contact}">${el('contact:id', info.registrant)}<contact:chg><contact:disclose flag="${enabled ? 0 : 1}">${fields}</contact:disclose></contact:chg></contact:update></update>`,
  );
}

function contactCreateXml(id: string, contact: Contact): string {
  return `<create><contact:create xmlns:contact="${ns.contact}">${el('contact:id', id)}${contactDetailsXml(contact)}<contact:authInfo>${el('contact:pw', newAuthCode())}</contact:authInfo></contact:create></create>`;
}

function contactUpdateXml(id: string, contact: Contact): string {
  return `<update><contact:update xmlns:contact="${ns.contact}">${el('contact:id', id)}<contact:chg>${contactDetailsXml(contact)}</contact:chg></contact:update></update>`;
}

/** RFC 5733 postal info, voice and email, in the order both create and update's chg want them. */
function contactDetailsXml(contact: Contact): string {
  const phone = parsePhoneNumberFromString(contact.phone);
  const voice = phone ? `+${phone.countryCallingCode}.${phone.nationalNumber}` : contact.phone.replace(/^\+(\d{1,3})(\d+)$/, '+$1.$2');
  const postalInfo = (type: 'int' | 'loc', text: (value: string) => string) =>
    `<contact:postalInfo type="${type}">${el('contact:name', text(`${contact.firstName} ${contact.lastName}`))}${contact.company ? el('contact:org', text(contact.company)) : ''}<contact:addr>${el('contact:street', text(contact.address))}${el('contact:city', text(contact.city))}${el('contact:sp', text(contact.state))}${el('contact:pc', text(contact.zip))}${el('contact:cc', contact.country)}</contact:addr></contact:postalInfo>`;
  const fields = [contact.firstName, contact.lastName, contact.company, contact.address, contact.city, contact.state, contact.zip];
  // RFC 5733: "int" must be 7-bit ASCII; a name with other letters goes as "loc" too, with an ASCII "int" copy.
  const isAscii = fields.every((field) => /^[\x20-\x7e]*$/.test(field ?? ''));
  const postal = isAscii ? postalInfo('int', (v) => v) : `${postalInfo('loc', (v) => v)}${postalInfo('int', toAscii)}`;
  return `${postal}${el('contact:voice', voice)}${el('contact:email', contact.email)}`;
}

/** Latin letters without their accents; anything else that is not ASCII becomes "?". */
function toAscii(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^\x20-\x7e]/g, '?');
}

function sameContact(a: Contact, b: Contact): boolean {
  return (Object.keys(a) as (keyof Contact)[]).every((key) => (a[key] ?? '') === (b[key] ?? ''));
}
