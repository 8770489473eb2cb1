/**
 * WAPS format checks on the registrant data, run when verification starts: email syntax and a domain that can receive
 * mail (MX, else A or AAAA, asked of REGISTRANT_EMAIL_RESOLVER), phone in E.164 (libphonenumber-js), country in ISO
 * 3166-1, and the postal code's pattern for that country (postcode-validator). Answers what is wrong, in words the
 * customer reads; an empty list means the data passed.
 */
import { Resolver } from 'node:dns/promises';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import type { Contact } from '../../../contract/contact.ts';
import { isCountryCode } from '../../../contract/countries.ts';
import { isE164Phone } from '../../../contract/phone.ts';

/** Names resolvers give when a name or its records do not exist: the domain cannot receive mail. */
const missing = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

type MailDomainVerdict = 'receives-mail' | 'no-mail' | 'unknown';

/** Whether `domain` has an MX record, or else an address (RFC 5321 §5.1 implicit MX); `unknown` when DNS did not answer. */
export async function checkMailDomain(
  config: Pick<Config, 'REGISTRANT_EMAIL_RESOLVER' | 'sandboxMode'>,
  domain: string,
): Promise<MailDomainVerdict | 'skipped'> {
  const servers = config.REGISTRANT_EMAIL_RESOLVER?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // The sandbox has no Internet to ask; tests point the check at their own DNS server.
  if (!servers?.length && config.sandboxMode) return 'skipped';
  const resolver = new Resolver({ timeout: 2500, tries: 2 });
  if (servers?.length) resolver.setServers(servers);
  let unanswered = false;
  for (const ask of [() => resolver.resolveMx(domain), () => resolver.resolve4(domain), () => resolver.resolve6(domain)]) {
    try {
      if ((await ask()).length > 0) return 'receives-mail';
    } catch (error) {
      if (!missing.has((error as { code?: string }).code ?? '')) unanswered = true;
    }
  }
  return unanswered ? 'unknown' : 'no-mail';
}

export async function checkRegistrantData(config: Pick<Config, 'REGISTRANT_EMAIL_RESOLVER' | 'sandboxMode'>, contact: Contact): Promise<string[]> {
  const problems: string[] = [];
  const email = contact.email.trim().toLowerCase();
  if (!z.email().safeParse(email).success) problems.push(`The registrant email ${email} is not a valid email address.`);
  else {
    const domain = email.slice(email.lastIndexOf('@') + 1);
    if ((await checkMailDomain(config, domain)) === 'no-mail')
      problems.push(`The registrant email's domain ${domain} cannot receive mail (it has no MX or address record).`);
  }
  if (!isE164Phone(contact.phone)) problems.push(`The registrant phone ${contact.phone} is not a valid number in international format, like +14155550100.`);
  const country = contact.country.toUpperCase();
  if (!isCountryCode(country)) problems.push(`The registrant country ${contact.country} is not an ISO 3166 country code.`);
  else if (postcodeValidatorExistsForCountry(country) && !postcodeValidator(contact.zip, country)) {
    problems.push(`The registrant postal code ${contact.zip} is not a valid postal code for ${country}.`);
  }
  return problems;
}
