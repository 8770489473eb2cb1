/** EPP transfers (RFC 5731 §3.2.4): eligibility from `<domain:info>`, requests, answers to others' requests, locks, holds and auth codes. */
import { nowMs } from '../../clock.ts';
import { tldOf } from '../../contract/domain-name.ts';
import { newAuthCode } from './auth-code.ts';
import { feeAckXml, feeFor, premiumFee } from './epp-checks.ts';
import { EppError } from './epp-connection.ts';
import { infoDomain, requireDomain, updateDomain } from './epp-domain-queries.ts';
import { domainNs, type EppDomainInfo, lockStatuses } from './epp-domain-xml.ts';
import type { EppSession } from './epp-session.ts';
import { childOf, el, ns, textOf } from './epp-xml.ts';
import { RegistryOutcomeUnknownError, type TransferEligibility, type TransferRequestAnswer } from './index.ts';
import { refuseChangedTransferFee } from './paid-fee.ts';

const dayMs = 24 * 3600 * 1000;
const transferLockDays = 60;
const maxYearsAfterTransfer = 9;

/** RFC 5731 transfer query: whether the registry holds a transfer of this name that we requested. */
export async function isTransferPendingToUs(session: EppSession, domain: string): Promise<boolean> {
  const response = await session.command(
    `Could not query the transfer of ${domain}`,
    `<transfer op="query"><domain:transfer ${domainNs}>${el('domain:name', domain)}</domain:transfer></transfer>`,
    // 2301: no transfer pending; 2201/2202: not ours to see.
    { query: true, accept: [2201, 2202, 2301] },
  );
  if (response.code >= 2000) return false;
  const trnData = childOf(response.resData, ns.domain, 'trnData');
  const status = textOf(trnData, ns.domain, 'trStatus');
  return (
    textOf(trnData, ns.domain, 'reID') === session.options.username && (status === 'pending' || status === 'clientApproved' || status === 'serverApproved')
  );
}

export async function transferCheck(session: EppSession, domain: string, supportedTlds: ReadonlySet<string>): Promise<TransferEligibility> {
  const tld = tldOf(domain);
  if (!supportedTlds.has(tld) && !supportedTlds.has(`.${tld}`)) return { domain, ok: false, reason: 'unsupported-tld' };
  let info: EppDomainInfo | null;
  try {
    info = await infoDomain(session, domain);
  } catch (error) {
    // Some registries hide other registrars' domains from <info>: it exists, so the transfer request decides.
    if (error instanceof EppError && error.code === 2201) return { domain, ok: true };
    throw error;
  }
  if (!info) return { domain, ok: false, reason: 'not-registered' };
  const result: TransferEligibility = {
    domain,
    ok: false,
    registrarName: session.registrarNameOf(info.clientId),
    createDate: info.createDate?.toISOString(),
    expireDate: info.expireDate?.toISOString(),
  };
  const now = nowMs();
  const lastChange = Math.max(info.createDate?.getTime() ?? 0, info.transferDate?.getTime() ?? 0);
  if (info.clientId === session.options.username) return { ...result, reason: 'ours' };
  if (info.statuses.some((status) => lockStatuses.includes(status))) return { ...result, reason: 'locked' };
  if (info.statuses.includes('pendingTransfer')) return { ...result, reason: 'pending-transfer' };
  if (info.statuses.some((status) => status === 'pendingDelete' || status === 'redemptionPeriod')) return { ...result, reason: 'pending-delete' };
  if (now - lastChange < transferLockDays * dayMs) return { ...result, reason: 'too-new' };
  if (info.expireDate && info.expireDate.getTime() > addYears(new Date(now), maxYearsAfterTransfer).getTime()) {
    return { ...result, reason: 'too-far-in-the-future' };
  }
  // RFC 8748: a premium name's transfer fee is the registry's, not the catalogue's; the customer is shown it.
  const premiumPrice = await premiumFee(session, domain, 'transfer', 1);
  return { ...result, ok: true, ...(premiumPrice === null ? {} : { premiumPrice }) };
}

export async function requestTransfer(
  session: EppSession,
  { domain, authCode, shownPrice }: { domain: string; authCode?: string | null; shownPrice?: number | null },
): Promise<TransferRequestAnswer> {
  // RFC 5731 §3.2.4: a transfer request carries the name's authInfo; without one there is nothing to send.
  if (!authCode?.trim()) return { status: 'auth-code-needed' };
  try {
    // The fee is acknowledged in the request (RFC 8748 §5.2.4): a premium name's transfer is refused without it, and
    // the registry charges no more than it says. A premium fee the customer paid is the one acknowledged; a customer
    // who paid the standard price is not transferred at a premium the registry set since.
    let fee = shownPrice != null && (await session.hasFees()) ? shownPrice : null;
    if (fee === null) {
      const quoted = await feeFor(session, domain, 'transfer', 1);
      const refusal = refuseChangedTransferFee(domain, quoted && { ...quoted, currency: session.currency }, shownPrice);
      if (refusal) return refusal;
      fee = quoted?.cents ?? null;
    }
    const response = await session.mutate(
      `Could not request the transfer of ${domain}`,
      `<transfer op="request"><domain:transfer ${domainNs}>${el('domain:name', domain)}<domain:authInfo>${el('domain:pw', authCode.trim())}</domain:authInfo></domain:transfer></transfer>`,
      { accept: [2202], extension: feeAckXml(session, 'transfer', fee) },
    );
    // RFC 5730 §3: 2202 "Invalid authorization information".
    return response.code === 2202 ? { status: 'auth-code-rejected' } : { status: 'pending' };
  } catch (error) {
    if (error instanceof RegistryOutcomeUnknownError) return { status: 'unknown', reason: error.message };
    // Refused by the registry, or never sent (no session): either way nothing is pending.
    return { status: 'failed', reason: (error as Error).message };
  }
}

/** Our answer to another registrar's request for one of our names. */
export async function answerTransfer(session: EppSession, domain: string, op: 'approve' | 'reject'): Promise<void> {
  await session.mutate(
    `Could not ${op} the transfer of ${domain}`,
    `<transfer op="${op}"><domain:transfer ${domainNs}>${el('domain:name', domain)}</domain:transfer></transfer>`,
  );
}

export async function setLock(session: EppSession, domain: string, locked: boolean): Promise<void> {
  const info = await requireDomain(session, domain);
  const has = info.statuses.includes('clientTransferProhibited');
  if (has === locked) return;
  const status = '<domain:status s="clientTransferProhibited"/>';
  await updateDomain(session, `Could not ${locked ? 'lock' : 'unlock'} ${domain}`, domain, locked ? { add: status } : { rem: status });
}

/** On hold (clientHold, RFC 5731 §2.3): the registry leaves the name out of its zone. */
export async function setClientHold(session: EppSession, domain: string, onHold: boolean): Promise<void> {
  const info = await requireDomain(session, domain);
  if (info.statuses.includes('clientHold') === onHold) return;
  const status = '<domain:status s="clientHold"/>';
  await updateDomain(session, `Could not ${onHold ? 'suspend' : 'restore'} ${domain}`, domain, onHold ? { add: status } : { rem: status });
}

/** The name's auth code as the registry holds it, or a new one given to the registry first. */
export async function authCode(session: EppSession, domain: string, regenerate?: boolean): Promise<string> {
  if (regenerate) {
    const code = newAuthCode();
    await updateDomain(session, `Could not change the auth code of ${domain}`, domain, { chg: `<domain:authInfo>${el('domain:pw', code)}</domain:authInfo>` });
    return code;
  }
  const info = await requireDomain(session, domain);
  if (!info.authCode) throw new Error(`The registry did not return an auth code for ${domain}`);
  return info.authCode;
}

function addYears(date: Date, years: number): Date {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}
