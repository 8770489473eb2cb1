/**
 * The record being written in the DNS record form (add and edit): its draft, one text per field, and what is made of
 * it. `recordPayload` builds what is sent (spec §5 "DNS add": values trimmed, empty fields omitted, numbers only for
 * the types that have them; structured values composed into `data`); `checkRecord` runs the same rules as the server,
 * so each message shows under its own field; `draftOf` reads a stored record back into the fields.
 */
import { type DnsFieldErrors, type DnsRecordType, defaultTtl, usesPriority, usesWeightAndPort, validateDnsRecord } from '../../../../api/contract/dns/dns.ts';
import { caaCritical, formatCaa, formatSvcbData, parseCaa, parseSvcb, parseTlsa, type SvcbParams } from '../../../../api/contract/dns/rich-records.ts';

export type RecordDraft = {
  type: DnsRecordType;
  host: string;
  data: string;
  priority: string;
  weight: string;
  port: string;
  ttl: string;
  caaCritical: boolean;
  caaTag: string;
  caaValue: string;
  tlsaUsage: string;
  tlsaSelector: string;
  tlsaMatchingType: string;
  tlsaData: string;
  svcTarget: string;
  svcAlpn: string;
  svcNoDefaultAlpn: boolean;
  svcPort: string;
  svcIpv4hint: string;
  svcIpv6hint: string;
  svcEch: string;
  svcMandatory: string;
  /** keyNNNNN=value parameters the form has no field for, kept as written. */
  svcOther: string;
};

export const emptyDraft: RecordDraft = {
  type: 'A',
  host: '',
  data: '',
  priority: '',
  weight: '',
  port: '',
  ttl: String(defaultTtl),
  caaCritical: false,
  caaTag: 'issue',
  caaValue: '',
  tlsaUsage: '3',
  tlsaSelector: '1',
  tlsaMatchingType: '1',
  tlsaData: '',
  svcTarget: '.',
  svcAlpn: '',
  svcNoDefaultAlpn: false,
  svcPort: '',
  svcIpv4hint: '',
  svcIpv6hint: '',
  svcEch: '',
  svcMandatory: '',
  svcOther: '',
};

function numberOrUndefined(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** The structured value as the one text the server stores (`data`). */
function composeData(draft: RecordDraft): string {
  switch (draft.type) {
    case 'CAA':
      return draft.caaValue.trim() || draft.caaTag
        ? formatCaa({ flags: draft.caaCritical ? caaCritical : 0, tag: draft.caaTag, value: draft.caaValue.trim() })
        : '';
    case 'TLSA':
      return `${draft.tlsaUsage} ${draft.tlsaSelector} ${draft.tlsaMatchingType} ${draft.tlsaData.replace(/\s+/g, '')}`.trim();
    case 'SVCB':
    case 'HTTPS': {
      const params: SvcbParams = {};
      if (draft.svcMandatory.trim()) params.mandatory = list(draft.svcMandatory);
      if (draft.svcAlpn.trim()) params.alpn = list(draft.svcAlpn);
      if (draft.svcNoDefaultAlpn) params.noDefaultAlpn = true;
      if (draft.svcPort.trim()) params.port = Number(draft.svcPort.trim());
      if (draft.svcIpv4hint.trim()) params.ipv4hint = list(draft.svcIpv4hint);
      if (draft.svcEch.trim()) params.ech = draft.svcEch.trim();
      if (draft.svcIpv6hint.trim()) params.ipv6hint = list(draft.svcIpv6hint);
      const base = formatSvcbData({ target: draft.svcTarget.trim() || '.', params });
      return [base, draft.svcOther.trim()].filter(Boolean).join(' ');
    }
    default:
      return draft.data.trim();
  }
}

/** What Add DNS / Update DNS send: trimmed, empty fields left out, numbers only for the types that have them. */
type RecordPayload = { host?: string; data?: string; priority?: number; weight?: number; port?: number; ttl?: number };

export function recordPayload(draft: RecordDraft): RecordPayload {
  const payload: RecordPayload = {};
  const host = draft.host.trim();
  const data = composeData(draft);
  if (host) payload.host = host;
  if (data) payload.data = data;
  const numbers: ('priority' | 'weight' | 'port')[] = usesWeightAndPort(draft.type)
    ? ['priority', 'weight', 'port']
    : usesPriority(draft.type)
      ? ['priority']
      : [];
  for (const field of numbers) {
    const value = numberOrUndefined(draft[field]);
    if (value !== undefined) payload[field] = value;
  }
  const ttl = numberOrUndefined(draft.ttl);
  if (ttl !== undefined) payload.ttl = ttl;
  return payload;
}

export function checkRecord(draft: RecordDraft, zone: string): DnsFieldErrors {
  const payload = recordPayload(draft);
  const result = validateDnsRecord({ type: draft.type, ...payload } as Parameters<typeof validateDnsRecord>[0], zone);
  return 'errors' in result ? result.errors : {};
}

/** The record as it will be stored (host '@' for the root, names lower-cased), or null while it has errors. */
export function normalisedRecord(draft: RecordDraft, zone: string): { type: DnsRecordType; host: string; data: string } | null {
  const result = validateDnsRecord({ type: draft.type, ...recordPayload(draft) } as Parameters<typeof validateDnsRecord>[0], zone);
  return 'record' in result ? result.record : null;
}

type StoredRecord = { type: DnsRecordType; host: string; data: string; priority: number | null; weight: number | null; port: number | null; ttl: number };

export function draftOf(record: StoredRecord): RecordDraft {
  const text = (n: number | null) => (n === null ? '' : String(n));
  const draft: RecordDraft = {
    ...emptyDraft,
    type: record.type,
    host: record.host,
    data: record.data,
    priority: text(record.priority),
    weight: text(record.weight),
    port: text(record.port),
    ttl: String(record.ttl),
  };
  if (record.type === 'CAA') {
    const caa = parseCaa(record.data);
    if (!('error' in caa)) Object.assign(draft, { caaCritical: caa.flags === caaCritical, caaTag: caa.tag, caaValue: caa.value });
  } else if (record.type === 'TLSA') {
    const tlsa = parseTlsa(record.data);
    if (!('error' in tlsa))
      Object.assign(draft, {
        tlsaUsage: String(tlsa.usage),
        tlsaSelector: String(tlsa.selector),
        tlsaMatchingType: String(tlsa.matchingType),
        tlsaData: tlsa.data,
      });
  } else if (record.type === 'SVCB' || record.type === 'HTTPS') {
    const svc = parseSvcb(record.data);
    if (!('error' in svc)) {
      const { params } = svc;
      Object.assign(draft, {
        svcTarget: svc.target,
        svcAlpn: params.alpn?.join(',') ?? '',
        svcNoDefaultAlpn: params.noDefaultAlpn ?? false,
        svcPort: params.port === undefined ? '' : String(params.port),
        svcIpv4hint: params.ipv4hint?.join(',') ?? '',
        svcIpv6hint: params.ipv6hint?.join(',') ?? '',
        svcEch: params.ech ?? '',
        svcMandatory: params.mandatory?.join(',') ?? '',
        svcOther: (params.other ?? []).map(([key, value]) => `key${key}="${value}"`).join(' '),
      });
    }
  }
  return draft;
}
