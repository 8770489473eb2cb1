/**
 * Sandbox WHOIS: the port-43 / RDDS answer a registry gives, in the ICANN 2013 RAA layout, for names registered
 * through us (registry_domains) and for names the deterministic sandbox world says are registered elsewhere.
 */
import { eq } from 'drizzle-orm';
import { nowMs } from '../../clock.ts';
import type { DomainContacts } from '../../contract/accounts/account-info.ts';
import type { Contact } from '../../contract/contact.ts';
import type { Db } from '../../db/client.ts';
import { registryDomains } from '../../db/schema/index.ts';
import type { RegistryProvider } from './index.ts';
import { externalRegistration, isReserved, stableHash } from './sandbox-world.ts';

export type WhoisFacts = {
  domain: string;
  registrarName: string;
  createDate: Date;
  updateDate: Date;
  expireDate: Date;
  nameservers: string[];
  statuses: string[];
  /** DS records published: WHOIS says "signedDelegation". */
  signed?: boolean;
  /** Shown in place of the redaction when WHOIS privacy is off. */
  registrant?: Contact | null;
  /** Contacts the registrar disclosed; a role left out is printed redacted (privacy). */
  contacts?: DomainContacts | null;
};

const redacted = 'REDACTED FOR PRIVACY';
const contactNotice =
  'Please query the RDDS service of the Registrar of Record identified in this output for information on how to contact the Registrant, Admin, or Tech contact of the queried domain name.';

/** "Dotspot, Inc." -> "dotspot": the host part used for the registrar's WHOIS server, web site and abuse desk. */
function registrarSlug(registrarName: string): string {
  const first = registrarName.toLowerCase().split(/[\s,]+/)[0] ?? 'registrar';
  return first.replace(/[^a-z0-9]/g, '') || 'registrar';
}

/** Seconds-precision ISO 8601 in UTC, as registries print it: 2026-11-22T02:10:00Z. */
function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The contacts WHOIS prints: the registrar's for each role, else the registrant's for all three. */
function shownContacts(facts: { registrant?: Contact | null; contacts?: DomainContacts | null }): DomainContacts | null {
  if (facts.contacts) return facts.contacts;
  return facts.registrant ? { registrant: facts.registrant, admin: facts.registrant, tech: facts.registrant } : null;
}

function contactBlock(role: 'Registrant' | 'Admin' | 'Tech', contact?: Contact | null): string[] {
  if (contact) {
    const phone = contact.phone.replace(/^\+(\d{1,3})(\d+)$/, '+$1.$2');
    return [
      `Registry ${role} ID: C${stableHash(`${contact.email}:${role}`)}-SBX`,
      `${role} Name: ${contact.firstName} ${contact.lastName}`,
      `${role} Organization: ${contact.company ?? ''}`,
      `${role} Street: ${contact.address}`,
      `${role} City: ${contact.city}`,
      `${role} State/Province: ${contact.state}`,
      `${role} Postal Code: ${contact.zip}`,
      `${role} Country: ${contact.country}`,
      `${role} Phone: ${phone}`,
      `${role} Fax: `,
      `${role} Email: ${contact.email}`,
    ];
  }
  const fields = ['Name', 'Organization', 'Street', 'City', 'State/Province', 'Postal Code', 'Country', 'Phone', 'Fax'];
  return [`Registry ${role} ID: ${redacted}`, ...fields.map((field) => `${role} ${field}: ${redacted}`), `${role} Email: ${contactNotice}`];
}

/** The WHOIS text for one registration; pure, so tests and other callers can format facts they already hold. */
export function formatWhois(facts: WhoisFacts, now = new Date(nowMs())): string {
  const slug = registrarSlug(facts.registrarName);
  const tld = facts.domain
    .slice(facts.domain.indexOf('.') + 1)
    .toUpperCase()
    .replace(/\./g, '-');
  const hash = stableHash(facts.domain);
  const statuses = facts.statuses.length > 0 ? facts.statuses : ['ok'];
  const lines = [
    `Domain Name: ${facts.domain.toUpperCase()}`,
    `Registry Domain ID: ${hash}_DOMAIN_${tld}-SBX`,
    `Registrar WHOIS Server: whois.${slug}.example`,
    `Registrar URL: https://www.${slug}.example`,
    `Updated Date: ${isoSeconds(facts.updateDate)}`,
    `Creation Date: ${isoSeconds(facts.createDate)}`,
    `Registry Expiry Date: ${isoSeconds(facts.expireDate)}`,
    `Registrar: ${facts.registrarName}`,
    `Registrar IANA ID: ${1000 + (stableHash(slug) % 3000)}`,
    `Registrar Abuse Contact Email: abuse@${slug}.example`,
    `Registrar Abuse Contact Phone: +1.555${String(stableHash(`${slug}:phone`) % 10_000_000).padStart(7, '0')}`,
    ...statuses.map((status) => `Domain Status: ${status} https://icann.org/epp#${status}`),
    ...contactBlock('Registrant', shownContacts(facts)?.registrant),
    ...contactBlock('Admin', shownContacts(facts)?.admin),
    ...contactBlock('Tech', shownContacts(facts)?.tech),
    ...facts.nameservers.map((ns) => `Name Server: ${ns.toUpperCase()}`),
    `DNSSEC: ${facts.signed ? 'signedDelegation' : 'unsigned'}`,
    'URL of the ICANN Whois Inaccuracy Complaint Form: https://www.icann.org/wicf/',
    `>>> Last update of WHOIS database: ${isoSeconds(now)} <<<`,
    '',
    'For more information on Whois status codes, please visit https://icann.org/epp',
    '',
    "NOTICE: The expiration date displayed in this record is the date the registrar's sponsorship of the domain",
    'name registration in the registry is currently set to expire. This date does not necessarily reflect the',
    "expiration date of the domain name registrant's agreement with the sponsoring registrar.",
    '',
    'TERMS OF USE: This data is provided for information purposes only, to assist in obtaining information about',
    'or related to a domain name registration record. You agree not to use it to allow, enable, or otherwise',
    'support the transmission of mass unsolicited, commercial advertising or solicitations, or to enable',
    'high volume, automated, electronic processes. Resale or redistribution of this data is not permitted.',
  ];
  return `${lines.join('\n')}\n`;
}

export function createSandboxWhois(db: Db, _options: { registrarName: string }): Pick<RegistryProvider, 'whois'> {
  return {
    async whois(domain) {
      const name = domain.toLowerCase();
      const [row] = await db.select().from(registryDomains).where(eq(registryDomains.domain, name)).limit(1);
      if (row) {
        return formatWhois({
          domain: row.domain,
          registrarName: row.registrarName,
          createDate: row.createDate,
          updateDate: row.modifyDate,
          expireDate: row.expireDate,
          nameservers: row.nameservers,
          signed: row.dsRecords.length > 0,
          statuses: row.statuses,
          // Published when the domain's privacy is off (transfers/privacy) or the registrar disclosed them (account
          // contacts with redaction opted out); otherwise redacted.
          registrant: row.privacy && !row.contactsDisclosed ? null : (row.registrantContact as Contact | null),
          contacts: row.privacy && !row.contactsDisclosed ? null : row.contacts,
        });
      }
      if (isReserved(name)) return null;
      const external = externalRegistration(name);
      if (!external) return null;
      // The world has no update history: the registration was last touched on its most recent anniversary.
      const yearMs = 365 * 24 * 3600 * 1000;
      const years = Math.floor((nowMs() - external.createDate.getTime()) / yearMs);
      return formatWhois({
        domain: name,
        registrarName: external.registrarName,
        createDate: external.createDate,
        updateDate: new Date(external.createDate.getTime() + Math.max(0, years) * yearMs),
        expireDate: external.expireDate,
        nameservers: external.nameservers,
        statuses: external.statuses,
      });
    },
  };
}
