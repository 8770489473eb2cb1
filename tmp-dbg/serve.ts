import { createBuiltinDns } from '../api/providers/dns/builtin.ts';
const dns = createBuiltinDns({ secondaries: [{ address: '127.0.0.2', port: 5399 }], rateLimit: { responsesPerSecond: Number(process.env.RRL ?? 0), slip: 2, ipv4Prefix: 24, ipv6Prefix: 56 } });
const soa = { mname: 'ns1.dotspot.example', rname: 'hostmaster.dotspot.example', serial: 2026112500, refresh: 3600, retry: 600, expire: 1209600, minimum: 300, ttl: 3600 };
const z = 'example.com';
dns.zones.set(z, { name: z, soa, records: [
  { name: z, type: 'NS', ttl: 3600, data: 'ns1.dotspot.example' },
  { name: z, type: 'NS', ttl: 3600, data: 'ns2.dotspot.example' },
  { name: z, type: 'A', ttl: 300, data: '203.0.113.1' },
  { name: z, type: 'MX', ttl: 300, data: 'mail.example.com', priority: 10 },
  { name: z, type: 'TXT', ttl: 300, data: 'v=spf1 mx ~all' },
  { name: 'mail.' + z, type: 'A', ttl: 300, data: '203.0.113.2' },
  { name: 'www.' + z, type: 'CNAME', ttl: 300, data: z },
  { name: 'broken.' + z, type: 'CNAME', ttl: 300, data: 'missing.' + z },
  { name: 'away.' + z, type: 'CNAME', ttl: 300, data: 'elsewhere.example.net' },
  { name: '*.wild.' + z, type: 'A', ttl: 300, data: '203.0.113.9' },
  { name: 'sub.' + z, type: 'NS', ttl: 300, data: 'ns.sub.' + z },
  { name: 'ns.sub.' + z, type: 'A', ttl: 300, data: '203.0.113.53' },
  { name: 'a.b.c.' + z, type: 'A', ttl: 300, data: '203.0.113.3' },
  { name: 'apex-alias.' + z, type: 'ALIAS', ttl: 300, data: 'mail.' + z },
]});
const { port } = await dns.listen({ port: Number(process.env.PORT ?? 0), host: '0.0.0.0' });
console.log(port);
