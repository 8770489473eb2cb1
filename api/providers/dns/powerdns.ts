/**
 * DNS in production: PowerDNS Authoritative through its HTTP API (`/api/v1/servers/{server}/zones`). Each zone is a
 * Native zone whose SOA serial we set ourselves (soa_edit_api off) and whose `account` marks it as ours, so the
 * reconcile job removes only zones we made. Writing a zone replaces every RRset and deletes every other one in one
 * PATCH, so a zone is never served half-updated; the content always comes from the caller (built from our database),
 * PowerDNS's copy is read only to learn which RRsets to delete and what serial it serves. ALIAS records are
 * PowerDNS's own (its `expand-alias` and `resolver` settings flatten them; docker-compose.yml sets both).
 */
import { formatSvcbData, parseSvcb } from '../../contract/dns/rich-records.ts';
import type { DnsProvider, Zone, ZoneRecord } from './index.ts';

export type PowerDnsOptions = { url: string; apiKey: string; serverId?: string; timeoutMs?: number; fetch?: typeof fetch };

export type RrSet = { name: string; type: string; ttl: number; records: { content: string; disabled: boolean }[] };

/** A zone as PowerDNS serves it: name without the trailing dot. */
export type HeldZone = { name: string; serial: number; account: string; rrsets: RrSet[] };

/** The `account` our zones carry in PowerDNS: zones without it (made by hand, or by another tool) are never deleted by reconcile. */
export const ourAccount = 'dotspot';

export type PowerDns = DnsProvider & {
  readonly name: 'powerdns';
  readonly publishesThroughQueue: true;
  /** Every zone PowerDNS serves, with its serial and account (one call, no record content). */
  listZones(): Promise<Omit<HeldZone, 'rrsets'>[]>;
  /** The zone as PowerDNS serves it now, or null when it has none by that name. */
  readZone(name: string): Promise<HeldZone | null>;
  /** Makes PowerDNS serve exactly `zone`: created when `held` is null, else one PATCH (and the account set if missing). */
  writeZone(zone: Zone, held: HeldZone | null): Promise<void>;
  deleteZone(name: string): Promise<void>;
};

/** How often a call is asked again after a 500 (a write that met another one in PowerDNS's SQLite backend). */
const busyRetries = 8;

const fqdn = (name: string) => `${name.replace(/\.$/, '')}.`;
const bare = (name: string) => name.replace(/\.$/, '').toLowerCase();

/** An IPv6 address in its one canonical text form (RFC 5952: lower case, longest zero run compressed), as PowerDNS prints it. */
function canonicalIpv6(address: string): string {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return address.toLowerCase();
  }
}

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
      return record.data;
    case 'AAAA':
      return canonicalIpv6(record.data);
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
    // CAA and TLSA are stored in PowerDNS's own text form; SVCB and HTTPS need the SvcPriority and a dotted target.
    case 'CAA':
    case 'TLSA':
      return record.data;
    case 'HTTPS':
    case 'SVCB':
      return svcbContent(record);
  }
}

function svcbContent(record: ZoneRecord): string {
  const fields = parseSvcb(record.data);
  if ('error' in fields) throw new Error(`${record.type} value not canonical: ${record.data}`);
  return `${record.priority ?? 0} ${formatSvcbData(fields, { fqdn: true })}`;
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
    const content = recordContent(record);
    // One record per content: PowerDNS refuses an RRset that repeats one.
    if (!set.records.some((r) => r.content === content)) set.records.push({ content, disabled: false });
    sets.set(key, set);
  }
  return [...sets.values()];
}

/** One line per RRset, order-free, for comparing what PowerDNS serves with what it should. */
function rrSetLines(sets: readonly RrSet[]): string[] {
  return sets
    .map((set) => {
      const contents = (set.records ?? [])
        .filter((r) => !r.disabled)
        .map((r) => (set.type === 'AAAA' ? canonicalIpv6(r.content) : r.content))
        .sort();
      return JSON.stringify([set.name.toLowerCase(), set.type, set.ttl, contents]);
    })
    .sort();
}

/** Whether PowerDNS serves exactly the zone, SOA serial included. */
export function isSameZone(held: HeldZone, zone: Zone): boolean {
  const a = rrSetLines(held.rrsets.filter((set) => (set.records ?? []).some((r) => !r.disabled)));
  const b = rrSetLines(zoneRrSets(zone));
  return a.length === b.length && a.every((line, i) => line === b[i]);
}

export function createPowerDns(options: PowerDnsOptions): PowerDns {
  const base = `${options.url.replace(/\/$/, '')}/api/v1/servers/${encodeURIComponent(options.serverId ?? 'localhost')}/zones`;
  const doFetch = options.fetch ?? fetch;
  const zonePath = (name: string) => `/${encodeURIComponent(fqdn(name))}`;

  async function callOnce(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
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

  /**
   * One API call, asked again a few times on a 500: PowerDNS's SQLite backend (docker-compose.yml's) refuses a write
   * that meets another one ("database is locked") instead of waiting. Each write is a whole transaction that states
   * the RRsets outright, so asking again is safe. Timeouts and refused connections are not asked again here: the
   * job's retries wait for PowerDNS to come back.
   */
  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
    for (let attempt = 1; ; attempt += 1) {
      const answer = await callOnce(method, path, body);
      if (answer.status !== 500 || attempt > busyRetries) return answer;
      await new Promise((resolve) => setTimeout(resolve, attempt * (5 + Math.random() * 20)));
    }
  }

  const fail = (what: string, answer: { status: number; json: any }) =>
    new Error(`PowerDNS refused to ${what}: HTTP ${answer.status}${answer.json?.error ? ` ${answer.json.error}` : ''}`);
  // 404, and 422 "Could not find domain" from older versions: PowerDNS has no such zone.
  const isMissing = (status: number) => status === 404 || status === 422;

  const provider: PowerDns = {
    name: 'powerdns',
    publishesThroughQueue: true,

    async listZones() {
      const answer = await call('GET', '?dnssec=false');
      if (answer.status >= 300 || !Array.isArray(answer.json)) throw fail('list zones', answer);
      return (answer.json as { name: string; serial: number; account?: string }[]).map((z) => ({
        name: bare(z.name),
        serial: z.serial,
        account: z.account ?? '',
      }));
    },

    async readZone(name) {
      const answer = await call('GET', zonePath(name));
      if (isMissing(answer.status)) return null;
      if (answer.status >= 300) throw fail(`read zone ${name}`, answer);
      return { name: bare(answer.json.name ?? name), serial: answer.json.serial ?? 0, account: answer.json.account ?? '', rrsets: answer.json.rrsets ?? [] };
    },

    async writeZone(zone, held) {
      const wanted = zoneRrSets(zone);
      if (!held) {
        const created = await call('POST', '', {
          name: fqdn(zone.name),
          kind: 'Native',
          soa_edit_api: '',
          account: ourAccount,
          nameservers: [],
          rrsets: wanted,
        });
        if (created.status !== 201) throw fail(`create zone ${zone.name}`, created);
        // PowerDNS 4.7 keeps the REFUSED answers it cached for the zone's names before it existed (up to cache-ttl):
        // creating a zone does not purge its packet cache, a PATCH does. Rewriting the SOA as it is purges it.
        const purged = await call('PATCH', zonePath(zone.name), { rrsets: [{ ...wanted[0], changetype: 'REPLACE' }] });
        if (purged.status >= 300) throw fail(`update zone ${zone.name}`, purged);
        return;
      }
      const wantedKeys = new Set(wanted.map((set) => `${set.name.toLowerCase()} ${set.type}`));
      const rrsets = [
        ...wanted.map((set) => ({ ...set, changetype: 'REPLACE' })),
        ...held.rrsets
          .filter((set) => !wantedKeys.has(`${set.name.toLowerCase()} ${set.type}`))
          .map((set) => ({ name: set.name, type: set.type, changetype: 'DELETE' })),
      ];
      const patched = await call('PATCH', zonePath(zone.name), { rrsets });
      if (patched.status >= 300) throw fail(`update zone ${zone.name}`, patched);
      // A zone made before zones were marked (or by hand, for a name we now serve) becomes ours.
      if (held.account !== ourAccount) {
        const marked = await call('PUT', zonePath(zone.name), { account: ourAccount });
        if (marked.status >= 300) throw fail(`mark zone ${zone.name} as ours`, marked);
      }
    },

    async deleteZone(name) {
      const answer = await call('DELETE', zonePath(name));
      if (answer.status >= 300 && !isMissing(answer.status)) throw fail(`delete zone ${name}`, answer);
    },

    async publishZone(name, zone) {
      if (!zone) return provider.deleteZone(name);
      const held = await provider.readZone(name);
      if (held && held.account === ourAccount && isSameZone(held, zone)) return;
      await provider.writeZone(zone, held);
    },
  };
  return provider;
}

export const isPowerDns = (dns: DnsProvider): dns is PowerDns => dns.name === 'powerdns';
