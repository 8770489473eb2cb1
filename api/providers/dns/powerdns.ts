/**
 * DNS in production: PowerDNS Authoritative through its HTTP API (`/api/v1/servers/{server}/zones`). Each zone is a
 * Native zone whose SOA serial we set ourselves (soa_edit_api off); publishing replaces every RRset that changed and
 * deletes those no longer there, in one PATCH, so a zone is never served half-updated. ALIAS records are PowerDNS's
 * own (its `expand-alias` and `resolver` settings flatten them; docker-compose.yml sets both).
 */
import type { DnsProvider, Zone, ZoneRecord } from './index.ts';

export type PowerDnsOptions = { url: string; apiKey: string; serverId?: string; timeoutMs?: number; fetch?: typeof fetch };

type RrSet = { name: string; type: string; ttl: number; records: { content: string; disabled: boolean }[] };

const fqdn = (name: string) => `${name.replace(/\.$/, '')}.`;

/** A TXT value as zone-file text: 255-byte character-strings, quoted and escaped. */
function txtContent(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  const parts: string[] = [];
  for (let start = 0; start < bytes.length || parts.length === 0; ) {
    let end = Math.min(start + 255, bytes.length);
    while (end < bytes.length && end > start && (bytes[end] & 0xc0) === 0x80) end -= 1;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
    if (start >= bytes.length) break;
  }
  return parts.map((part) => `"${part.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(' ');
}

export function recordContent(record: ZoneRecord): string {
  switch (record.type) {
    case 'A':
    case 'AAAA':
      return record.data;
    case 'CNAME':
    case 'NS':
    case 'ALIAS':
      return fqdn(record.data);
    case 'MX':
      return `${record.priority ?? 0} ${fqdn(record.data)}`;
    case 'SRV':
      return `${record.priority ?? 0} ${record.weight ?? 0} ${record.port ?? 0} ${fqdn(record.data)}`;
    case 'TXT':
      return txtContent(record.data);
  }
}

/** The zone as PowerDNS RRsets (one per owner and type, the lowest TTL of its records). */
export function zoneRrSets(zone: Zone): RrSet[] {
  const sets = new Map<string, RrSet>();
  const { soa } = zone;
  sets.set(`${fqdn(zone.name)} SOA`, {
    name: fqdn(zone.name),
    type: 'SOA',
    ttl: soa.ttl,
    records: [{ content: `${fqdn(soa.mname)} ${fqdn(soa.rname)} ${soa.serial} ${soa.refresh} ${soa.retry} ${soa.expire} ${soa.minimum}`, disabled: false }],
  });
  for (const record of zone.records) {
    const key = `${fqdn(record.name)} ${record.type}`;
    const set = sets.get(key) ?? { name: fqdn(record.name), type: record.type, ttl: record.ttl, records: [] };
    set.ttl = Math.min(set.ttl, record.ttl);
    set.records.push({ content: recordContent(record), disabled: false });
    sets.set(key, set);
  }
  return [...sets.values()];
}

export function createPowerDns(options: PowerDnsOptions): DnsProvider {
  const base = `${options.url.replace(/\/$/, '')}/api/v1/servers/${encodeURIComponent(options.serverId ?? 'localhost')}/zones`;
  const doFetch = options.fetch ?? fetch;

  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
    const response = await doFetch(`${base}${path}`, {
      method,
      headers: { 'X-API-Key': options.apiKey, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await response.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {}
    return { status: response.status, json };
  }

  const fail = (what: string, answer: { status: number; json: any }) =>
    new Error(`PowerDNS refused to ${what}: HTTP ${answer.status}${answer.json?.error ? ` ${answer.json.error}` : ''}`);

  return {
    name: 'powerdns',
    async publishZone(name, zone) {
      const id = `/${encodeURIComponent(fqdn(name))}`;
      if (!zone) {
        const answer = await call('DELETE', id);
        // 404/422: PowerDNS does not have it, which is what we wanted.
        if (answer.status >= 300 && answer.status !== 404 && answer.status !== 422) throw fail(`delete zone ${name}`, answer);
        return;
      }
      const wanted = zoneRrSets(zone);
      const current = await call('GET', id);
      if (current.status === 404 || current.status === 422) {
        const created = await call('POST', '', { name: fqdn(name), kind: 'Native', soa_edit_api: '', nameservers: [], rrsets: wanted });
        if (created.status === 201) return;
        if (created.status !== 409) throw fail(`create zone ${name}`, created);
      } else if (current.status >= 300) throw fail(`read zone ${name}`, current);
      const held: RrSet[] = (current.json?.rrsets ?? []) as RrSet[];
      const wantedKeys = new Set(wanted.map((set) => `${set.name} ${set.type}`));
      const rrsets = [
        ...wanted.map((set) => ({ ...set, changetype: 'REPLACE' })),
        ...held.filter((set) => !wantedKeys.has(`${set.name} ${set.type}`)).map((set) => ({ name: set.name, type: set.type, changetype: 'DELETE' })),
      ];
      const patched = await call('PATCH', id, { rrsets });
      if (patched.status >= 300) throw fail(`update zone ${name}`, patched);
    },
  };
}
