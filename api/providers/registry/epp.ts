/**
 * The production registry over EPP: RFC 5731 domains, 5732 hosts, 5733 contacts, and RFC 8748 fees for premium
 * prices, on a small pool of EppConnection sessions to one registry (or registry gateway). Each object's commands
 * live in their own module over the shared session (epp-session.ts): epp-checks.ts, epp-domains.ts,
 * epp-transfers.ts, epp-contacts.ts, epp-hosts.ts; what the answers say is read in epp-domain-xml.ts.
 */
import { readFileSync } from 'node:fs';
import type { Config } from '../../config.ts';
import { collectAnswers, type RegistryProvider } from './index.ts';
import { newAuthCode } from './auth-code.ts';
import { checkStreaming, premiumRenewPrice, registryName } from './epp-checks.ts';
import { setWhoisPrivacy, updateContacts } from './epp-contacts.ts';
import { readMessage } from './epp-domain-xml.ts';
import {
  deleteDomain,
  domainRecord,
  domainWhois,
  refusePlaceholderHosts,
  registerDomain,
  renewDomain,
  restoreDomain,
  setNameservers,
  updateDsRecords,
} from './epp-domains.ts';
import { deleteHost, setHost } from './epp-hosts.ts';
import { createEppSession, type EppRegistryOptions } from './epp-session.ts';
import { answerTransfer, authCode, requestTransfer, setClientHold, setLock, transferCheck } from './epp-transfers.ts';
import { escapeXml } from './epp-xml.ts';

export type { EppRegistryOptions } from './epp-session.ts';
export { parseCents, whoisText, dsUpdateXml, type EppDomainInfo } from './epp-domain-xml.ts';
export { newAuthCode };

export type EppRegistry = RegistryProvider & {
  /** Logs every session out. */
  close(): Promise<void>;
  /** Logged-in sessions right now. */
  sessionsUp(): number;
};

/** The EPP registry from config (EPP_HOST set), reading the optional CA bundle file once. */
export function eppOptionsFromConfig(config: Config): EppRegistryOptions {
  return {
    host: config.EPP_HOST ?? '',
    port: config.EPP_PORT,
    username: config.EPP_USERNAME ?? '',
    password: config.EPP_PASSWORD ?? '',
    registrarName: config.EPP_REGISTRAR_NAME,
    ca: config.EPP_TLS_CA_FILE ? readFileSync(config.EPP_TLS_CA_FILE) : undefined,
    defaultNameservers: config.DEFAULT_NAMESERVERS,
  };
}

export function createEppRegistry(options: EppRegistryOptions): EppRegistry {
  const defaultNameservers = options.defaultNameservers ?? [];
  if (!options.placeholderHostsAllowed) refusePlaceholderHosts(defaultNameservers, 'The EPP registry cannot start with these default nameservers');
  const session = createEppSession(options);
  const streaming = checkStreaming(session);

  return {
    name: 'epp',
    defaultNameservers,
    check: (domains) => collectAnswers(streaming, domains, registryName),
    checkStreaming: streaming,
    info: (domain) => domainRecord(session, domain),
    whois: (domain) => domainWhois(session, domain),
    register: (input) => registerDomain(session, input),
    renew: (input) => renewDomain(session, input),
    premiumRenewPrice: (domain, years) => premiumRenewPrice(session, domain, years),
    delete: (domain) => deleteDomain(session, domain),
    transferCheck: (domain, supportedTlds) => transferCheck(session, domain, supportedTlds),
    requestTransfer: (input) => requestTransfer(session, input),
    setLock: (domain, locked) => setLock(session, domain, locked),
    setClientHold: (domain, onHold) => setClientHold(session, domain, onHold),
    authCode: (domain, regenerate) => authCode(session, domain, regenerate),
    restore: (input) => restoreDomain(session, input),
    approveTransfer: (domain) => answerTransfer(session, domain, 'approve'),
    rejectTransfer: (domain) => answerTransfer(session, domain, 'reject'),
    setWhoisPrivacy: (domain, enabled) => setWhoisPrivacy(session, domain, enabled),
    setNameservers: (domain, nameservers) => setNameservers(session, domain, nameservers),
    updateDsRecords: (input) => updateDsRecords(session, input),
    updateContacts: (domain, contacts) => updateContacts(session, domain, contacts),
    setHost: (host, addresses) => setHost(session, host, addresses),
    deleteHost: (host) => deleteHost(session, host),

    async pollMessage() {
      // A request only reads the head of the queue, so it is safe to resend after a dropped connection.
      const response = await session.command('Could not read the registry message queue', '<poll op="req"/>', { query: true });
      // 1300: the queue is empty; 1301: here is the oldest message, "ack to dequeue".
      if (response.code !== 1301 || !response.msgQ) return null;
      return readMessage(response.msgQ, response.resData, options.username);
    },

    async ackMessage(id) {
      // 2303: already acknowledged (a resent ack, or another session's), which is what we wanted.
      await session.command(`Could not acknowledge registry message ${id}`, `<poll op="ack" msgID="${escapeXml(id)}"/>`, { query: true, accept: [2303] });
    },

    close: () => session.close(),
    sessionsUp: () => session.sessionsUp(),
  };
}
