import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainSearchResult, PremiumPage, SearchSession } from '../../../api/contract/search/domain-search.ts';
import { registryDomains } from '../../../api/db/schema/index.ts';
import { createAltchaBotCheck } from '../../../api/providers/botcheck/altcha.ts';
import { invalidTokenMessage, missingTokenMessage, reusedTokenMessage } from '../../../api/providers/botcheck/index.ts';
import { catalogue } from '../../../api/services/search/catalogue.ts';
import { createSearchSocketSession, searchBurst, tooManySearchesMessage } from '../../../api/services/search/domain-search-session.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { BOT_CHECK_DIFFICULTY: '1', SANDBOX_REGISTRY_LATENCY_MS: '10' } });
});
afterAll(() => t.close());

type Message = { id?: number; result?: any; error?: { message: string; code: number }; event?: string; data?: any };

/** A socket conversation without a socket: what the browser would send and receive over /api/ws. */
function openSocket() {
  const messages: Message[] = [];
  let waiters: (() => void)[] = [];
  const session = createSearchSocketSession({ registry: t.deps.providers.registry, botCheck: t.deps.providers.botCheck, catalogue: catalogue() }, (text) => {
    messages.push(JSON.parse(text));
    for (const wake of waiters) wake();
    waiters = [];
  });
  const waitFor = async (predicate: (all: Message[]) => boolean, what: string) => {
    const deadline = Date.now() + 10_000;
    while (!predicate(messages)) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; got ${JSON.stringify(messages.slice(-3)).slice(0, 500)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  return {
    messages,
    session,
    send: (message: unknown) => session.handle(typeof message === 'string' ? message : JSON.stringify(message)),
    reply: async (id: number) => {
      await waitFor((all) => all.some((m) => m.id === id), `reply ${id}`);
      return messages.find((m) => m.id === id)!;
    },
    /** Every result of a search once its stream says done. */
    results: async (uuid: string) => {
      await waitFor((all) => all.some((m) => m.event === 'domainSearchResults' && m.data.uuid === uuid && m.data.done), `the end of ${uuid}`);
      return messages.filter((m) => m.event === 'domainSearchResults' && m.data.uuid === uuid).flatMap((m) => m.data.results as DomainSearchResult[]);
    },
  };
}

async function search(text: string, socket = openSocket(), id = 1) {
  const token = await t.client().botToken();
  await socket.send({ id, method: 'find', service: 'domainSearch', params: { search: text, token } });
  const ack = await socket.reply(id);
  expect(ack.error).toBeUndefined();
  const session = ack.result as SearchSession;
  return { socket, session, results: await socket.results(session.uuid) };
}

/** Asks for more names of a search (rows reached, or a category opened) and waits until everything asked has answered. */
async function more(socket: ReturnType<typeof openSocket>, id: number, params: Record<string, unknown>) {
  await socket.send({ id, method: 'find', service: 'domainSearchMore', params });
  const reply = await socket.reply(id);
  const after = socket.messages.indexOf(reply);
  if (reply.result?.checking > 0) {
    const uuid = params.uuid;
    const endsAfter = (all: Message[]) => all.slice(after).some((m) => m.event === 'domainSearchResults' && m.data.uuid === uuid && m.data.done);
    const deadline = Date.now() + 10_000;
    while (!endsAfter(socket.messages)) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the names asked in ${id}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return reply;
}

/** A search with every candidate checked: the first screen, then the whole list asked for as the visitor would. */
async function searchAll(text: string) {
  const { socket, session } = await search(text);
  await more(socket, 99, { uuid: session.uuid, category: 'all' });
  return { socket, session, results: await socket.results(session.uuid) };
}

describe('domain search over the socket protocol', () => {
  it('acknowledges with the session before any availability, streams its first screen, exact match first, and the rest when asked', async () => {
    const socket = openSocket();
    const token = await t.client().botToken();
    await socket.send({ id: 7, method: 'find', service: 'domainSearch', params: { search: 'Blue Bottle', token } });
    const ack = await socket.reply(7);
    const session = ack.result as SearchSession;
    expect(socket.messages[0]).toBe(ack);
    expect(session).toMatchObject({ search: 'bluebottle', exact: 'bluebottle.com' });
    expect(session.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.categoryNames.travel).toBe('Travel');
    expect(Object.keys(session.domainsByCategory)).toEqual(expect.arrayContaining(['all', 'featured', 'premium', 'popular', 'cctlds']));
    expect(session.categoryCount.all).toBe(session.domainsByCategory.all.length);
    expect(session.candidateCount).toBeGreaterThan(catalogue().list.length);

    // The first screen: the exact name, featured and premium candidates, the first rows of the default categories.
    expect(session.firstScreen[0]).toBe('bluebottle.com');
    const variants = session.domainsByCategory.featured.filter((d) => !d.startsWith('bluebottle.'));
    expect(variants.length).toBeGreaterThan(10);
    const featuredButVariants = session.domainsByCategory.featured.filter((d) => !variants.includes(d));
    expect(session.firstScreen).toEqual(expect.arrayContaining([...featuredButVariants, ...session.domainsByCategory.premium]));
    for (const variant of variants) expect(session.firstScreen).not.toContain(variant);
    expect(session.firstScreen).toEqual(expect.arrayContaining(session.domainsByCategory.business.slice(0, 6)));
    expect(session.firstScreen.length).toBeLessThan(session.candidateCount / 3);
    const firstResults = await socket.results(session.uuid);
    const events = socket.messages.filter((m) => m.event === 'domainSearchResults');
    expect(events[0].data.results.map((r: DomainSearchResult) => r.domain)).toEqual(['bluebottle.com']);
    expect(events.length).toBeGreaterThan(1);
    expect(firstResults.map((r) => r.domain).sort()).toEqual([...session.firstScreen].sort());
    expect(events.at(-1)!.data).toMatchObject({ pending: 0, done: true });

    // The long tail is checked when the visitor reaches it: a few rows on screen, then a whole category.
    const travel = session.domainsByCategory.travel.filter((d) => !session.firstScreen.includes(d));
    expect(travel.length).toBeGreaterThan(3);
    expect(await more(socket, 8, { uuid: session.uuid, domains: travel.slice(0, 2) })).toEqual({ id: 8, result: { uuid: session.uuid, checking: 2 } });
    const rows = await socket.results(session.uuid);
    expect(rows.map((r) => r.domain).sort()).toEqual([...session.firstScreen, ...travel.slice(0, 2)].sort());
    // Names already asked for are not checked again.
    expect((await more(socket, 9, { uuid: session.uuid, domains: travel.slice(0, 2) })).result).toEqual({ uuid: session.uuid, checking: 0 });
    const reply = await more(socket, 10, { uuid: session.uuid, category: 'all' });
    expect(reply.result.checking).toBe(session.candidateCount - session.firstScreen.length - 2);
    const results = await socket.results(session.uuid);
    expect(results.map((r) => r.domain).sort()).toEqual([...session.domainsByCategory.all].sort());
    expect(socket.messages.filter((m) => m.event === 'domainSearchResults').at(-1)!.data).toMatchObject({ pending: 0, done: true });
    const com = results[0];
    // The renewal price rides beside the first year's (issue #25): .com renews at the catalogue's $11.28.
    expect(com).toEqual({
      domain: 'bluebottle.com',
      available: true,
      tld: 'com',
      newPrice: 1028,
      humanPrice: '$10.28',
      renewPrice: 1128,
      isPremium: false,
      categories: ['popular', 'generic', 'business'],
    });
  });

  it('refuses a request for more names that names no current search, no names, too many or no such category', async () => {
    const { socket, session } = await search('askformore');
    expect((await more(socket, 2, { uuid: 'not-a-search', category: 'all' })).error).toEqual({
      code: 404,
      message: 'That search has ended. Please search again.',
    });
    expect((await more(socket, 3, { uuid: session.uuid })).error).toEqual({ code: 400, message: 'Give either domains or a category' });
    expect((await more(socket, 4, { uuid: session.uuid, category: 'nonsense' })).error).toEqual({ code: 400, message: 'There is no category nonsense' });
    const tooMany = session.domainsByCategory.all.slice(0, 61);
    expect((await more(socket, 5, { uuid: session.uuid, domains: tooMany })).error?.code).toBe(400);
    // Names that are not this search's candidates are ignored, not checked.
    expect((await more(socket, 6, { uuid: session.uuid, domains: ['someone-else.com'] })).result).toEqual({ uuid: session.uuid, checking: 0 });
  });

  it('marks three featured picks: available, standard-priced, best value first', async () => {
    const { session, results } = await search('bluebottle');
    const featured = results.filter((r) => r.categories.includes('featured'));
    expect(featured).toHaveLength(3);
    // Name variants are checked only when the label's popular extensions and the hack leave fewer than three picks.
    const order = session.domainsByCategory.featured;
    const eligible = order.filter((d) => {
      const r = results.find((x) => x.domain === d);
      return r?.available && !r.isPremium;
    });
    expect(order.slice(0, order.indexOf(eligible[2]) + 1).every((d) => results.some((r) => r.domain === d))).toBe(true);
    expect(featured.map((r) => r.domain).sort()).toEqual(eligible.slice(0, 3).sort());
    for (const r of featured) expect(r.available && !r.isPremium).toBe(true);
  });

  it('prices premium names with the registry price and pages them on request', async () => {
    const { socket, session, results } = await search('garden');
    const premium = results.filter((r) => r.isPremium);
    expect(premium.length).toBeGreaterThan(3);
    const { byTld } = catalogue();
    for (const r of premium) {
      expect(r.available).toBe(true);
      expect(r.categories).toContain('premium');
      expect(r.newPrice).not.toBe(byTld.get(r.tld)!.newPricing[0]);
      expect(r.humanPrice).toMatch(/^\$[\d,]+\.\d\d$/);
      // A premium name renews at the registry's premium renewal price, the one the renewal would charge.
      expect(r.renewPrice).toBe((await t.deps.providers.registry.premiumRenewPrice(r.domain, 1)) ?? -1);
    }
    await socket.send({ id: 2, method: 'find', service: 'domainSearchPremium', params: { uuid: session.uuid } });
    const first = (await socket.reply(2)).result as PremiumPage;
    expect(first).toMatchObject({ uuid: session.uuid, total: premium.length, skip: 0, limit: 3, done: true });
    expect(first.data).toHaveLength(3);
    await socket.send({ id: 3, method: 'find', service: 'domainSearchPremium', params: { uuid: session.uuid, skip: 3 } });
    const second = (await socket.reply(3)).result as PremiumPage;
    expect(second.data.length).toBeGreaterThan(0);
    expect(second.data.map((r) => r.domain)).not.toContain(first.data[0].domain);
    // Premium picks prefer popular and premium-category extensions, as the session's premium list orders them.
    const rank = (d: string) => session.domainsByCategory.premium.indexOf(d);
    const ranks = first.data.map((r) => rank(r.domain)).filter((r) => r >= 0);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('has no premium block for a long unusual name', async () => {
    const { results } = await search('zqxvbrtplmfw');
    expect(results.filter((r) => r.isPremium)).toHaveLength(0);
    expect(results.every((r) => r.available)).toBe(true);
  });

  it('lists each result under the categories its extension carries', async () => {
    const { session, results } = await searchAll('bluebottle');
    const byDomain = new Map(results.map((r) => [r.domain, r]));
    for (const key of ['travel', 'cctlds', 'technology']) {
      for (const domain of session.domainsByCategory[key]) expect(byDomain.get(domain)!.categories).toContain(key);
    }
    expect(byDomain.get('bluebottle.travel')!.categories).toContain('travel');
  });

  it('answers a taken exact match, a reserved name and a name registered through this product', async () => {
    await t.db.insert(registryDomains).values({
      domain: 'zqxvbrtplm.net',
      registrarName: 'Dotspot, Inc.',
      ours: true,
      authCode: 'x',
      expireDate: new Date(Date.now() + 365 * 864e5),
    });
    const { results } = await search('zqxvbrtplm');
    const byDomain = new Map(results.map((r) => [r.domain, r]));
    expect(byDomain.get('zqxvbrtplm.net')!.available).toBe(false);
    expect(byDomain.get('zqxvbrtplm.org')!.available).toBe(true);
    const reserved = await search('example.com');
    expect(reserved.results[0]).toMatchObject({ domain: 'example.com', available: false });
  });

  it('gives the same answers on every run', async () => {
    const first = await search('coffee shop');
    const second = await search('coffee shop');
    const summary = (rs: DomainSearchResult[]) => rs.map((r) => `${r.domain}:${r.available}:${r.newPrice}:${r.categories.join('/')}`).sort();
    expect(summary(second.results)).toEqual(summary(first.results));
    expect(second.session.domainsByCategory).toEqual(first.session.domainsByCategory);
    expect(first.results.find((r) => r.domain === 'coffeeshop.com')).toMatchObject({ available: false });
  });

  it('answers an IDN search in punycode with the Unicode name alongside', async () => {
    const { session, results } = await search('café');
    expect(session).toMatchObject({ search: 'xn--caf-dma', displaySearch: 'café', exact: 'xn--caf-dma.com' });
    expect(results[0]).toMatchObject({ domain: 'xn--caf-dma.com', unicode: 'café.com' });
  });

  it('drops the late results of a search that a newer one replaced', async () => {
    const socket = openSocket();
    const client = t.client();
    const [tokenA, tokenB] = [await client.botToken(), await client.botToken()];
    await socket.send({ id: 1, method: 'find', service: 'domainSearch', params: { search: 'firstsearchname', token: tokenA } });
    const a = (await socket.reply(1)).result as SearchSession;
    await socket.send({ id: 2, method: 'find', service: 'domainSearch', params: { search: 'secondsearchname', token: tokenB } });
    const b = (await socket.reply(2)).result as SearchSession;
    await socket.results(b.uuid);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ackB = socket.messages.findIndex((m) => m.id === 2);
    const lateA = socket.messages.slice(ackB).filter((m) => m.event && m.data.uuid === a.uuid);
    expect(lateA).toEqual([]);
    expect(socket.messages.some((m) => m.event && m.data.uuid === a.uuid && m.data.done)).toBe(false);
    await socket.send({ id: 3, method: 'find', service: 'domainSearchPremium', params: { uuid: a.uuid } });
    expect((await socket.reply(3)).error).toMatchObject({ code: 404 });
  });

  it('refuses a search without a token, or with a token already used, and sends no results', async () => {
    const socket = openSocket();
    await socket.send({ id: 1, method: 'find', service: 'domainSearch', params: { search: 'bluebottle' } });
    expect(await socket.reply(1)).toEqual({ id: 1, error: { code: 400, message: missingTokenMessage } });
    const token = await t.client().botToken();
    await socket.send({ id: 2, method: 'find', service: 'domainSearch', params: { search: 'bluebottle', token } });
    expect((await socket.reply(2)).result.uuid).toBeTruthy();
    await socket.send({ id: 3, method: 'find', service: 'domainSearch', params: { search: 'bluebottle', token } });
    expect(await socket.reply(3)).toEqual({ id: 3, error: { code: 400, message: reusedTokenMessage } });
    const other = openSocket();
    await other.send({ id: 4, method: 'find', service: 'domainSearch', params: { search: 'bluebottle', token: 'bm90IGEgdG9rZW4=' } });
    expect((await other.reply(4)).error).toMatchObject({ code: 400 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(other.messages.filter((m) => m.event)).toEqual([]);
  });

  it('accepts a token on only one of two sockets that send it at the same moment', async () => {
    const token = await t.client().botToken();
    const [a, b] = [openSocket(), openSocket()];
    await Promise.all([
      a.send({ id: 1, method: 'find', service: 'domainSearch', params: { search: 'twinsearch', token } }),
      b.send({ id: 1, method: 'find', service: 'domainSearch', params: { search: 'twinsearch', token } }),
    ]);
    const replies = [await a.reply(1), await b.reply(1)];
    expect(replies.filter((r) => r.result?.uuid)).toHaveLength(1);
    expect(replies.filter((r) => r.error?.message === reusedTokenMessage)).toHaveLength(1);
  });

  it('gives a token replayed to another API process an acknowledgement at most, then a refusal and no results', async () => {
    const token = await t.client().botToken();
    const first = openSocket();
    await first.send({ id: 1, method: 'find', service: 'domainSearch', params: { search: 'relayed', token } });
    const firstAck = (await first.reply(1)).result as SearchSession;
    expect((await first.results(firstAck.uuid)).length).toBe(firstAck.firstScreen.length);
    // A second process: its own provider (nothing spent in its memory) on the same database.
    const otherProcess = createAltchaBotCheck(t.deps.db, 'test-bot-check-secret', { keyPrefix: '0' });
    const messages: Message[] = [];
    const session = createSearchSocketSession({ registry: t.deps.providers.registry, botCheck: otherProcess, catalogue: catalogue() }, (text) =>
      messages.push(JSON.parse(text)),
    );
    await session.handle(JSON.stringify({ id: 1, method: 'find', service: 'domainSearch', params: { search: 'relayed', token } }));
    const deadline = Date.now() + 5000;
    while (!messages.some((m) => m.data?.error) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const refusal = messages.find((m) => m.event === 'domainSearchResults')!;
    expect(refusal.data).toMatchObject({ results: [], done: true, error: { code: 400, message: reusedTokenMessage } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(messages.filter((m) => m.event === 'domainSearchResults' && m.data.results.length > 0)).toEqual([]);
  });

  it('gives a well-formed token with a wrong proof of work an acknowledgement, then a refusal and no results', async () => {
    const real = JSON.parse(Buffer.from(await t.client().botToken(), 'base64').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...real, solution: { ...real.solution, derivedKey: '00'.repeat(32) } })).toString('base64');
    const socket = openSocket();
    await socket.send({ id: 1, method: 'find', service: 'domainSearch', params: { search: 'forgedproof', token: forged } });
    const ack = await socket.reply(1);
    await socket.results(ack.result.uuid);
    const events = socket.messages.filter((m) => m.event === 'domainSearchResults');
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ uuid: ack.result.uuid, results: [], done: true, error: { code: 400, message: invalidTokenMessage } });
  });

  it('lets only one of two API processes sent the same token at the same moment stream results', async () => {
    const token = await t.client().botToken();
    const processes = [0, 1].map(() => {
      const messages: Message[] = [];
      const botCheck = createAltchaBotCheck(t.deps.db, 'test-bot-check-secret', { keyPrefix: '0' });
      const session = createSearchSocketSession({ registry: t.deps.providers.registry, botCheck, catalogue: catalogue() }, (text) =>
        messages.push(JSON.parse(text)),
      );
      return { messages, session };
    });
    await Promise.all(
      processes.map((p) => p.session.handle(JSON.stringify({ id: 1, method: 'find', service: 'domainSearch', params: { search: 'racedname', token } }))),
    );
    const finished = (p: (typeof processes)[number]) => p.messages.some((m) => m.event === 'domainSearchResults' && m.data.done);
    const deadline = Date.now() + 5000;
    while (!processes.every(finished) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const withResults = processes.filter((p) => p.messages.some((m) => m.data?.results?.length > 0));
    const refused = processes.filter((p) => p.messages.some((m) => m.data?.error?.message === reusedTokenMessage));
    expect(withResults).toHaveLength(1);
    expect(refused).toHaveLength(1);
  });

  it('refuses a flood of searches on one socket once its burst is spent', async () => {
    const socket = openSocket();
    const sends = Array.from({ length: searchBurst + 3 }, (_, i) =>
      socket.send({ id: i + 1, method: 'find', service: 'domainSearch', params: { search: `flood${i}name` } }),
    );
    await Promise.all(sends);
    const replies = await Promise.all(Array.from({ length: searchBurst + 3 }, (_, i) => socket.reply(i + 1)));
    expect(replies.filter((r) => r.error?.code === 429)).toHaveLength(3);
    expect(replies.find((r) => r.error?.code === 429)?.error?.message).toBe(tooManySearchesMessage);
    expect(replies.filter((r) => r.error?.message === missingTokenMessage)).toHaveLength(searchBurst);
  });

  it('makes no search for a label under 3 characters or invalid input, and explains why', async () => {
    const socket = openSocket();
    const token = await t.client().botToken();
    await socket.send({ id: 1, method: 'find', service: 'domainSearch', params: { search: 'ab.com', token } });
    expect(await socket.reply(1)).toEqual({ id: 1, error: { code: 400, message: 'The name must have at least 3 characters' } });
    await socket.send({ id: 2, method: 'find', service: 'domainSearch', params: { search: 'bad_name!', token: await t.client().botToken() } });
    expect((await socket.reply(2)).error?.message).toMatch(/letters, numbers and hyphens/);
    await socket.send('not json');
    expect(socket.messages.at(-1)).toEqual({ id: null, error: { code: 400, message: 'Messages must be JSON' } });
    await socket.send({ id: 9, method: 'remove', service: 'domainSearch' });
    expect((await socket.reply(9)).error).toMatchObject({ code: 404 });
    expect(socket.messages.filter((m) => m.event)).toEqual([]);
  });
});
