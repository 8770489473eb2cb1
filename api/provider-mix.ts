/** The start-up rule outside sandbox mode: which real providers and settings must stand together before customers come. */
import type { Config } from './config.ts';

/** Variables each real provider needs before it can stand in front of customers. */
const realProviderVariables = {
  payments: ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'],
  mail: ['SMTP_URL'],
  sms: ['SMS_GATEWAY_URL'],
  openprovider: ['OPENPROVIDER_USERNAME', 'OPENPROVIDER_PASSWORD'],
  // The sandbox mail host keeps mailboxes nobody can read (no IMAP): real customers' mail would vanish there.
  mailHost: ['MAILHOST_API_URL', 'MAILHOST_API_KEY'],
} as const;

/** What a deposit to the escrow agent needs outside sandbox mode. */
export const escrowVariables = [
  'ESCROW_AGENT_KEY_FILE',
  'ESCROW_SIGNING_KEY_FILE',
  'ESCROW_SFTP_HOST',
  'ESCROW_SFTP_USERNAME',
  'ESCROW_SFTP_KEY_FILE',
  'ESCROW_SFTP_HOST_KEY',
] as const;

/**
 * The start-up rule for real deployments. Outside sandbox mode payments, mail, SMS and the registry must all be
 * real: a sandbox beside a real provider would swallow real customers' codes (mail, SMS) or take money for names
 * no registry holds (payments, registry). The bot check may stay on the self-hosted proof of work, a real defence
 * that swallows nothing, and DNS on the built-in server, which answers for real. PowerDNS counts as a real provider
 * (setting PDNS_API_URL alone leaves sandbox mode) and needs its API key. Returns the one-line problem, or null when
 * the configuration may serve customers.
 */
export function findUnsafeProviderMix(config: Config): string | null {
  if (config.sandboxMode) return null;
  const { openprovider, ...others } = realProviderVariables;
  const missing: string[] = [...Object.values(others).flat(), ...(config.providers.registry === 'openprovider' ? openprovider : [])].filter(
    (name) => !config[name],
  );
  const reseller = config.roleInMarket === 'reseller';
  // PowerDNS is optional (the built-in server serves real zones too), but never without its API key.
  if (config.PDNS_API_URL && !config.PDNS_API_KEY) missing.push('PDNS_API_KEY');
  // The registry: connections of content/registries.csv (REGISTRY_<NAME>_PASSWORD) or the single EPP_HOST one.
  if (config.providers.registry === 'sandbox') missing.push('REGISTRY_<NAME>_PASSWORD (content/registries.csv) or EPP_HOST');
  else if (config.EPP_HOST) for (const name of ['EPP_USERNAME', 'EPP_PASSWORD'] as const) if (!config[name]) missing.push(name);
  if (!config.PUBLIC_URL) missing.push('PUBLIC_URL');
  // RDAP must not name a test registrar ID or an example abuse desk to the public.
  // A reseller's names are sponsored by the upstream registrar (its IANA ID, abuse phone and escrow); our own abuse
  // desk still takes reports about our customers' names, so its address is required either way.
  const identity = reseller ? (['REGISTRAR_ABUSE_EMAIL'] as const) : (['REGISTRAR_IANA_ID', 'REGISTRAR_ABUSE_EMAIL', 'REGISTRAR_ABUSE_PHONE'] as const);
  for (const name of identity) if (!config[name]) missing.push(name);
  // Escrow deposits go to the agent over SFTP, encrypted to its key and signed with ours (ESCROW_DIR is the sandbox's).
  if (!reseller) for (const name of escrowVariables) if (!config[name]) missing.push(name);
  if (!missing.length) return null;
  const real = Object.entries(config.providers)
    .filter(([, name]) => name !== 'sandbox' && name !== 'altcha' && name !== 'builtin')
    .map(([kind, name]) => `${kind}=${name}`);
  return (
    `Real providers are configured (${real.join(', ')}), so this is not sandbox mode and every provider that handles ` +
    `customers' codes or money must be real, with a public address and the ${reseller ? "reseller's abuse desk" : "registrar's RDAP identity"}: set ${missing.join(', ')}. ` +
    'Or unset every real provider variable to run in sandbox mode.'
  );
}
