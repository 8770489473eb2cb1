/**
 * Authoritative DNS for customer zones: the built-in server (UDP and TCP, the default) or PowerDNS Authoritative
 * through its HTTP API (PDNS_API_URL). Services build each zone (api/services/dns/zone.ts) and publish it here.
 */

export type ZoneRecordType = 'A' | 'AAAA' | 'ALIAS' | 'CNAME' | 'MX' | 'NS' | 'SRV' | 'TXT' | RichRecordType;

/**
 * Types whose value is structured (api/contract/dns/rich-records.ts): `data` holds their canonical presentation form
 * (CAA `0 issue "ca.example"`, TLSA `3 1 1 <hex>`, SVCB/HTTPS `<target> key=value ...` with SvcPriority in `priority`);
 * rdata.ts encodes it for the wire.
 */
export type RichRecordType = 'CAA' | 'HTTPS' | 'SVCB' | 'TLSA';

/** One record: owner name fully qualified, lower-case, without the trailing dot. */
export type ZoneRecord = {
  name: string;
  type: ZoneRecordType;
  ttl: number;
  /**
   * Address, target host name or text (TXT as the customer wrote it; the wire splits it into 255-byte strings); for
   * CAA, HTTPS, SVCB and TLSA the presentation form of the rest of the RDATA (see RichRecordType).
   */
  data: string;
  priority?: number;
  weight?: number;
  port?: number;
};

export type Soa = { mname: string; rname: string; serial: number; refresh: number; retry: number; expire: number; minimum: number; ttl: number };

export type Zone = { name: string; soa: Soa; records: ZoneRecord[] };

export interface DnsProvider {
  readonly name: 'builtin' | 'powerdns';
  /**
   * Publishing calls another system, which may be slow or down (PowerDNS): syncZone then leaves it to the
   * dns-publish job (retried, one publisher per zone) instead of waiting for it.
   */
  readonly publishesThroughQueue?: boolean;
  /** Publishes the zone as given, replacing what was served; null stops serving it. Within a second, everywhere. */
  publishZone(name: string, zone: Zone | null): Promise<void>;
  close?(): Promise<void>;
}
