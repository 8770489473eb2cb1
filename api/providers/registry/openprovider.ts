/**
 * An upstream registrar as the registry: Openprovider's REST API v1beta (openprovider-client.ts). We are its reseller,
 * so "ours" means "in our Openprovider account", the sponsoring registrar in WHOIS and RDAP is the upstream, and its
 * refusals reach the caller in its own words. What the upstream cannot do for a reseller (clientHold, rejecting an
 * outgoing transfer, publishing DS records it did not make) is refused with a clear message rather than faked.
 */
import type { Config } from '../../config.ts';
import { collectAnswers, type RegistryProvider, type RegistryRecord, type TransferRequestAnswer } from './index.ts';
import { createOpenproviderClient, OpenproviderError, type OpenproviderOptions, openproviderCodes, splitDomain } from './openprovider-client.ts';
import {
  checkNames,
  createDomainDirectory,
  createHandles,
  listWholesaleCosts,
  quoteCreate,
  quotePrice,
  toRecord,
  type WholesaleCost,
  whoisOf,
} from './openprovider-domains.ts';
import { refusePlaceholderHosts } from './epp-domains.ts';
import { refuseChangedCreateFee, refuseChangedTransferFee } from './paid-fee.ts';

export type { WholesaleCost } from './openprovider-domains.ts';

export type OpenproviderRegistryOptions = OpenproviderOptions & {
  /** The upstream's accredited name, shown as the sponsoring registrar. */
  registrarName: string;
  defaultNameservers: readonly string[];
};

export type OpenproviderRegistry = RegistryProvider & {
  /** The reseller's wholesale prices per extension and action (cents), for the price sync. */
  wholesaleCosts(): Promise<WholesaleCost[]>;
  /** Every name in our upstream account (for reconciling). */
  listDomains(): Promise<string[]>;
};

export function openproviderOptionsFromConfig(config: Config): OpenproviderRegistryOptions {
  return {
    url: config.OPENPROVIDER_URL,
    username: config.OPENPROVIDER_USERNAME ?? '',
    password: config.OPENPROVIDER_PASSWORD ?? '',
    registrarName: config.UPSTREAM_REGISTRAR_NAME,
    defaultNameservers: config.DEFAULT_NAMESERVERS,
  };
}

const nameserverList = (hosts: readonly string[]) => hosts.map((name, index) => ({ name: name.toLowerCase().replace(/\.$/, ''), seq_nr: index }));

/** Openprovider's refusal of a transfer request as the interface's outcome. */
function transferRefusal(error: unknown, authCode: string | null | undefined): TransferRequestAnswer {
  if (!(error instanceof OpenproviderError)) throw error;
  if (error.code === openproviderCodes.authCodeInvalid || /auth.?code|epp code/i.test(error.description)) {
    return authCode ? { status: 'auth-code-rejected' } : { status: 'auth-code-needed' };
  }
  return { status: 'failed', reason: error.description };
}

export function createOpenproviderRegistry(options: OpenproviderRegistryOptions): OpenproviderRegistry {
  const defaultNameservers = options.defaultNameservers;
  refusePlaceholderHosts(defaultNameservers, 'Openprovider cannot start with these default nameservers');
  const client = createOpenproviderClient(options);
  const directory = createDomainDirectory(client);
  const handles = createHandles(client);

  const record = async (domain: string): Promise<RegistryRecord | null> => {
    const upstream = await directory.find(domain);
    return upstream ? toRecord(domain, upstream, options.registrarName) : null;
  };
  const requireRecord = async (domain: string): Promise<RegistryRecord> => {
    const found = await record(domain);
    if (!found) throw new Error(`${domain} is not in our Openprovider account`);
    return found;
  };
  const update = async (domain: string, changes: Record<string, unknown>) => {
    const id = await directory.idOf(domain);
    await client.change('PUT', `/domains/${id}`, { id, domain: splitDomain(domain), ...changes });
  };

  const checkStreaming: RegistryProvider['checkStreaming'] = (domains, listener) => {
    const byExtension = new Map<string, string[]>();
    for (const domain of domains) {
      const { extension } = splitDomain(domain);
      byExtension.set(extension, [...(byExtension.get(extension) ?? []), domain]);
    }
    for (const names of byExtension.values()) {
      void (async () => {
        let lastError: unknown;
        for (let attempt = 0; attempt < 2; attempt++) {
          if (listener.signal?.aborted) return;
          try {
            const answers = await checkNames(client, names);
            const answered = new Set(answers.map((answer) => answer.domain));
            if (answers.length) listener.onAnswers(answers);
            const missing = names.filter((name) => !answered.has(name));
            if (missing.length) listener.onFailure(missing, new Error('Openprovider gave no answer for these names'));
            return;
          } catch (error) {
            lastError = error;
          }
        }
        listener.onFailure(names, lastError);
      })();
    }
  };

  return {
    name: 'openprovider',
    defaultNameservers,
    check: (domains) => collectAnswers(checkStreaming, domains),
    checkStreaming,
    info: record,
    whois: async (domain) => {
      const found = await record(domain);
      return found ? whoisOf(found) : null;
    },

    async register({ domain, years, contact, nameservers, shownPrice }) {
      refusePlaceholderHosts(nameservers, `Refusing to register ${domain}`);
      // Priced again just before the create, which the upstream charges at its own price: a premium other than the one
      // the customer paid for the first year, or a premium on a name sold at the standard price, fails the line here,
      // before anything is paid; otherwise the create accepts the premium it quoted.
      const fee = await quoteCreate(client, domain);
      refuseChangedCreateFee(domain, fee, shownPrice);
      const handle = await handles.handleOf(contact);
      const created = await client.change<{ id?: number; expiration_date?: string; activation_date?: string; status?: string }>('POST', '/domains', {
        domain: splitDomain(domain),
        period: years,
        unit: 'y',
        owner_handle: handle,
        admin_handle: handle,
        tech_handle: handle,
        billing_handle: handle,
        name_servers: nameserverList(nameservers),
        autorenew: 'off',
        // The upstream refuses a premium create that does not accept its premium price (one year's, as its check says).
        ...(fee?.premium ? { accept_premium_fee: fee.cents / 100 } : {}),
      });
      directory.remember(domain, created.id);
      return toRecord(
        domain,
        { ...created, creation_date: created.activation_date, name_servers: nameservers.map((name) => ({ name })) },
        options.registrarName,
      );
    },

    async renew({ domain, years }) {
      const id = await directory.idOf(domain);
      await client.change('POST', `/domains/${id}/renew`, { id, domain: splitDomain(domain), period: years });
      return requireRecord(domain);
    },

    async premiumRenewPrice(domain, years) {
      const fee = await quotePrice(client, domain, 'renew', years);
      return fee?.premium ? fee.cents : null;
    },

    async delete(domain) {
      const id = await directory.idOf(domain);
      await client.change('DELETE', `/domains/${id}`, undefined, {
        'domain.name': splitDomain(domain).name,
        'domain.extension': splitDomain(domain).extension,
      });
      directory.forget(domain);
    },

    async transferCheck(domain, supportedTlds) {
      const { extension } = splitDomain(domain);
      if (!supportedTlds.has(extension)) return { domain, ok: false, reason: 'unsupported-tld' };
      if (await directory.find(domain)) return { domain, ok: false, reason: 'ours' };
      const [answer] = await checkNames(client, [domain]);
      if (!answer) throw new Error(`Openprovider gave no answer for ${domain}`);
      if (answer.available) return { domain, ok: false, reason: 'not-registered' };
      // A premium name's transfer is charged at the upstream's fee, not the catalogue's: the customer is shown it.
      const fee = await quotePrice(client, domain, 'transfer', 1);
      return { domain, ok: true, ...(fee?.premium ? { premiumPrice: fee.cents } : {}) };
    },

    async requestTransfer({ domain, authCode, shownPrice }) {
      try {
        // Asked again just before the request, which the upstream charges at its own fee: a fee other than the one the
        // customer paid, or a premium on a name sold at the standard price, is refused here, before anything is paid.
        const fee = await quotePrice(client, domain, 'transfer', 1);
        const refusal = refuseChangedTransferFee(domain, fee, shownPrice);
        if (refusal) return refusal;
        const answer = await client.change<{ id?: number; status?: string }>('POST', '/domains/transfer', {
          domain: splitDomain(domain),
          auth_code: authCode ?? '',
          name_servers: nameserverList(defaultNameservers),
          autorenew: 'off',
          // The contract requires a premium transfer to accept the fee it quoted, in the account's currency.
          ...(fee?.premium ? { accept_premium_fee: fee.cents / 100 } : {}),
        });
        directory.remember(domain, answer.id);
        return { status: 'pending' };
      } catch (error) {
        if (error instanceof Error && error.name === 'RegistryOutcomeUnknownError') return { status: 'unknown', reason: error.message };
        return transferRefusal(error, authCode);
      }
    },

    setLock: (domain, locked) => update(domain, { is_locked: locked }),

    async setClientHold(domain, onHold) {
      if (!onHold) return;
      throw new Error(`Openprovider does not let a reseller put ${domain} on clientHold; ask Openprovider's abuse desk or change its nameservers`);
    },

    async authCode(domain, regenerate) {
      const id = await directory.idOf(domain);
      if (regenerate) await client.change('POST', `/domains/${id}/authcode/reset`, { id, domain: splitDomain(domain) });
      const answer = await client.get<{ auth_code?: string }>(`/domains/${id}/authcode`, {
        'domain.name': splitDomain(domain).name,
        'domain.extension': splitDomain(domain).extension,
      });
      if (!answer.auth_code) throw new Error(`Openprovider gave no auth code for ${domain}`);
      return answer.auth_code;
    },

    async restore({ domain }) {
      const id = await directory.idOf(domain, { deleted: true });
      await client.change('POST', `/domains/${id}/restore`, { id, domain: splitDomain(domain) });
    },

    async setNameservers(domain, nameservers) {
      refusePlaceholderHosts(nameservers, `Refusing to delegate ${domain}`);
      await update(domain, { name_servers: nameserverList(nameservers) });
    },

    async updateDsRecords({ domain, dsRecords }) {
      // Openprovider takes DNSSEC as DNSKEY records (flags, algorithm, public key) and makes the DS itself.
      if (dsRecords.length) throw new Error(`Openprovider takes DNSSEC keys, not DS records: publish ${domain}'s DNSKEY at Openprovider`);
      await update(domain, { is_dnssec_enabled: false, dnssec_keys: [] });
    },

    async approveTransfer(domain) {
      const id = await directory.idOf(domain);
      await client.change('POST', `/domains/${id}/transfer/approve`, { id, domain: splitDomain(domain) });
    },

    async rejectTransfer(domain) {
      throw new Error(`Openprovider does not let a reseller refuse the transfer of ${domain}; lock the name instead`);
    },

    setWhoisPrivacy: (domain, enabled) => update(domain, { is_private_whois_enabled: enabled }),

    async updateContacts(domain, contacts) {
      const changes: Record<string, string> = {};
      const roles = { registrant: 'owner_handle', admin: 'admin_handle', tech: 'tech_handle', billing: 'billing_handle' } as const;
      for (const [role, field] of Object.entries(roles)) {
        const contact = contacts[role as keyof typeof roles];
        if (contact) changes[field] = await handles.handleOf(contact);
      }
      if (Object.keys(changes).length) await update(domain, changes);
    },

    async setHost(host, addresses) {
      const ip = addresses.find((address) => !address.includes(':'));
      const ip6 = addresses.find((address) => address.includes(':'));
      const body = { name: host.toLowerCase(), ...(ip ? { ip } : {}), ...(ip6 ? { ip6 } : {}) };
      try {
        await client.change('PUT', `/dns/nameservers/${encodeURIComponent(body.name)}`, body);
      } catch (error) {
        if (!(error instanceof OpenproviderError)) throw error;
        await client.change('POST', '/dns/nameservers', body);
      }
    },

    async deleteHost(host) {
      await client.change('DELETE', `/dns/nameservers/${encodeURIComponent(host.toLowerCase())}`);
    },

    // Openprovider has no message queue for resellers: transfers are followed by reading the domain's status.
    pollMessage: async () => null,
    ackMessage: async () => {},

    wholesaleCosts: () => listWholesaleCosts(client),
    async listDomains() {
      const names: string[] = [];
      for (let offset = 0; ; offset += 500) {
        const page = await client.get<{ results?: { domain?: { name?: string; extension?: string } }[]; total?: number }>('/domains', { limit: 500, offset });
        const results = page.results ?? [];
        for (const item of results) names.push(`${item.domain?.name}.${item.domain?.extension}`.toLowerCase());
        if (results.length < 500) return names;
      }
    },
  };
}
