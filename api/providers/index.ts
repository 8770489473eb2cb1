/** Chooses each outside system's implementation from the config: sandboxes unless real credentials are set. */
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createAltchaBotCheck } from './botcheck/altcha.ts';
import { createCaptchaBotCheck } from './botcheck/captcha.ts';
import type { BotCheckProvider } from './botcheck/index.ts';
import { createBuiltinDns } from './dns/builtin.ts';
import { builtinDnsOptions } from './dns/builtin/options.ts';
import type { DnsProvider } from './dns/index.ts';
import { createPowerDns } from './dns/powerdns.ts';
import type { MailProvider } from './mail/index.ts';
import { createSandboxMail } from './mail/sandbox.ts';
import { createSmtpMail } from './mail/smtp.ts';
import type { MailHostProvider } from './mailhost/index.ts';
import { createSandboxMailHost } from './mailhost/sandbox.ts';
import { createStalwartMailHost } from './mailhost/stalwart.ts';
import type { PaymentsProvider } from './payments/index.ts';
import type { PayoutsProvider } from './payouts/index.ts';
import { createSandboxPayouts } from './payouts/sandbox.ts';
import { createStripePayouts } from './payouts/stripe.ts';
import { createSandboxPayments } from './payments/sandbox.ts';
import { createStripePayments } from './payments/stripe.ts';
import type { RegistryProvider } from './registry/index.ts';
import { createOpenproviderRegistry, openproviderOptionsFromConfig } from './registry/openprovider.ts';
import { createLiveRegistry } from './registry/connections.ts';
import { createSandboxRegistry } from './registry/sandbox.ts';
import { loadCatalogue } from '../services/search/catalogue.ts';
import { createHttpSms } from './sms/http.ts';
import type { SmsProvider } from './sms/index.ts';
import { createSandboxSms } from './sms/sandbox.ts';
import type { ViesProvider } from './vies/index.ts';
import { createRestVies } from './vies/rest.ts';
import { createSandboxVies } from './vies/sandbox.ts';

export type Providers = {
  payments: PaymentsProvider;
  /** Sellers' shares of market sales: Stripe Connect transfers with the Stripe key, else the sandbox. */
  payouts: PayoutsProvider;
  mail: MailProvider;
  sms: SmsProvider;
  registry: RegistryProvider;
  botCheck: BotCheckProvider;
  dns: DnsProvider;
  mailHost: MailHostProvider;
  /** EU VAT numbers confirmed before a business is reverse-charged: the EU's VIES with VIES_API_URL, else the sandbox. */
  vies: ViesProvider;
};

/** `registry`: one made already (the sandbox registry over EPP, whose server start-up awaits). */
export function createProviders(config: Config, db: Db, secrets: { botCheck: string }, made: { registry?: RegistryProvider } = {}): Providers {
  const registryOptions = {
    latencyMs: config.SANDBOX_REGISTRY_LATENCY_MS,
    registrarName: config.EPP_REGISTRAR_NAME,
    defaultNameservers: config.DEFAULT_NAMESERVERS,
  };
  return {
    payments: config.STRIPE_SECRET_KEY
      ? createStripePayments({
          secretKey: config.STRIPE_SECRET_KEY,
          publishableKey: config.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        })
      : createSandboxPayments(db),
    payouts: config.STRIPE_SECRET_KEY ? createStripePayouts({ secretKey: config.STRIPE_SECRET_KEY }) : createSandboxPayouts(),
    mail: config.SMTP_URL ? createSmtpMail(config.SMTP_URL, config.MAIL_FROM) : createSandboxMail(db),
    sms: config.SMS_GATEWAY_URL ? createHttpSms({ url: config.SMS_GATEWAY_URL, token: config.SMS_GATEWAY_TOKEN, from: config.SMS_FROM }) : createSandboxSms(db),
    // Live: one EPP connection pool per row of content/registries.csv (and EPP_HOST), each extension routed to its own;
    // or an upstream registrar's API (a reseller).
    registry:
      made.registry ??
      (config.providers.registry === 'epp'
        ? createLiveRegistry(
            config,
            db,
            loadCatalogue().list.map((t) => t.tld),
          ).router
        : config.providers.registry === 'openprovider'
          ? createOpenproviderRegistry(openproviderOptionsFromConfig(config))
          : createSandboxRegistry(db, registryOptions)),
    botCheck:
      config.CAPTCHA_SECRET && config.CAPTCHA_VERIFY_URL
        ? createCaptchaBotCheck({ verifyUrl: config.CAPTCHA_VERIFY_URL, secret: config.CAPTCHA_SECRET, siteKey: config.CAPTCHA_SITE_KEY ?? '' })
        : createAltchaBotCheck(db, secrets.botCheck, { keyPrefix: '0'.repeat(config.BOT_CHECK_DIFFICULTY) }),
    // A ROLE=dns process is the built-in server, whatever publishes zones elsewhere.
    dns:
      config.PDNS_API_URL && config.ROLE !== 'dns'
        ? createPowerDns({ url: config.PDNS_API_URL, apiKey: config.PDNS_API_KEY ?? '', serverId: config.PDNS_SERVER_ID })
        : createBuiltinDns(builtinDnsOptions(config)),
    mailHost: config.MAILHOST_API_URL
      ? createStalwartMailHost({ url: config.MAILHOST_API_URL, apiKey: config.MAILHOST_API_KEY ?? '' })
      : createSandboxMailHost(db),
    vies: config.VIES_API_URL ? createRestVies({ baseUrl: config.VIES_API_URL }) : createSandboxVies(),
  };
}

/** How a registry is reached, when it is over EPP: the sandbox's in-process registry and its EPP server look alike by name. */
function describeTransport(provider: Providers[keyof Providers]): string {
  if (!('connections' in provider) || typeof provider.connections !== 'function') return '';
  const count = provider.connections().length;
  return ` (over EPP, ${count} connection${count === 1 ? '' : 's'})`;
}

export function describeProviders(providers: Providers): string {
  return Object.entries(providers)
    .map(([kind, provider]) => `${kind}=${provider.name}${describeTransport(provider)}`)
    .join(' ');
}

/**
 * Lets every provider finish what it started before the database closes: the bot check's pending spent-token
 * write, the EPP sessions' logout. Call it before `db.$end()`; a provider that fails to close is reported, not thrown.
 */
export async function closeProviders(...sets: Providers[]): Promise<void> {
  const all = new Set<Providers[keyof Providers]>(sets.flatMap((set) => Object.values(set)));
  const results = await Promise.allSettled([...all].map((provider) => ('close' in provider ? provider.close?.() : undefined)));
  for (const result of results) {
    if (result.status === 'rejected') console.error('A provider did not close cleanly:', result.reason);
  }
}
