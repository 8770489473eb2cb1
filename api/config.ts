/** Environment parsed once with zod; nothing else reads process.env. */
import { BlockList, isIP } from 'node:net';
import { z } from 'zod';
import { isE164Phone } from './contract/phone.ts';
import { abuseImapUrlSchema } from './contract/compliance/abuse-imap.ts';
import { parseServerAddresses } from './providers/dns/builtin/addresses.ts';
import { hasRegistryPasswords } from './providers/registry/registries-file.ts';

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** `192.0.2.53`, `192.0.2.53:5353`, `2001:db8::53` or `[2001:db8::53]:5353`: what node's dns.setServers takes. */
function isResolverAddress(server: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(server);
  if (bracketed) return isIP(bracketed[1]) === 6;
  const withPort = /^([\d.]+):\d{1,5}$/.exec(server);
  return isIP(withPort ? withPort[1] : server) !== 0;
}

/** `address[:port]` entries, comma-separated (api/providers/dns/builtin/addresses.ts). */
const addressList = (variable: string) =>
  z
    .string()
    .optional()
    .transform((text, context) => {
      try {
        return parseServerAddresses(text, variable);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  /**
   * `all`: HTTP, the job worker and the built-in DNS server; `web`: HTTP only (enqueues jobs); `worker`: jobs; `dns`:
   * the built-in DNS server. `worker` and `dns` answer only /api/health and /api/ready on PORT.
   */
  ROLE: z.enum(['all', 'web', 'worker', 'dns']).default('all'),
  /** Serve the site and account app as built, never build at start (images, and processes beside one that builds). */
  SKIP_BUILD: z.stringbool().default(false),
  /** Re-read content/tlds.csv when an editor saves it (`npm run dev` sets it); a file with mistakes keeps the last good one. */
  WATCH_CONTENT: z.stringbool().default(false),
  /** How often a worker looks for scheduled jobs that fell due (pg-boss's cron pass), in seconds. */
  JOB_SCHEDULE_CHECK_SECONDS: z.coerce.number().int().min(1).max(45).default(30),
  /** The app's login (README "Database roles"): it may only insert and read the audit log. */
  DATABASE_URL: optional,
  /** The owner role, for migrations and the job queue's own schema; unset: DATABASE_URL does both. */
  DATABASE_OWNER_URL: optional,
  /** Proxies whose X-Forwarded-For we believe: a hop count (`1`) or comma-separated addresses and CIDRs. Unset: none. */
  TRUSTED_PROXIES: optional,
  /** Public origin of the site, used for links in emails, the Origin check and cookie names. Required outside sandbox mode. */
  PUBLIC_URL: optional.pipe(z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// address' }).optional()),
  DEMO_PASSWORD: optional,
  DEMO_TOTP_SECRET: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('Dotspot <no-reply@dotspot.example>'),
  SMS_GATEWAY_URL: optional,
  SMS_GATEWAY_TOKEN: optional,
  SMS_FROM: z.string().default('Dotspot'),
  /** Checkout phone codes sent per hour across every visitor, and cards set up per hour: caps on SMS pumping and card testing. */
  VERIFICATION_SMS_PER_HOUR: z.coerce.number().int().min(1).default(500),
  CARD_SETUPS_PER_HOUR: z.coerce.number().int().min(1).default(1000),
  /**
   * Charges a signed-in customer starts from the account app (renewals, Domain Protection, email, Website Builder) above
   * this many cents need a sign-in or "confirm it's you" within the last 15 minutes. 0: every charge does.
   */
  CHARGE_CONFIRM_ABOVE_CENTS: z.coerce.number().int().min(0).default(10000),
  /**
   * Changes that reach the registry from PATCH /api/domains/:id (lock, auth code, privacy, nameservers, DNSSEC, transfer
   * answers): per domain and per account in 10 minutes, across everyone in a minute, and how many one process sends at
   * once (of EPP's two sessions, so checkout and search always find one free).
   */
  REGISTRY_CHANGES_PER_DOMAIN: z.coerce.number().int().min(1).default(10),
  REGISTRY_CHANGES_PER_ACCOUNT: z.coerce.number().int().min(1).default(60),
  REGISTRY_CHANGES_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  REGISTRY_CHANGES_IN_FLIGHT: z.coerce.number().int().min(1).default(1),
  EPP_HOST: optional,
  EPP_PORT: z.coerce.number().int().default(700),
  EPP_USERNAME: optional,
  EPP_PASSWORD: optional,
  EPP_REGISTRAR_NAME: z.string().default('Dotspot, Inc.'),
  EPP_TLS_CA_FILE: optional,
  /**
   * An upstream registrar's API instead of EPP (README "Reseller quick start"): Openprovider's REST API, chosen when
   * OPENPROVIDER_USERNAME is set. UPSTREAM_REGISTRAR_* name the upstream in WHOIS and RDAP as the sponsoring registrar.
   */
  OPENPROVIDER_URL: z.url({ protocol: /^https?$/, error: 'OPENPROVIDER_URL must be an http:// or https:// address' }).default('https://api.openprovider.eu'),
  OPENPROVIDER_USERNAME: optional,
  OPENPROVIDER_PASSWORD: optional,
  UPSTREAM_REGISTRAR_NAME: z.string().default('Hosting Concepts B.V. d/b/a Openprovider'),
  UPSTREAM_REGISTRAR_IANA_ID: z
    .string()
    .regex(/^[1-9]\d{0,6}$/, "UPSTREAM_REGISTRAR_IANA_ID must be the upstream registrar's IANA Registrar ID")
    .default('1647'),
  UPSTREAM_RDAP_URL: optional.pipe(z.url({ protocol: /^https?$/, error: 'UPSTREAM_RDAP_URL must be an http:// or https:// address' }).optional()),
  /**
   * `registrar` (ICANN-accredited: IANA ID, abuse phone and escrow are ours) or `reseller` (those sit with the upstream).
   * Unset: inferred from the registry provider, an upstream registrar's API meaning reseller.
   */
  DOTSPOT_ROLE_IN_MARKET: z.enum(['registrar', 'reseller']).optional(),
  /**
   * RDAP's registrar entity (handle and IANA Registrar ID), abuse email and abuse phone (E.164). Required outside
   * sandbox mode; the sandbox defaults to the reserved ID 9995 and example addresses.
   */
  REGISTRAR_IANA_ID: optional.pipe(
    z
      .string()
      .regex(/^[1-9]\d{0,6}$/, 'REGISTRAR_IANA_ID must be your IANA Registrar ID, a positive whole number such as 1234')
      .optional(),
  ),
  REGISTRAR_ABUSE_EMAIL: optional.pipe(z.email({ error: 'REGISTRAR_ABUSE_EMAIL must be an email address, such as abuse@registrar.example' }).optional()),
  REGISTRAR_ABUSE_PHONE: optional.pipe(
    z.string().refine(isE164Phone, 'REGISTRAR_ABUSE_PHONE must be a phone number in E.164 form, such as +14155550100').optional(),
  ),
  ABUSE_IMAP_URL: optional.pipe(abuseImapUrlSchema.optional()), // The abuse mailbox over IMAP (README "Registrar duties").
  /** Nameservers new registrations get, comma-separated. The default is the sandbox's placeholder, which EPP refuses. */
  DEFAULT_NAMESERVERS: z
    .string()
    .default('NS1.DOTSPOT.EXAMPLE,NS2.DOTSPOT.EXAMPLE')
    .transform((list) => list.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.string().regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}\.?$/i, 'a host name')).min(1)),
  /**
   * The built-in DNS server's port (UDP and TCP): unset, a free port (printed at start); 0, off. Ignored with
   * PDNS_API_URL, where PowerDNS serves the zones.
   */
  DNS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /**
   * Secondaries of the built-in server (NSD, Knot, BIND), comma-separated `address[:port]` (port 53 by default): allowed
   * to transfer zones (AXFR/IXFR over TCP), and sent NOTIFY at that address and port when a zone's serial changes.
   */
  DNS_SECONDARIES: optional.pipe(addressList('DNS_SECONDARIES')),
  /**
   * Resolvers (`address[:port]`, comma-separated) the built-in server asks for ALIAS targets outside our own zones.
   * Unset: such targets have no addresses (never the machine's own resolvers).
   */
  DNS_ALIAS_RESOLVER: optional.pipe(addressList('DNS_ALIAS_RESOLVER')),
  /** Response rate limiting (RRL): identical answers a second to one source prefix; 0 turns it off. NSD's default. */
  DNS_RRL_RESPONSES_PER_SECOND: z.coerce.number().int().min(0).max(1_000_000).default(200),
  /** Every n-th answer over the limit goes out truncated (TC) so a real client retries over TCP; 0 drops them all. */
  DNS_RRL_SLIP: z.coerce.number().int().min(0).max(10).default(2),
  DNS_RRL_IPV4_PREFIX: z.coerce.number().int().min(8).max(32).default(24),
  DNS_RRL_IPV6_PREFIX: z.coerce.number().int().min(16).max(128).default(56),
  /** RFC 8482: ANY gets one RRset (off: every RRset at the name). */
  DNS_MINIMAL_ANY: z.stringbool().default(true),
  /**
   * PowerDNS Authoritative's HTTP API (e.g. http://pdns:8081) and its key: zones are published there instead. A real
   * provider: with it, this is not sandbox mode and the mix rule applies (PDNS_API_KEY among its variables).
   */
  PDNS_API_URL: optional.pipe(z.url({ protocol: /^https?$/, error: 'PDNS_API_URL must be an http:// or https:// address' }).optional()),
  PDNS_API_KEY: optional,
  PDNS_SERVER_ID: z.string().default('localhost'),
  /** This web server's public addresses: parked, forwarded and builder domains point their root and www here. */
  WEB_IPV4: z.ipv4({ error: 'WEB_IPV4 must be an IPv4 address' }).default('127.0.0.1'),
  WEB_IPV6: optional.pipe(z.ipv6({ error: 'WEB_IPV6 must be an IPv6 address' }).optional()),
  /** The mail host of the email service: domains with email get MX and SPF records naming it. */
  MAIL_HOST: z.string().default('mail.dotspot.example'),
  /** How long a new custom nameserver waits for review before it is made active at the registry (spec: up to 48 hours). */
  GLUE_REVIEW_MINUTES: z.coerce.number().int().min(0).max(2880).default(60),
  CAPTCHA_VERIFY_URL: optional,
  CAPTCHA_SECRET: optional,
  CAPTCHA_SITE_KEY: optional,
  BOT_CHECK_SECRET: optional,
  /** HMAC key of admin JWTs; unset, one random key in the secrets table serves every process. */
  ADMIN_JWT_SECRET: optional,
  /** AES-256 key (64 hex digits) that encrypts stored transfer auth codes; unset, one random key in the secrets table. */
  AUTH_CODE_KEY: optional.pipe(
    z
      .string()
      .regex(/^[0-9a-f]{64}$/i, 'AUTH_CODE_KEY must be 64 hex digits (32 bytes)')
      .optional(),
  ),
  /** Mail hosting on a Stalwart server's management API (https://mail.example.com) with an API key (`api_…`). */
  MAILHOST_API_URL: optional.pipe(z.url({ protocol: /^https?$/, error: 'MAILHOST_API_URL must be an http:// or https:// address' }).optional()),
  MAILHOST_API_KEY: optional,
  /** Where customers' mail clients connect (IMAP 993, SMTP 465), written into the set-up documents. Default: mail.<PUBLIC_URL host>. */
  MAIL_CLIENT_HOST: optional,
  /**
   * The built-in SMTP receiver (sandbox mail host): relays mail for forwards, stores mail for mailboxes. Unset: a free
   * port, printed at start; 0: off.
   */
  SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Address the built-in SMTP receiver listens on: this machine only unless set (0.0.0.0 to take mail from the Internet). */
  SMTP_HOST: z.string().default('127.0.0.1'),
  /**
   * DNS servers for the receiver's SPF, DKIM and DMARC lookups (`ip` or `ip:port`, comma-separated); unset, the
   * machine's resolvers. Tests point it at a DNS server of their own.
   */
  MAIL_DNS_RESOLVER: optional.pipe(
    z
      .string()
      .transform((list) => list.split(/[\s,]+/).filter(Boolean))
      .refine(
        (servers) => servers.every(isResolverAddress),
        'MAIL_DNS_RESOLVER must be IP addresses (with :port if not 53), comma-separated, such as 127.0.0.1:5353',
      )
      .optional(),
  ),
  /** The domain of rewritten (SRS) envelope senders of forwarded mail; bounces come back to it. Default: MAIL_HOST. */
  SRS_DOMAIN: optional,
  /** HMAC key of SRS addresses; unset, one random key in the secrets table serves every process. */
  SRS_SECRET: optional,
  /**
   * Registrar duties (README "Registrar duties"). Where the daily list of overdue abuse cases goes until staff accounts
   * with the compliance role receive it (default: the abuse address).
   */
  COMPLIANCE_EMAIL: optional.pipe(z.email({ error: 'COMPLIANCE_EMAIL must be an email address' }).optional()),
  /**
   * DNS servers (`ip` or `ip:port`, comma-separated) that registrant verification asks whether an email domain has MX or
   * A records. Unset: the machine's resolvers, except in sandbox mode, where the lookup is skipped (no Internet to ask).
   */
  REGISTRANT_EMAIL_RESOLVER: optional,
  /** The operator's tax identity on invoices and credit notes: its VAT or tax number (unset: none shown). */
  OPERATOR_TAX_ID: optional,
  /** The operator's registered country (ISO 3166 alpha-2), on invoices and credit notes. */
  OPERATOR_COUNTRY: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'OPERATOR_COUNTRY must be a two-letter country code, such as US or DE')
    .transform((code) => code.toUpperCase())
    .default('US'),
  /** The EU's VIES REST API (https://ec.europa.eu/taxation_customs/vies/rest-api); unset: the VIES sandbox. */
  VIES_API_URL: z.url().optional(),
  /** Where the operator collects tax: `EU`, countries (`GB`, `US`: every state), regions (`US-NY`); README has more. */
  TAX_REGISTRATIONS: z
    .string()
    .default('EU')
    .transform((list) =>
      list
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^(EU|[A-Z]{2}(-[A-Z]{2,3})?)$/, 'TAX_REGISTRATIONS lists EU, countries (GB) or regions (US-NY), comma-separated'))),
  /** Escrow deposits: the weekday of the full deposit (the other days get incremental ones unless turned off). */
  ESCROW_FULL_DAY: z.enum(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']).default('sunday'),
  ESCROW_INCREMENTAL: z.stringbool().default(true),
  /** The escrow agent's OpenPGP public key (armored file) that deposits are encrypted to, and our signing key and its passphrase. */
  ESCROW_AGENT_KEY_FILE: optional,
  ESCROW_SIGNING_KEY_FILE: optional,
  ESCROW_SIGNING_KEY_PASSPHRASE: optional,
  /** Sandbox: deposits are written here. */
  ESCROW_DIR: z.string().default('.data/escrow'),
  /** Production: deposits are uploaded to the escrow agent's SFTP server with this user and private key. */
  ESCROW_SFTP_HOST: optional,
  ESCROW_SFTP_PORT: z.coerce.number().int().min(1).max(65535).default(22),
  ESCROW_SFTP_USERNAME: optional,
  ESCROW_SFTP_KEY_FILE: optional,
  ESCROW_SFTP_PATH: z.string().default('/'),
  /** The agent's SSH host key fingerprint (`SHA256:…`, as ssh-keygen -lf prints it): the upload refuses any other server. */
  ESCROW_SFTP_HOST_KEY: optional,
  /** Sandbox registry answer delay in ms per extension, to make streaming visible. */
  SANDBOX_REGISTRY_LATENCY_MS: z.coerce.number().int().min(0).default(40),
  /**
   * In sandbox mode with ROLE=all, serve the sandbox registry over EPP (TLS on loopback) and reach it through the
   * registry connections of content/registries.csv's sandbox rows, as production reaches real registries. Off: the
   * in-process sandbox registry (the same world, no EPP).
   */
  SANDBOX_REGISTRY_OVER_EPP: z.stringbool().default(true),
  /** The sandbox EPP server's port on 127.0.0.1. Unset: a free port, printed at start. */
  SANDBOX_EPP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Proof-of-work difficulty: leading zero hex digits of the derived key (3 ≈ 4,000 hashes). Lower only for tests and benchmarks. */
  BOT_CHECK_DIFFICULTY: z.coerce.number().int().min(1).max(6).default(3),
});

export type ProviderChoice = {
  payments: 'stripe' | 'sandbox';
  mail: 'smtp' | 'sandbox';
  sms: 'http' | 'sandbox';
  registry: 'epp' | 'openprovider' | 'sandbox';
  botCheck: 'captcha' | 'altcha';
  mailHost: 'stalwart' | 'sandbox';
  dns: 'powerdns' | 'builtin';
};

export type Config = z.infer<typeof envSchema> & {
  providers: ProviderChoice;
  /**
   * Every provider is its offline stand-in: only then is the outbox served, the demo account seeded and usable,
   * and PUBLIC_URL optional. One real provider means real customers, so all of that is off.
   */
  sandboxMode: boolean;
  /** PUBLIC_URL's origin, or http://localhost:PORT in sandbox mode. Emailed links and the Origin checks use this, never the Host header. */
  publicOrigin: string;
  /** The host customers' mail clients use (MAIL_CLIENT_HOST, else mail.<public host>). */
  mailClientHost: string;
  /** `reseller`: the upstream registrar sponsors our names and holds the registrar duties (IANA ID, escrow). */
  roleInMarket: 'registrar' | 'reseller';
  /**
   * Who sponsors our domains in RDAP: our IANA ID and abuse desk (REGISTRAR_* variables, sandbox defaults), or as a
   * reseller the upstream's name, IANA ID and RDAP service, with our abuse desk as the reseller's.
   */
  registrar: { ianaId: string; abuseEmail: string; abusePhone: string; name?: string; rdapUrl?: string; reseller?: boolean };
  /** Who gets the compliance desk's daily mail until staff accounts do (COMPLIANCE_EMAIL, else the abuse address). */
  complianceEmail: string;
};

/** Sandbox stand-ins: 9995 is in IANA's reserved Registrar ID range (9994-9999, testing and registry use), never a real registrar's. */
const sandboxRegistrar = { ianaId: '9995', abuseEmail: 'abuse@dotspot.example', abusePhone: '+14155550100' };

/** `TRUSTED_PROXIES`: unset (trust no one), a hop count (`1`: one proxy in front), or CIDRs and addresses. */
export type TrustedProxies = { kind: 'none' } | { kind: 'count'; hops: number } | { kind: 'list'; list: BlockList; text: string };

export function parseTrustedProxies(raw: string | undefined): TrustedProxies {
  const text = raw?.trim() ?? '';
  if (!text) return { kind: 'none' };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops === 0 ? { kind: 'none' } : { kind: 'count', hops };
  }
  const list = new BlockList();
  for (const entry of text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address);
    if (!family) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR (like 10.0.0.0/8 or 2001:db8::/32)`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else {
      const bits = Number(prefix);
      if (!Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128)) throw new Error(`TRUSTED_PROXIES: "${entry}" has a bad prefix length`);
      list.addSubnet(address, bits, type);
    }
  }
  return { kind: 'list', list, text };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  }
  const c = parsed.data;
  try {
    parseTrustedProxies(c.TRUSTED_PROXIES);
  } catch (error) {
    throw new Error(`Invalid configuration:\n${(error as Error).message}`);
  }
  const providers: ProviderChoice = {
    payments: c.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox',
    mail: c.SMTP_URL ? 'smtp' : 'sandbox',
    sms: c.SMS_GATEWAY_URL ? 'http' : 'sandbox',
    // Live registry connections: EPP_HOST (one connection) or any REGISTRY_<NAME>_PASSWORD for content/registries.csv;
    // an upstream registrar's API (Openprovider) makes a reseller.
    registry: c.EPP_HOST || hasRegistryPasswords(env) ? 'epp' : c.OPENPROVIDER_USERNAME ? 'openprovider' : 'sandbox',
    // createProviders needs both to use the hosted captcha; with one it stays on the proof of work.
    botCheck: c.CAPTCHA_SECRET && c.CAPTCHA_VERIFY_URL ? 'captcha' : 'altcha',
    mailHost: c.MAILHOST_API_URL ? 'stalwart' : 'sandbox',
    dns: c.PDNS_API_URL ? 'powerdns' : 'builtin',
  };
  const sandboxMode =
    providers.payments === 'sandbox' &&
    providers.mail === 'sandbox' &&
    providers.sms === 'sandbox' &&
    providers.registry === 'sandbox' &&
    providers.botCheck === 'altcha' &&
    providers.mailHost === 'sandbox' &&
    providers.dns === 'builtin';
  if (c.EPP_HOST && c.OPENPROVIDER_USERNAME) {
    throw new Error('Invalid configuration:\nSet EPP_HOST or OPENPROVIDER_USERNAME, not both: the registry is one or the other');
  }
  const roleInMarket = c.DOTSPOT_ROLE_IN_MARKET ?? (providers.registry === 'openprovider' ? 'reseller' : 'registrar');
  if (roleInMarket === 'registrar' && providers.registry === 'openprovider') {
    throw new Error('Invalid configuration:\nDOTSPOT_ROLE_IN_MARKET=registrar, but Openprovider is an upstream registrar: through it we are its reseller');
  }
  const ownDesk = { abuseEmail: c.REGISTRAR_ABUSE_EMAIL ?? sandboxRegistrar.abuseEmail, abusePhone: c.REGISTRAR_ABUSE_PHONE ?? sandboxRegistrar.abusePhone };
  return {
    ...c,
    providers,
    sandboxMode,
    roleInMarket,
    publicOrigin: c.PUBLIC_URL ? new URL(c.PUBLIC_URL).origin : `http://localhost:${c.PORT}`,
    mailClientHost: c.MAIL_CLIENT_HOST ?? `mail.${c.PUBLIC_URL ? new URL(c.PUBLIC_URL).hostname : 'dotspot.example'}`,
    registrar:
      roleInMarket === 'reseller'
        ? {
            ...ownDesk,
            abusePhone: c.REGISTRAR_ABUSE_PHONE ?? '',
            ianaId: c.UPSTREAM_REGISTRAR_IANA_ID,
            name: c.UPSTREAM_REGISTRAR_NAME,
            rdapUrl: c.UPSTREAM_RDAP_URL,
            reseller: true,
          }
        : { ...ownDesk, ianaId: c.REGISTRAR_IANA_ID ?? sandboxRegistrar.ianaId },
    complianceEmail: c.COMPLIANCE_EMAIL ?? c.REGISTRAR_ABUSE_EMAIL ?? sandboxRegistrar.abuseEmail,
  };
}
