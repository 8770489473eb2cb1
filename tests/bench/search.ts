/**
 * Search socket benchmark: N concurrent WebSocket clients (1, 50, 200) each run 10 searches of 1-3 words and we
 * print p50/p99 time to the acknowledgement, to the first result and to the last result of the first screen (what
 * the visitor is shown: exact name, featured and premium picks, the first rows of the default categories), then the
 * time to check one more category the visitor opens ("Show all": the long tail, checked behind everyone's first
 * screens), errors, server RSS and how many names one search checks at once and could check in all. Runs alone (`bun tests/bench/search.ts [baseUrl]`) or from `npm run bench`.
 * Without a base URL it starts `npm start`'s server on a free port with a temporary DATA_DIR and an easy bot check.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { createDb, runningEmbeddedUrl } from '../../api/db/client.ts';
import { pricingRules } from '../../api/db/schema/index.ts';
import { syncWholesaleCosts } from '../../api/services/pricing/wholesale-costs.ts';
import { startServer } from './server-process.ts';

export type SearchBenchOptions = {
  /** A running server, e.g. http://localhost:3000; omitted = start one. */
  baseUrl?: string;
  /** Process id of that server, to read its memory. */
  serverPid?: number;
  clientCounts?: number[];
  seed?: number;
  searchesPerClient?: number;
  /** Clients of the warm-up, three searches each (BENCH_WARMUP_CLIENTS; default 50). */
  warmUpClients?: number;
  log?: (line: string) => void;
};

export type SearchBenchRow = {
  clients: number;
  searches: number;
  errors: number;
  ackP50: number;
  ackP99: number;
  firstP50: number;
  firstP99: number;
  lastP50: number;
  lastP99: number;
  /** From asking for one more category ("Show all") to its last result. */
  tailP50: number;
  tailP99: number;
  rssMb: number | null;
  /** Server CPU per search, in ms (null without a server process id). */
  serverCpuMsPerSearch: number | null;
  wallSeconds: number;
  candidatesPerSearch: number;
  /** Names of the first screen, checked at once. */
  firstScreenPerSearch: number;
};

const words = `coffee shop blue river studio green tech garden bakery north pixel atlas maple harbor cloud lucky craft urban nova
  zen bright rocket paper forest yoga market silver spark ocean tiny little happy wild golden stone bold fresh velvet`.split(/\s+/);
const syllables = 'ba be bi bo bu da de di do ka ke ki ko la le li lo lu ma me mi mo na ne ni no ra re ri ro sa se si so ta te ti to va vi zo'.split(' ');
const searchTimeoutMs = 15_000;

/**
 * A small seeded generator so every run searches the same queries: 1-3 words, each a common word or a made-up one
 * of 2-3 syllables. The made-up words keep queries from repeating, so the server's answer caches (the in-process sandbox
 * registry's, and search's at each EPP connection) do not flatter the figures.
 */
function queries(seed: number, count: number): string[] {
  let state = seed * 2654435761 + 1;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state >>> 8;
  };
  const word = () =>
    next() % 2 === 0 ? words[next() % words.length] : Array.from({ length: 2 + (next() % 2) }, () => syllables[next() % syllables.length]).join('');
  return Array.from({ length: count }, () => Array.from({ length: 1 + (next() % 3) }, word).join(' '));
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** CPU time the server has used so far, in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

async function botToken(baseUrl: string): Promise<string> {
  const body = await (await fetch(`${baseUrl}/api/botCheck`)).json();
  const solution = await solveChallenge({ challenge: body.challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: body.challenge, solution })).toString('base64');
}

type Timing = { ack: number; first: number; last: number; tail: number; candidates: number; firstScreen: number };

/** Categories a visitor opens after the first screen, one per search in turn (none of them open by default). */
const openedCategories = ['travel', 'food', 'finance', 'shopping', 'arts', 'health'];

/** One client: one socket, `count` searches one after another. */
async function runClient(baseUrl: string, seed: number, count: number, timings: Timing[], errors: string[]) {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/ws`);
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener('open', () => resolve(), { once: true });
    ws.addEventListener('error', () => reject(new Error('socket error')), { once: true });
  });
  let onMessage: (message: any) => void = () => {};
  // Results messages (~100 KB a search) are only read for their search and whether it is done: parsing them all
  // would make this client, which shares the machine with the server, a large part of what is measured.
  const resultsPrefix = '{"event":"domainSearchResults","data":{"uuid":"';
  ws.addEventListener('message', (event) => {
    const text = String(event.data);
    if (!text.startsWith(resultsPrefix)) return onMessage(JSON.parse(text));
    const uuid = text.slice(resultsPrefix.length, text.indexOf('"', resultsPrefix.length));
    onMessage({ event: 'domainSearchResults', data: { uuid, done: text.endsWith('"done":true}}') } });
  });
  let id = 0;
  let index = 0;
  for (const search of queries(seed, count)) {
    const token = await botToken(baseUrl);
    const requestId = ++id;
    const moreId = ++id;
    const category = openedCategories[index++ % openedCategories.length];
    const started = performance.now();
    const timing = await new Promise<Timing | string>((resolve) => {
      let uuid = '';
      let ack = 0;
      let first = 0;
      let last = 0;
      let asked = 0;
      let candidates = 0;
      let firstScreen = 0;
      const timer = setTimeout(() => resolve(`timeout after ${searchTimeoutMs} ms (${search}${last ? `, category ${category}` : ''})`), searchTimeoutMs);
      const end = (result: Timing | string) => {
        clearTimeout(timer);
        resolve(result);
      };
      onMessage = (message) => {
        if (message.id === requestId || message.id === moreId) {
          if (message.error) return end(`error ${message.error.code}: ${message.error.message}`);
          if (message.id === moreId) {
            // Nothing left to check in that category (the first screen held it all): done at once.
            if (message.result.checking === 0) end({ ack, first, last, tail: performance.now() - asked, candidates, firstScreen });
            return;
          }
          ack = performance.now() - started;
          uuid = message.result.uuid;
          candidates = message.result.candidateCount;
          firstScreen = message.result.firstScreen.length;
        } else if (message.event === 'domainSearchResults' && message.data.uuid === uuid) {
          if (!first) first = performance.now() - started;
          if (!message.data.done) return;
          if (!last) {
            // The first screen is complete; the visitor opens one more category.
            last = performance.now() - started;
            asked = performance.now();
            ws.send(JSON.stringify({ id: moreId, method: 'find', service: 'domainSearchMore', params: { uuid, category } }));
          } else end({ ack, first, last, tail: performance.now() - asked, candidates, firstScreen });
        }
      };
      ws.send(JSON.stringify({ id: requestId, method: 'find', service: 'domainSearch', params: { search, token } }));
    });
    if (typeof timing === 'string') errors.push(timing);
    else timings.push(timing);
  }
  ws.close();
}

/**
 * Prices every extension from a pricing rule, as a deployment that sets its margins in the back office does: the
 * sandbox's wholesale costs synced, a default rule of cost + 40% rounded up to .99 saved, and the server's prices
 * awaited until they show it (every process re-reads the rules every 30 s).
 */
async function priceByRule(baseUrl: string, dataDir: string, log: (line: string) => void): Promise<void> {
  const comPrice = async () => {
    const answer = (await (await fetch(`${baseUrl}/api/tlds/com`)).json()) as { newPricing?: number[] };
    return answer.newPricing?.[0];
  };
  const before = await comPrice();
  const url = runningEmbeddedUrl(path.join(dataDir, 'postgres'), 'dotspot');
  if (!url) throw new Error("the bench server's database is not running");
  const db = createDb(url, { max: 1 });
  try {
    await syncWholesaleCosts({ db, providers: { registry: { name: 'sandbox' } } as unknown as Parameters<typeof syncWholesaleCosts>[0]['providers'] });
    await db
      .insert(pricingRules)
      .values({ tld: '*', marginBasisPoints: 4000, marginFixedCents: 0, rounding: '99', floorMarginCents: 100, modifyDate: new Date() });
  } finally {
    await db.$end();
  }
  const started = performance.now();
  let after = before;
  while (after === before && performance.now() - started < 90_000) {
    await Bun.sleep(500);
    after = await comPrice();
  }
  if (after === before) throw new Error('the pricing rule did not reach /api/tlds within 90 s');
  log(
    `Prices from a rule (sandbox costs + 40%, rounded to .99): .com ${before} -> ${after} cents a year, served ${((performance.now() - started) / 1000).toFixed(0)} s after saving`,
  );
}

export async function runSearchBench(options: SearchBenchOptions = {}): Promise<SearchBenchRow[]> {
  const log = options.log ?? console.log;
  const clientCounts = options.clientCounts ?? [1, 50, 200];
  const searchesPerClient = options.searchesPerClient ?? 10;
  /** Another seed base searches other names (repeat runs against one server would otherwise hit its cache). */
  const seedBase = options.seed ?? 0;
  const dataDir = options.baseUrl ? null : mkdtempSync(path.join(tmpdir(), 'dotspot-bench-search-'));
  const own = dataDir ? await startServer({ BOT_CHECK_DIFFICULTY: '1', DATABASE_URL: '' }, dataDir) : null;
  if (own && dataDir) await priceByRule(own.url, dataDir, log);
  const baseUrl = options.baseUrl ?? own!.url;
  const pid = options.serverPid ?? own?.pid;
  const rows: SearchBenchRow[] = [];
  try {
    // Warm up as a server in service would be: the first searches pay for module loading, the catalogue and the JIT
    // compiling the hot paths (a cold server's first 500 searches cost about 40% more CPU). Other names than measured.
    const warmUpClients = options.warmUpClients ?? 50;
    await Promise.all(Array.from({ length: warmUpClients }, (_, i) => runClient(baseUrl, seedBase + 900_000 + i, 3, [], [])));
    log(`Search socket benchmark against ${baseUrl} (${searchesPerClient} searches per client, after ${warmUpClients * 3} warm-up searches)`);
    log('"last" is the last result of the first screen (what the visitor is shown at once); "tail" is one more category opened');
    log('("Show all"), from asking to its last result. names/search: checked at once / could be checked in all.');
    log('clients  searches  errors  ack p50/p99 ms  first p50/p99 ms  last p50/p99 ms  tail p50/p99 ms  RSS MB  names/search  server CPU ms/search  wall s');
    for (const clients of clientCounts) {
      const timings: Timing[] = [];
      const errors: string[] = [];
      let peakRss = rssMb(pid);
      const cpuBefore = cpuMs(pid);
      const wallStart = performance.now();
      const sampler = setInterval(() => {
        const now = rssMb(pid);
        if (now != null) peakRss = Math.max(peakRss ?? 0, now);
      }, 200);
      await Promise.all(
        Array.from({ length: clients }, (_, i) =>
          runClient(baseUrl, seedBase + clients * 1000 + i, searchesPerClient, timings, errors).catch((error) => {
            errors.push(String(error));
          }),
        ),
      );
      clearInterval(sampler);
      const cpuAfter = cpuMs(pid);
      const row: SearchBenchRow = {
        clients,
        searches: timings.length + errors.length,
        errors: errors.length,
        ackP50: percentile(
          timings.map((t) => t.ack),
          50,
        ),
        ackP99: percentile(
          timings.map((t) => t.ack),
          99,
        ),
        firstP50: percentile(
          timings.map((t) => t.first),
          50,
        ),
        firstP99: percentile(
          timings.map((t) => t.first),
          99,
        ),
        lastP50: percentile(
          timings.map((t) => t.last),
          50,
        ),
        lastP99: percentile(
          timings.map((t) => t.last),
          99,
        ),
        tailP50: percentile(
          timings.map((t) => t.tail),
          50,
        ),
        tailP99: percentile(
          timings.map((t) => t.tail),
          99,
        ),
        rssMb: peakRss,
        serverCpuMsPerSearch:
          cpuBefore != null && cpuAfter != null ? Math.round(((cpuAfter - cpuBefore) / Math.max(1, timings.length + errors.length)) * 10) / 10 : null,
        wallSeconds: Math.round((performance.now() - wallStart) / 100) / 10,
        candidatesPerSearch: Math.round(timings.reduce((sum, t) => sum + t.candidates, 0) / Math.max(1, timings.length)),
        firstScreenPerSearch: Math.round(timings.reduce((sum, t) => sum + t.firstScreen, 0) / Math.max(1, timings.length)),
      };
      rows.push(row);
      const ms = (a: number, b: number) => `${Math.round(a)}/${Math.round(b)}`.padEnd(16);
      log(
        `${String(clients).padEnd(9)}${String(row.searches).padEnd(10)}${String(row.errors).padEnd(8)}${ms(row.ackP50, row.ackP99)}${ms(row.firstP50, row.firstP99)}` +
          `${ms(row.lastP50, row.lastP99)} ${ms(row.tailP50, row.tailP99)} ${String(row.rssMb ?? 'n/a').padEnd(8)}${`${row.firstScreenPerSearch}/${row.candidatesPerSearch}`.padEnd(14)}` +
          `${String(row.serverCpuMsPerSearch ?? 'n/a').padEnd(22)}${row.wallSeconds}`,
      );
      if (errors.length > 0) log(`  first errors: ${[...new Set(errors)].slice(0, 3).join('; ')}`);
    }
    log('Targets: ack p99 < 50 ms and last (first screen) p99 < 500 ms at 50 clients; 0 errors at 200 clients; RSS < 400 MB.');
  } finally {
    await own?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.main) {
  const counts = process.env.BENCH_CLIENTS?.split(',').map(Number);
  await runSearchBench({
    baseUrl: process.argv[2] || undefined,
    serverPid: process.argv[3] ? Number(process.argv[3]) : undefined,
    clientCounts: counts,
    seed: Number(process.env.BENCH_SEED ?? 0),
    warmUpClients: process.env.BENCH_WARMUP_CLIENTS ? Number(process.env.BENCH_WARMUP_CLIENTS) : undefined,
  });
  process.exit(0);
}
