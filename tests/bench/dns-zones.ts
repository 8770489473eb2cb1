/**
 * The zones the DNS benchmark (dns.ts) serves: one customer zone with every kind of answer and the fixed query mix
 * asked of it, and any number of bulk customer zones.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../api/db/client.ts';

export const zone = 'dnsbench.com';

/** The fixed mix: 16 of 19 answered NOERROR (answers, CNAME chains, ALIAS, wildcard, NODATA), 3 NXDOMAIN. */
export const mix = [
  `${zone} A`,
  `${zone} AAAA`,
  `${zone} MX`,
  `${zone} TXT`,
  `${zone} NS`,
  `${zone} SOA`,
  `www.${zone} A`,
  `mail.${zone} A`,
  `mail.${zone} AAAA`,
  `api.${zone} A`,
  `_sip._tcp.${zone} SRV`,
  `blog.${zone} A`,
  `shop.${zone} A`,
  `x.wild.${zone} A`,
  'WWW.DnsBench.COM A',
  `b.${zone} A`,
  `nothing.${zone} A`,
  `missing.${zone} MX`,
  `gone.${zone} AAAA`,
];

export async function seedBenchZone(db: Db): Promise<void> {
  const [account] = await db.execute<{ account_id: number }>(sql`insert into accounts default values returning account_id`);
  const [domain] = await db.execute<{ domain_id: number }>(
    sql`insert into domains (account_id, domain, expire_date, ns, website_type) values (${account.account_id}, ${zone}, now() + interval '300 days', array['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'], 'custom') returning domain_id`,
  );
  const id = domain.domain_id;
  const records: [string, string, string, number | null, number | null, number | null][] = [
    ['A', '@', '203.0.113.10', null, null, null],
    ['AAAA', '@', '2001:db8::10', null, null, null],
    ['MX', '@', `mail.${zone}`, 10, null, null],
    ['TXT', '@', 'v=spf1 mx ~all', null, null, null],
    ['A', 'mail', '203.0.113.11', null, null, null],
    ['CNAME', 'www', zone, null, null, null],
    ['A', 'api', '203.0.113.12', null, null, null],
    ['SRV', '_sip._tcp', `sip.${zone}`, 10, 5, 5060],
    ['A', 'sip', '203.0.113.13', null, null, null],
    ['CNAME', 'blog', 'blogs.example.net', null, null, null],
    ['ALIAS', 'shop', `mail.${zone}`, null, null, null],
    ['A', '*.wild', '203.0.113.14', null, null, null],
    ['A', 'deep.a.b', '203.0.113.15', null, null, null],
  ];
  for (const [type, host, data, priority, weight, port] of records) {
    await db.execute(
      sql`insert into dns_records (domain_id, type, host, data, priority, weight, port, ttl) values (${id}, ${type}, ${host}, ${data}, ${priority}, ${weight}, ${port}, 300)`,
    );
  }
}

/**
 * `count` customer zones: a quarter with three records of their own (different in every zone, so nothing is shared
 * between them), the rest parked (the defaults only, which all parked zones share).
 */
export async function seedZones(db: Db, count: number): Promise<void> {
  const [account] = await db.execute<{ account_id: number }>(sql`insert into accounts default values returning account_id`);
  await db.execute(sql`
    insert into domains (account_id, domain, expire_date, ns)
    select ${account.account_id}, 'bulk' || g || '-zone.com', now() + interval '300 days', array['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE']
    from generate_series(1, ${count}) g`);
  await db.execute(sql`
    insert into dns_records (domain_id, type, host, data, ttl)
    select domain_id, t.type, t.host,
      case t.type when 'A' then '10.' || (domain_id / 65536) || '.' || (domain_id / 256 % 256) || '.' || (domain_id % 256) else t.data || domain_id end, 300
    from domains, (values ('A', 'app', ''), ('TXT', '@', 'site-verification='), ('CNAME', 'shop', 'shops.example-cdn.net.id')) as t(type, host, data)
    where domain like 'bulk%' and domain_id % 4 = 0`);
  // Numbered once, as syncZone leaves every zone: the load then checks each zone's content against its stored hash.
  await db.execute(sql`
    insert into dns_zones (domain_id, serial, content_hash, modify_date)
    select domain_id, 2026010100, 'numbered before the last change', now() from domains where domain like 'bulk%'`);
}
