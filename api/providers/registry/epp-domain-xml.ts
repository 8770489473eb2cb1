/** What the domain object's EPP answers say (RFC 5731 info, 5910 secDNS, 8748 fees, poll notices), and the XML we send for them. Pure. */
import { nowMs } from '../../clock.ts';
import type { DsRecord } from '../../contract/domains/rdap.ts';
import { EppError } from './epp-connection.ts';
import { normaliseHost, parseDate } from './epp-session.ts';
import { childOf, childrenOf, el, escapeXml, ns, pathOf, textOf, type XmlElement } from './epp-xml.ts';
import type { RegistryMessage } from './index.ts';

export const domainNs = `xmlns:domain="${ns.domain}"`;

/** Statuses that stop a transfer away. */
export const lockStatuses = ['clientTransferProhibited', 'serverTransferProhibited'];

/** A domain as <domain:info> describes it. */
export type EppDomainInfo = {
  name: string;
  roid: string;
  statuses: string[];
  clientId: string;
  createDate: Date | null;
  updateDate: Date | null;
  expireDate: Date | null;
  transferDate: Date | null;
  nameservers: string[];
  authCode: string | null;
  /** Contact object ids: the registrant's and each other role's. */
  registrant: string | null;
  contacts: { type: string; id: string }[];
  /** RFC 5910 secDNS infData, when the registry sent it. */
  dsRecords?: DsRecord[];
};

/** RFC 5731 §3.2.4 transfer statuses as outcomes for the gaining registrar. */
const transferOutcomes: Record<string, 'pending' | 'completed' | 'rejected'> = {
  pending: 'pending',
  clientApproved: 'completed',
  serverApproved: 'completed',
  clientRejected: 'rejected',
  clientCancelled: 'rejected',
  serverCancelled: 'rejected',
};

/** A polled message; a transfer notice (<domain:trnData>) says which name, how it ended and whether we gain it. */
export function readMessage(msgQ: XmlElement, resData: XmlElement | undefined, clientId: string): RegistryMessage {
  const message: RegistryMessage = {
    id: msgQ.attrs.id ?? '',
    date: parseDate(textOf(msgQ, ns.epp, 'qDate')) ?? new Date(nowMs()),
    text: childOf(msgQ, ns.epp, 'msg')?.text ?? '',
  };
  const trnData = childOf(resData, ns.domain, 'trnData');
  const domain = textOf(trnData, ns.domain, 'name');
  const status = transferOutcomes[textOf(trnData, ns.domain, 'trStatus') ?? ''];
  if (trnData && domain && status) {
    message.transfer = {
      domain: domain.toLowerCase(),
      status,
      inbound: textOf(trnData, ns.domain, 'reID') === clientId,
      otherRegistrar: (textOf(trnData, ns.domain, 'reID') === clientId ? textOf(trnData, ns.domain, 'acID') : textOf(trnData, ns.domain, 'reID')) ?? undefined,
      expireDate: parseDate(textOf(trnData, ns.domain, 'exDate')) ?? undefined,
    };
  }
  return message;
}

export function readDomainInfo(domain: string, resData: XmlElement | undefined): EppDomainInfo {
  const data = childOf(resData, ns.domain, 'infData');
  if (!data) throw new EppError(`The registry answered the lookup of ${domain} without domain data`);
  const nsList = childOf(data, ns.domain, 'ns');
  const nameservers = [
    ...childrenOf(nsList, ns.domain, 'hostObj').map((host) => host.text),
    ...childrenOf(nsList, ns.domain, 'hostAttr').map((host) => textOf(host, ns.domain, 'hostName') ?? ''),
  ]
    .filter(Boolean)
    .map(normaliseHost);
  return {
    name: (textOf(data, ns.domain, 'name') ?? domain).toLowerCase(),
    roid: textOf(data, ns.domain, 'roid') ?? '',
    statuses: childrenOf(data, ns.domain, 'status')
      .map((status) => status.attrs.s ?? '')
      .filter(Boolean),
    clientId: textOf(data, ns.domain, 'clID') ?? '',
    createDate: parseDate(textOf(data, ns.domain, 'crDate')),
    updateDate: parseDate(textOf(data, ns.domain, 'upDate')),
    expireDate: parseDate(textOf(data, ns.domain, 'exDate')),
    transferDate: parseDate(textOf(data, ns.domain, 'trDate')),
    nameservers,
    authCode: pathOf(data, [ns.domain, 'authInfo'], [ns.domain, 'pw'])?.text || null,
    registrant: textOf(data, ns.domain, 'registrant') || null,
    contacts: childrenOf(data, ns.domain, 'contact').map((contact) => ({ type: contact.attrs.type ?? '', id: contact.text })),
  };
}

/** WHOIS-style text from what <domain:info> tells us (EPP has no WHOIS command). */
export function whoisText(info: EppDomainInfo, registrarName: string): string {
  const date = (value: Date | null) => (value ? value.toISOString().replace(/\.\d{3}Z$/, 'Z') : '');
  const lines = [
    `Domain Name: ${info.name.toUpperCase()}`,
    info.roid && `Registry Domain ID: ${info.roid}`,
    `Registrar: ${registrarName}`,
    info.updateDate && `Updated Date: ${date(info.updateDate)}`,
    info.createDate && `Creation Date: ${date(info.createDate)}`,
    info.expireDate && `Registry Expiry Date: ${date(info.expireDate)}`,
    ...info.statuses.map((status) => `Domain Status: ${status} https://icann.org/epp#${status}`),
    ...info.nameservers.map((host) => `Name Server: ${host.toUpperCase()}`),
    info.dsRecords && `DNSSEC: ${info.dsRecords.length ? 'signedDelegation' : 'unsigned'}`,
  ];
  return `${lines.filter(Boolean).join('\n')}\n`;
}

/**
 * RFC 5910 §5.2.5: replace the whole DS set in one update (remove all, then add these), so a retry or a set the
 * registry already holds leaves the same result. With none to add the delegation becomes unsigned.
 */
export function dsUpdateXml(dsRecords: readonly DsRecord[]): string {
  const add = dsRecords
    .map(
      (ds) =>
        `<secDNS:dsData>${el('secDNS:keyTag', ds.keyTag)}${el('secDNS:alg', ds.algorithm)}${el('secDNS:digestType', ds.digestType)}${el('secDNS:digest', ds.digest)}</secDNS:dsData>`,
    )
    .join('');
  return `<secDNS:update xmlns:secDNS="${ns.secDNS}"><secDNS:rem><secDNS:all>true</secDNS:all></secDNS:rem>${add ? `<secDNS:add>${add}</secDNS:add>` : ''}</secDNS:update>`;
}

export function readDsData(secDns: XmlElement): DsRecord[] {
  return childrenOf(secDns, ns.secDNS, 'dsData').map((ds) => ({
    keyTag: Number(textOf(ds, ns.secDNS, 'keyTag')),
    algorithm: Number(textOf(ds, ns.secDNS, 'alg')),
    digestType: Number(textOf(ds, ns.secDNS, 'digestType')),
    digest: (textOf(ds, ns.secDNS, 'digest') ?? '').toUpperCase(),
  }));
}

type FeeCheckCommand = 'create' | 'renew' | 'transfer' | 'restore';

/** An RFC 8748 fee check for one command, or several (a search asks create and renew in one round trip). */
export function feeCheckXml(currency: string, action: FeeCheckCommand | FeeCheckCommand[], years: number): string {
  // A restore has no period (RFC 8748 §3.1: it is not a term).
  const period = (name: FeeCheckCommand) => (name === 'restore' ? '' : `<fee:period unit="y">${escapeXml(years)}</fee:period>`);
  const commands = (Array.isArray(action) ? action : [action]).map((name) => `<fee:command name="${name}">${period(name)}</fee:command>`).join('');
  return `<fee:check xmlns:fee="${ns.fee}">${el('fee:currency', currency)}${commands}</fee:check>`;
}

/** Fee-extension answers by name: the summed fees of one command in cents, and whether the class is premium. */
export function readFees(extension: XmlElement | undefined, action: string): Map<string, { cents: number; premium: boolean }> {
  const fees = new Map<string, { cents: number; premium: boolean }>();
  for (const cd of childrenOf(childOf(extension, ns.fee, 'chkData'), ns.fee, 'cd')) {
    const name = textOf(cd, ns.fee, 'objID')?.toLowerCase();
    const commandEl = childrenOf(cd, ns.fee, 'command').find((c) => c.attrs.name === action);
    if (!name || !commandEl) continue;
    const amounts = childrenOf(commandEl, ns.fee, 'fee').map((fee) => parseCents(fee.text));
    if (amounts.length === 0 || amounts.some((cents) => cents === null)) continue;
    const feeClass = `${textOf(cd, ns.fee, 'class') ?? ''} ${textOf(commandEl, ns.fee, 'class') ?? ''}`;
    fees.set(name, { cents: amounts.reduce<number>((sum, cents) => sum + (cents ?? 0), 0), premium: /premium/i.test(feeClass) });
  }
  return fees;
}

/** "10", "10.5", "1234.567" -> integer cents (half up), exactly, without floating point; null if not a number. */
export function parseCents(text: string): number | null {
  const match = /^\s*(\d+)(?:\.(\d*))?\s*$/.exec(text);
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(3, '0');
  const cents = Number(match[1]) * 100 + Number(fraction.slice(0, 2));
  return Number(fraction[2]) >= 5 ? cents + 1 : cents;
}

export function formatDecimal(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
