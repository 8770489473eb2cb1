/** The XML the sandbox EPP server sends: greeting and responses (RFC 5730 §2.4, §2.6), with its standard result texts. */
import { el, escapeXml, ns } from '../epp-xml.ts';

/** What a command handler answers; the server wraps it in the envelope with the transaction ids. */
export type Reply = {
  code: number;
  /** Why, in the registry's words (sent as extValue/reason). */
  reason?: string;
  /** The element the reason is about (extValue/value), e.g. `<domain:name xmlns:domain="…">x.com</domain:name>`. */
  value?: string;
  resData?: string;
  extension?: string;
  msgQ?: string;
  /**
   * 'before': close the connection without acting or answering (a dropped connection); 'after': the command took
   * effect, then the connection closes before the answer goes out (a lost answer); 'answer-then-close': answer, then close.
   */
  close?: 'before' | 'after' | 'answer-then-close';
};

export const objectUris = [ns.domain, ns.host, ns.contact] as const;
export const extensionUris = [ns.secDNS, ns.rgp, ns.fee] as const;

const messages: Record<number, string> = {
  1000: 'Command completed successfully',
  1001: 'Command completed successfully; action pending',
  1300: 'Command completed successfully; no messages',
  1301: 'Command completed successfully; ack to dequeue',
  1500: 'Command completed successfully; ending session',
  2001: 'Command syntax error',
  2002: 'Command use error',
  2003: 'Required parameter missing',
  2004: 'Parameter value range error',
  2005: 'Parameter value syntax error',
  2100: 'Unimplemented protocol version',
  2101: 'Unimplemented command',
  2102: 'Unimplemented option',
  2103: 'Unimplemented extension',
  2104: 'Billing failure',
  2105: 'Object is not eligible for renewal',
  2106: 'Object is not eligible for transfer',
  2200: 'Authentication error',
  2201: 'Authorization error',
  2202: 'Invalid authorization information',
  2300: 'Object pending transfer',
  2301: 'Object not pending transfer',
  2302: 'Object exists',
  2303: 'Object does not exist',
  2304: 'Object status prohibits operation',
  2305: 'Object association prohibits operation',
  2306: 'Parameter value policy error',
  2307: 'Unimplemented object service',
  2308: 'Data management policy violation',
  2400: 'Command failed',
  2500: 'Command failed; server closing connection',
  2501: 'Authentication error; server closing connection',
  2502: 'Session limit exceeded; server closing connection',
};

const head = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>';

export function greetingXml(serverId: string, date: Date): string {
  const objs = objectUris.map((uri) => el('objURI', uri)).join('');
  const exts = extensionUris.map((uri) => el('extURI', uri)).join('');
  return `${head}<epp xmlns="${ns.epp}"><greeting>${el('svID', serverId)}${el('svDate', date.toISOString())}<svcMenu><version>1.0</version><lang>en</lang>${objs}<svcExtension>${exts}</svcExtension></svcMenu><dcp><access><all/></access><statement><purpose><admin/><prov/></purpose><recipient><ours/><public/></recipient><retention><stated/></retention></statement></dcp></greeting></epp>`;
}

export function responseXml(reply: Reply, clTRID: string | undefined, svTRID: string): string {
  const extValue = reply.reason
    ? `<extValue><value>${reply.value ?? `<text xmlns="urn:dotspot:sandbox-epp">${escapeXml(reply.reason)}</text>`}</value>${el('reason', reply.reason)}</extValue>`
    : '';
  const result = `<result code="${reply.code}">${el('msg', messages[reply.code] ?? 'Command failed')}${extValue}</result>`;
  const trID = `<trID>${clTRID ? el('clTRID', clTRID) : ''}${el('svTRID', svTRID)}</trID>`;
  const resData = reply.resData ? `<resData>${reply.resData}</resData>` : '';
  const extension = reply.extension ? `<extension>${reply.extension}</extension>` : '';
  return `${head}<epp xmlns="${ns.epp}"><response>${result}${reply.msgQ ?? ''}${resData}${extension}${trID}</response></epp>`;
}

/** A refusal with the registry's reason. */
export function refuse(code: number, reason: string, value?: string): Reply {
  return { code, reason, value };
}

/** EPP dates: UTC, to the second. */
export function eppDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '.0Z');
}

/** A registrar's display name as an EPP clID (eppcom clIDType: 3-16 characters). */
export function clientIdOf(registrarName: string): string {
  const id = registrarName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 16)
    .replace(/-$/, '');
  return id.length >= 3 ? id : `${id}-registrar`.slice(0, 16);
}

/** A repository object id (eppcom roidType: `word-word`), stable for a name. */
export function roidOf(prefix: string, key: string, suffix = 'SIM'): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${prefix}${hash.toString(16).toUpperCase()}-${suffix}`;
}
