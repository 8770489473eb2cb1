/**
 * A stateful stand-in for Openprovider's REST API v1beta, for journeys and e2e tests: a reseller account holding
 * domains and customer handles in memory, availability, wholesale prices per extension, and the upstream's failure
 * answers (wrong password, expired token, a name already taken, a wrong auth code, an unknown handle, a domain not in
 * the account, and the upstream down for names containing `upstream-down`). Its answers follow the published contract
 * (tests/fixtures/openprovider/swagger.json), so Prism can stand in front of it as a validating proxy.
 *
 * Names whose label starts with `taken` are registered elsewhere; labels containing `premium` are premium at 20 times
 * the extension's cost for every operation, and their create or transfer must accept that fee (`accept_premium_fee`):
 * `premium-…` is a premium name to register, `taken-premium-…` one to transfer in; `reserved` labels are reserved.
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { now } from '../../clock.ts';
import type { Context } from 'hono';

export type SandboxCost = { register: number; renew: number; transfer: number; restore: number };

type Domain = {
  id: number;
  name: string;
  extension: string;
  owner: string;
  nameServers: string[];
  expires: Date;
  created: Date;
  locked: boolean;
  privacy: boolean;
  authCode: string;
  deletedAt: Date | null;
  status: 'ACT' | 'REQ' | 'DEL';
};

const stamp = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
const addYears = (date: Date, years: number) => new Date(Date.UTC(date.getUTCFullYear() + years, date.getUTCMonth(), date.getUTCDate(), date.getUTCHours()));
const money = (cents: number) => Math.round(cents) / 100;

export function createOpenproviderSandbox(options: { username: string; password: string; costs: Map<string, SandboxCost>; currency?: string }) {
  const currency = options.currency ?? 'USD';
  const tokens = new Set<string>();
  const customers = new Map<string, unknown>();
  const domains = new Map<string, Domain>();
  let nextId = 1000;
  const hosts = new Map<string, { ip?: string; ip6?: string }>();

  const app = new Hono().basePath('/v1beta');
  const refuse = (c: Context, status: 400 | 401 | 404 | 500, code: number, desc: string) => c.json({ code, desc, data: '' }, status);
  const ok = (c: Context, data: unknown) => c.json({ code: 0, desc: '', data });
  const view = (d: Domain) => ({
    id: d.id,
    domain: { name: d.name, extension: d.extension },
    status: d.status,
    owner_handle: d.owner,
    admin_handle: d.owner,
    tech_handle: d.owner,
    billing_handle: d.owner,
    creation_date: stamp(d.created),
    active_date: stamp(d.created),
    expiration_date: stamp(d.expires),
    renewal_date: stamp(d.expires),
    is_locked: d.locked,
    is_private_whois_enabled: d.privacy,
    is_deleted: d.deletedAt !== null,
    ...(d.deletedAt ? { deleted_at: stamp(d.deletedAt) } : {}),
    name_servers: d.nameServers.map((name, seq_nr) => ({ name, seq_nr })),
  });
  const cost = (extension: string) => options.costs.get(extension);
  const byId = (c: Context) => [...domains.values()].find((d) => d.id === Number(c.req.param('id'))) ?? null;
  const isDown = (label: string) => label.includes('upstream-down');
  const isPremium = (label: string) => label.includes('premium');
  /** The upstream's price of one operation on a name, in cents: the extension's cost, 20 times over for a premium name. */
  const priceOf = (name: string, price: SandboxCost, operation: string, period: number) => {
    const cents = operation === 'renew' ? price.renew : operation === 'transfer' ? price.transfer : operation === 'restore' ? price.restore : price.register;
    return cents * (isPremium(name) ? 20 : 1) * period;
  };

  app.post('/auth/login', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { username?: string; password?: string };
    if (body.username !== options.username || body.password !== options.password) return refuse(c, 401, 196, 'Authentication/Authorization Failed');
    const token = randomBytes(16).toString('hex');
    tokens.add(token);
    return ok(c, { token, reseller_id: 100001 });
  });
  app.use('*', async (c, next) => {
    const token = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token || !tokens.has(token)) return refuse(c, 401, 196, 'Authentication/Authorization Failed');
    await next();
  });

  app.post('/domains/check', async (c) => {
    const body = (await c.req.json()) as { domains?: { name?: string; extension?: string }[] };
    const list = body.domains ?? [];
    if (list.some((d) => isDown(d.name ?? ''))) return refuse(c, 500, 4005, 'Registry is temporarily unavailable');
    const results = list.map(({ name = '', extension = '' }) => {
      const domain = `${name}.${extension}`.toLowerCase();
      const price = cost(extension);
      if (!price) return { domain, status: 'error', reason: `Extension .${extension} is not supported` };
      const prices = { price: { reseller: { currency, price: money(price.register) }, product: { currency, price: money(price.register) } } };
      if (domains.has(domain) || name.startsWith('taken')) return { domain, status: 'active', reason: 'Domain exists', ...prices };
      if (name.startsWith('reserved')) return { domain, status: 'reserved', reason: 'Domain is reserved by the registry' };
      if (isPremium(name)) {
        return { domain, status: 'free', is_premium: true, premium: { currency, price: { create: money(priceOf(name, price, 'create', 1)) } }, ...prices };
      }
      return { domain, status: 'free', is_premium: false, ...prices };
    });
    return ok(c, { results });
  });

  app.post('/customers', async (c) => {
    const body = (await c.req.json()) as { email?: string; name?: { last_name?: string } };
    if (!body.email || !body.name?.last_name) return refuse(c, 400, 10001, 'Customer email and last name are required');
    const handle = `XX${String(100000 + customers.size + 1)}-XX`;
    customers.set(handle, body);
    return ok(c, { handle });
  });

  app.post('/domains', async (c) => {
    const body = (await c.req.json()) as {
      domain?: { name?: string; extension?: string };
      period?: number;
      owner_handle?: string;
      name_servers?: { name?: string }[];
      accept_premium_fee?: number;
    };
    const name = body.domain?.name ?? '';
    const extension = body.domain?.extension ?? '';
    const domain = `${name}.${extension}`.toLowerCase();
    if (isDown(name)) return refuse(c, 500, 4005, 'Registry is temporarily unavailable');
    const price = cost(extension);
    if (!price) return refuse(c, 400, 311, `Extension .${extension} is not supported`);
    if (domains.has(domain) || name.startsWith('taken') || name.startsWith('reserved'))
      return refuse(c, 400, 346, 'Duplicate domain: this domain is already registered');
    if (!body.owner_handle || !customers.has(body.owner_handle)) return refuse(c, 400, 10002, 'Owner handle does not exist');
    // A premium create goes ahead only when it accepts the premium price the check quotes (one year's create).
    const fee = money(priceOf(name, price, 'create', 1));
    if (isPremium(name) && body.accept_premium_fee !== fee) {
      return refuse(c, 400, 10003, `This domain is premium: its registration fee of ${fee} ${currency} must be accepted (accept_premium_fee)`);
    }
    const today = now();
    const record: Domain = {
      id: nextId++,
      name,
      extension,
      owner: body.owner_handle,
      nameServers: (body.name_servers ?? []).map((ns) => ns.name ?? '').filter(Boolean),
      created: today,
      expires: addYears(today, body.period ?? 1),
      locked: true,
      privacy: false,
      authCode: randomBytes(6).toString('hex'),
      deletedAt: null,
      status: 'ACT',
    };
    domains.set(domain, record);
    return ok(c, {
      id: record.id,
      status: record.status,
      activation_date: stamp(today),
      expiration_date: stamp(record.expires),
      renewal_date: stamp(record.expires),
      auth_code: record.authCode,
    });
  });

  app.get('/domains', (c) => {
    const fullName = c.req.query('full_name')?.toLowerCase();
    const deleted = c.req.query('is_deleted') === 'true';
    const limit = Number(c.req.query('limit') ?? 100);
    const offset = Number(c.req.query('offset') ?? 0);
    const matching = [...domains.entries()].filter(([key, d]) => (!fullName || key === fullName) && (d.deletedAt !== null) === deleted).map(([, d]) => d);
    return ok(c, { results: matching.slice(offset, offset + limit).map(view), total: matching.length });
  });

  app.get('/domains/prices', (c) => {
    const extension = c.req.query('domain.extension') ?? '';
    const price = cost(extension);
    if (!price) return refuse(c, 400, 311, `Extension .${extension} is not supported`);
    const name = c.req.query('domain.name') ?? '';
    const total = money(priceOf(name, price, c.req.query('operation') ?? 'create', Number(c.req.query('period') ?? 1)));
    return ok(c, { is_premium: isPremium(name), price: { reseller: { currency, price: total }, product: { currency, price: total } } });
  });

  app.get('/domains/:id', (c) => {
    const d = byId(c);
    return d ? ok(c, view(d)) : refuse(c, 404, 320, 'Domain not found');
  });

  app.put('/domains/:id', async (c) => {
    const d = byId(c);
    if (!d || d.deletedAt) return refuse(c, 404, 320, 'Domain not found');
    const body = (await c.req.json()) as { is_locked?: boolean; is_private_whois_enabled?: boolean; name_servers?: { name?: string }[]; owner_handle?: string };
    if (body.owner_handle && !customers.has(body.owner_handle)) return refuse(c, 400, 10002, 'Owner handle does not exist');
    if (typeof body.is_locked === 'boolean') d.locked = body.is_locked;
    if (typeof body.is_private_whois_enabled === 'boolean') d.privacy = body.is_private_whois_enabled;
    if (body.name_servers) d.nameServers = body.name_servers.map((ns) => ns.name ?? '').filter(Boolean);
    if (body.owner_handle) d.owner = body.owner_handle;
    return ok(c, { status: d.status });
  });

  app.delete('/domains/:id', (c) => {
    const d = byId(c);
    if (!d || d.deletedAt) return refuse(c, 404, 320, 'Domain not found');
    d.deletedAt = now();
    d.status = 'DEL';
    return ok(c, {});
  });

  app.post('/domains/:id/renew', async (c) => {
    const d = byId(c);
    if (!d || d.deletedAt) return refuse(c, 404, 320, 'Domain not found');
    const { period = 1 } = (await c.req.json()) as { period?: number };
    const expires = addYears(d.expires, period);
    if (expires.getTime() > addYears(now(), 10).getTime()) return refuse(c, 400, 399, 'The registration period cannot exceed 10 years');
    d.expires = expires;
    return ok(c, { status: 'ACT' });
  });

  app.post('/domains/:id/restore', (c) => {
    const d = byId(c);
    if (!d) return refuse(c, 404, 320, 'Domain not found');
    if (!d.deletedAt) return refuse(c, 400, 808, 'Domain is not in quarantine');
    d.deletedAt = null;
    d.status = 'ACT';
    return ok(c, { status: 'ACT' });
  });

  app.get('/domains/:id/authcode', (c) => {
    const d = byId(c);
    return d ? ok(c, { auth_code: d.authCode, success: true, type: 'internal' }) : refuse(c, 404, 320, 'Domain not found');
  });
  app.post('/domains/:id/authcode/reset', (c) => {
    const d = byId(c);
    if (!d) return refuse(c, 404, 320, 'Domain not found');
    d.authCode = randomBytes(6).toString('hex');
    return ok(c, { auth_code: d.authCode, success: true, type: 'internal' });
  });

  app.post('/domains/transfer', async (c) => {
    const body = (await c.req.json()) as {
      domain?: { name?: string; extension?: string };
      auth_code?: string;
      accept_premium_fee?: number;
      name_servers?: { name?: string }[];
    };
    const name = body.domain?.name ?? '';
    const extension = body.domain?.extension ?? '';
    const domain = `${name}.${extension}`.toLowerCase();
    const price = cost(extension);
    if (!price) return refuse(c, 400, 311, `Extension .${extension} is not supported`);
    if (!name.startsWith('taken') || domains.has(domain)) return refuse(c, 400, 320, 'Domain is not registered and cannot be transferred');
    if (!body.auth_code) return refuse(c, 400, 399, 'Auth code is required for this transfer');
    if (body.auth_code === 'wrong-code') return refuse(c, 400, 399, 'Invalid auth code');
    // A premium transfer goes ahead only when the request accepts the fee the upstream quotes (accept_premium_fee).
    const fee = money(priceOf(name, price, 'transfer', 1));
    if (isPremium(name) && body.accept_premium_fee !== fee) {
      return refuse(c, 400, 10003, `This domain is premium: its transfer fee of ${fee} ${currency} must be accepted (accept_premium_fee)`);
    }
    const today = now();
    const record: Domain = {
      id: nextId++,
      name,
      extension,
      owner: '',
      nameServers: (body.name_servers ?? []).map((ns) => ns.name ?? '').filter(Boolean),
      created: today,
      expires: addYears(today, 1),
      locked: false,
      privacy: false,
      authCode: randomBytes(6).toString('hex'),
      deletedAt: null,
      status: 'REQ',
    };
    domains.set(domain, record);
    return ok(c, { id: record.id, status: record.status });
  });

  app.get('/tlds', (c) => {
    const limit = Number(c.req.query('limit') ?? 100);
    const offset = Number(c.req.query('offset') ?? 0);
    const all = [...options.costs.entries()];
    const tldPrice = (cents: number) => ({ reseller: { currency, price: money(cents) }, product: { currency, price: money(cents) } });
    const results = all.slice(offset, offset + limit).map(([name, p]) => ({
      name,
      status: 'ACT',
      prices: { create_price: tldPrice(p.register), renew_price: tldPrice(p.renew), transfer_price: tldPrice(p.transfer), restore_price: tldPrice(p.restore) },
    }));
    return ok(c, { results, total: all.length });
  });

  app.post('/dns/nameservers', async (c) => {
    const body = (await c.req.json()) as { name?: string; ip?: string; ip6?: string };
    if (!body.name) return refuse(c, 400, 10001, 'Name server name is required');
    hosts.set(body.name, { ip: body.ip, ip6: body.ip6 });
    return ok(c, { success: true });
  });
  app.put('/dns/nameservers/:name', async (c) => {
    const name = c.req.param('name');
    if (!hosts.has(name)) return refuse(c, 404, 404, 'Name server not found');
    const body = (await c.req.json()) as { ip?: string; ip6?: string };
    hosts.set(name, body);
    return ok(c, { success: true });
  });
  app.delete('/dns/nameservers/:name', (c) => {
    hosts.delete(c.req.param('name'));
    return ok(c, { success: true });
  });

  return {
    fetch: (request: Request) => app.fetch(request),
    /** Changes an extension's wholesale prices (a price rise at the upstream). */
    setCost(extension: string, next: SandboxCost) {
      options.costs.set(extension, next);
    },
    /** Makes every token stale, as after the upstream's 48 hours. */
    expireTokens: () => tokens.clear(),
    domains,
  };
}

export type OpenproviderSandbox = ReturnType<typeof createOpenproviderSandbox>;
