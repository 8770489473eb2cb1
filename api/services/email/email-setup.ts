/**
 * Mail-client set-up documents for a mailbox: an Apple configuration profile (.mobileconfig, what the "Get Email
 * Help" QR code opens on a phone) and Thunderbird's autoconfig (config-v1.1.xml). They carry the mail host's IMAP and
 * SMTP settings and the address, never a password: the phone asks for it when the profile is installed.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import brand from '../../../content/brand.json' with { type: 'json' };
import type { Config } from '../../config.ts';
import { escapeMarkup } from '../../contract/markup.ts';
import type { MailClientSettings } from '../../providers/mailhost/index.ts';
import type { Db } from '../../db/client.ts';
import { domains, emails } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';

export const mobileConfigContentType = 'application/x-apple-aspen-config';

export function mailClientSettings(config: Config): MailClientSettings {
  return { imapHost: config.mailClientHost, imapPort: 993, smtpHost: config.mailClientHost, smtpPort: 465 };
}

/**
 * The phone that scans the QR code is not signed in, so the profile's address carries its own proof: an HMAC of the
 * mailbox (id and address) under a key derived from the shared admin secret. Deleting or converting the mailbox
 * ends it.
 */
function setupToken(secret: string, emailId: number, address: string): string {
  const key = createHmac('sha256', secret).update('email-setup-link').digest();
  return createHmac('sha256', key).update(`${emailId}:${address.toLowerCase()}`).digest('base64url').slice(0, 32);
}

export function mobileConfigUrl(deps: Pick<Deps, 'config' | 'secrets'>, email: { emailId: number; address: string }): string {
  return `${deps.config.publicOrigin}/api/emailSetup/${email.emailId}/${setupToken(deps.secrets.adminJwt, email.emailId, email.address)}/mail.mobileconfig`;
}

export function autoconfigUrl(config: Config, address: string): string {
  return `${config.publicOrigin}/api/emailSetup/config-v1.1.xml?emailaddress=${encodeURIComponent(address)}`;
}

/** A stable UUID from a name, so the same mailbox's profile replaces itself when installed again. */
function nameUuid(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`.toUpperCase();
}

function plistValue(value: string | number | boolean): string {
  if (typeof value === 'boolean') return value ? '<true/>' : '<false/>';
  if (typeof value === 'number') return `<integer>${value}</integer>`;
  return `<string>${escapeMarkup(value)}</string>`;
}

function plistDict(entries: Record<string, string | number | boolean>, indent: string): string {
  return Object.entries(entries)
    .map(([key, value]) => `${indent}<key>${key}</key>\n${indent}${plistValue(value)}`)
    .join('\n');
}

export function buildMobileConfig(input: { address: string; brandName: string; settings: MailClientSettings }): string {
  const { address, brandName, settings } = input;
  const domain = address.slice(address.indexOf('@') + 1);
  const identifier = `${domain.split('.').reverse().join('.')}.mail.${address.split('@')[0]}`;
  const account = plistDict(
    {
      EmailAccountDescription: address,
      EmailAccountName: address,
      EmailAccountType: 'EmailTypeIMAP',
      EmailAddress: address,
      IncomingMailServerAuthentication: 'EmailAuthPassword',
      IncomingMailServerHostName: settings.imapHost,
      IncomingMailServerPortNumber: settings.imapPort,
      IncomingMailServerUseSSL: true,
      IncomingMailServerUsername: address,
      OutgoingMailServerAuthentication: 'EmailAuthPassword',
      OutgoingMailServerHostName: settings.smtpHost,
      OutgoingMailServerPortNumber: settings.smtpPort,
      OutgoingMailServerUseSSL: true,
      OutgoingMailServerUsername: address,
      OutgoingPasswordSameAsIncomingPassword: true,
      PayloadDescription: `Email account ${address}`,
      PayloadDisplayName: address,
      PayloadIdentifier: `${identifier}.account`,
      PayloadType: 'com.apple.mail.managed',
      PayloadUUID: nameUuid(`${address}/account`),
      PayloadVersion: 1,
      PreventAppSheet: false,
      PreventMove: false,
      SMIMEEnabled: false,
    },
    '\t\t\t',
  );
  const profile = plistDict(
    {
      PayloadDescription: `Sets up ${address} in Mail. You will be asked for the mailbox password.`,
      PayloadDisplayName: `${brandName} Email: ${address}`,
      PayloadIdentifier: identifier,
      PayloadOrganization: brandName,
      PayloadRemovalDisallowed: false,
      PayloadType: 'Configuration',
      PayloadUUID: nameUuid(`${address}/profile`),
      PayloadVersion: 1,
    },
    '\t',
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<key>PayloadContent</key>
\t<array>
\t\t<dict>
${account}
\t\t</dict>
\t</array>
${profile}
</dict>
</plist>
`;
}

export function buildAutoconfig(input: { domain: string; brandName: string; settings: MailClientSettings }): string {
  const { domain, brandName, settings } = input;
  return `<?xml version="1.0" encoding="UTF-8"?>
<clientConfig version="1.1">
  <emailProvider id="${escapeMarkup(domain)}">
    <domain>${escapeMarkup(domain)}</domain>
    <displayName>${escapeMarkup(brandName)} Email</displayName>
    <displayShortName>${escapeMarkup(brandName)}</displayShortName>
    <incomingServer type="imap">
      <hostname>${escapeMarkup(settings.imapHost)}</hostname>
      <port>${settings.imapPort}</port>
      <socketType>SSL</socketType>
      <authentication>password-cleartext</authentication>
      <username>%EMAILADDRESS%</username>
    </incomingServer>
    <outgoingServer type="smtp">
      <hostname>${escapeMarkup(settings.smtpHost)}</hostname>
      <port>${settings.smtpPort}</port>
      <socketType>SSL</socketType>
      <authentication>password-cleartext</authentication>
      <username>%EMAILADDRESS%</username>
    </outgoingServer>
  </emailProvider>
</clientConfig>
`;
}

/** The profile of a live mailbox, when the link's token is right; 404 for anything else (no hint which part was wrong). */
export async function readMobileConfig(deps: Pick<Deps, 'db' | 'config' | 'secrets'>, emailId: number, token: string): Promise<string> {
  const [email] = await deps.db
    .select({ address: emails.address })
    .from(emails)
    .where(and(eq(emails.emailId, emailId), eq(emails.status, 'active'), eq(emails.type, 'mailbox')));
  const expected = email ? Buffer.from(setupToken(deps.secrets.adminJwt, emailId, email.address)) : null;
  const given = Buffer.from(token);
  if (!email || !expected || expected.length !== given.length || !timingSafeEqual(expected, given)) throw notFound('No such set-up profile');
  return buildMobileConfig({ address: email.address, brandName: brand.name, settings: mailClientSettings(deps.config) });
}

/** Thunderbird's autoconfig for an address on a domain with the email service; 404 for a domain we host no mail for. */
export async function readAutoconfig(db: Db, config: Config, emailAddress: string): Promise<string> {
  const domain = emailAddress.trim().toLowerCase().split('@')[1] ?? '';
  const [row] = domain
    ? await db
        .select({ domain: domains.domain })
        .from(domains)
        .where(and(eq(domains.domain, domain), eq(domains.emailEnabled, true), ne(domains.status, 'deleted')))
        .limit(1)
    : [];
  if (!row) throw notFound('We host no email for this domain');
  return buildAutoconfig({ domain: row.domain, brandName: brand.name, settings: mailClientSettings(config) });
}
