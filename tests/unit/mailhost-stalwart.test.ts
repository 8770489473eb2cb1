/** The Stalwart mail host against a fake of its management API: the principals it asks for, and its refusals. */
import { describe, expect, it } from 'vitest';
import { MailDomainTakenError, MailHostError } from '../../api/providers/mailhost/index.ts';
import { createStalwartMailHost } from '../../api/providers/mailhost/stalwart.ts';

type Call = { method: string; path: string; body: unknown; auth: string | null };

/** A tiny Stalwart: principals by name, answering as its /api/principal does ({data} or {error, details}). */
function fakeStalwart() {
  const principals = new Map<string, Record<string, unknown>>();
  const calls: Call[] = [];
  const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const auth = new Headers(init?.headers).get('authorization');
    calls.push({ method: init?.method ?? 'GET', path: url.pathname + url.search, body, auth });
    if (auth !== 'Bearer api_test') return reply({ error: 'unauthorized' }, 401);
    const name = decodeURIComponent(url.pathname.replace(/^\/api\/principal\/?/, ''));
    const method = init?.method ?? 'GET';
    if (!name && method === 'POST') {
      if (principals.has(body.name)) return reply({ error: 'fieldAlreadyExists', field: 'name', value: body.name });
      principals.set(body.name, { ...body, usedQuota: 0 });
      return reply({ data: principals.size });
    }
    if (!name && method === 'GET') {
      const filter = url.searchParams.get('filter') ?? '';
      const items = [...principals.values()].filter((p) => p.type !== 'domain' && String(p.name).includes(filter));
      return reply({ data: { items, total: items.length } });
    }
    const principal = principals.get(name);
    if (!principal) return reply({ error: 'notFound', item: name }, 404);
    if (method === 'GET') return reply({ data: principal });
    if (method === 'DELETE') {
      principals.delete(name);
      return reply({ data: null });
    }
    if (method === 'PATCH') {
      for (const change of body as { action: string; field: string; value: unknown }[]) principal[change.field] = change.value;
      return reply({ data: null });
    }
    return reply({ error: 'other' }, 400);
  }) as typeof globalThis.fetch;
  return { principals, calls, fetch };
}

describe('Stalwart mail host', () => {
  it('hosts a domain, makes a mailbox an individual with our hash and quota, a forward a list with an outside member', async () => {
    const fake = fakeStalwart();
    const host = createStalwartMailHost({ url: 'https://mail.example.com/', apiKey: 'api_test', fetch: fake.fetch });
    await host.addDomain('shop.example', 'dotspot-domain-1');
    await host.addDomain('shop.example', 'dotspot-domain-1');
    await host.createMailbox({ address: 'info@shop.example', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc$def', quotaBytes: 5_000_000_000 });
    await host.createForward({ address: 'sales@shop.example', destination: 'owner@example.org' });
    expect(fake.principals.get('shop.example')).toMatchObject({ type: 'domain', description: 'dotspot-domain-1' });
    expect(fake.principals.get('info@shop.example')).toMatchObject({
      type: 'individual',
      emails: ['info@shop.example'],
      secrets: ['$argon2id$v=19$m=19456,t=2,p=1$abc$def'],
      quota: 5_000_000_000,
    });
    expect(fake.principals.get('sales@shop.example')).toMatchObject({ type: 'list', emails: ['sales@shop.example'], externalMembers: ['owner@example.org'] });
    expect(fake.calls.every((c) => c.auth === 'Bearer api_test' && c.path.startsWith('/api/principal'))).toBe(true);

    await host.setPassword('info@shop.example', '$argon2id$new');
    await host.setDestination('sales@shop.example', 'other@example.org');
    expect(fake.principals.get('info@shop.example')?.secrets).toEqual(['$argon2id$new']);
    expect(fake.principals.get('sales@shop.example')?.externalMembers).toEqual(['other@example.org']);
    fake.principals.get('info@shop.example')!.usedQuota = 1234;
    expect(await host.usage('info@shop.example')).toBe(1234);

    await host.deleteAddress('sales@shop.example', 'forward');
    await host.deleteAddress('sales@shop.example', 'forward');
    expect(fake.principals.has('sales@shop.example')).toBe(false);
    await host.removeDomain('shop.example', 'dotspot-domain-1');
    expect(fake.principals.size).toBe(0);
  });

  it('turns refusals and a wrong key into MailHostError', async () => {
    const fake = fakeStalwart();
    const host = createStalwartMailHost({ url: 'https://mail.example.com', apiKey: 'api_test', fetch: fake.fetch });
    await host.addDomain('shop.example', 'dotspot-domain-1');
    await host.createForward({ address: 'a@shop.example', destination: 'x@example.org' });
    await expect(host.createForward({ address: 'a@shop.example', destination: 'x@example.org' })).rejects.toThrow(MailHostError);
    await expect(host.setPassword('nobody@shop.example', 'h')).rejects.toThrow(/refused/);
    const wrongKey = createStalwartMailHost({ url: 'https://mail.example.com', apiKey: 'api_wrong', fetch: fake.fetch });
    await expect(wrongKey.addDomain('x.example', 'dotspot-domain-2')).rejects.toThrow(/MAILHOST_API_KEY/);
    const down = createStalwartMailHost({
      url: 'https://mail.example.com',
      apiKey: 'api_test',
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as unknown as typeof fetch,
    });
    await expect(down.usage('a@shop.example')).rejects.toThrow(/could not be reached/);
  });

  it("refuses a domain another owner holds, never removes another owner's mail, and adopts one hosted without an owner", async () => {
    const fake = fakeStalwart();
    const host = createStalwartMailHost({ url: 'https://mail.example.com', apiKey: 'api_test', fetch: fake.fetch });
    await host.addDomain('left.example', 'dotspot-domain-7');
    await host.createMailbox({ address: 'info@left.example', passwordHash: 'h', quotaBytes: 1 });
    await expect(host.addDomain('left.example', 'dotspot-domain-8')).rejects.toThrow(MailDomainTakenError);
    await host.removeDomain('left.example', 'dotspot-domain-8');
    expect(fake.principals.has('info@left.example')).toBe(true);
    await host.removeDomain('left.example', 'dotspot-domain-7');
    expect(fake.principals.size).toBe(0);
    await host.addDomain('left.example', 'dotspot-domain-8');
    expect(fake.principals.get('left.example')).toMatchObject({ description: 'dotspot-domain-8' });

    fake.principals.set('legacy.example', { type: 'domain', name: 'legacy.example' });
    await host.addDomain('legacy.example', 'dotspot-domain-9');
    expect(fake.principals.get('legacy.example')).toMatchObject({ description: 'dotspot-domain-9' });
    await host.removeDomain('gone.example', 'dotspot-domain-9');
  });
});
