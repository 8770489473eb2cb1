/**
 * Checkout benchmark: orders per second with the sandbox providers and p99 commit latency at 20 concurrent
 * buyers. Each buyer is a visitor made ready first (item, contact, password, SMS code, card), untimed; then
 * every buyer commits, 20 at a time, and only the commits are timed. Run alone: `bun tests/bench/checkout.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { desc, eq } from 'drizzle-orm';
import { createApp } from '../../api/app.ts';
import { loadConfig } from '../../api/config.ts';
import { createDb, migrateDatabase, startEmbeddedPostgres } from '../../api/db/client.ts';
import { outbox } from '../../api/db/schema/index.ts';
import { jobKinds } from '../../api/jobs/kinds.ts';
import { createJobQueue } from '../../api/jobs/queue.ts';
import { promoCodeCreateSchema } from '../../api/contract/promotions/promo-codes.ts';
import { createProviders } from '../../api/providers/index.ts';
import { createCheckoutLeases } from '../../api/services/checkout/checkout-leases.ts';
import { systemActor } from '../../api/services/audit/audit-log.ts';
import { createPromoCode } from '../../api/services/promotions/promo-codes.ts';

type App = ReturnType<typeof createApp>;

class Buyer {
  private readonly cookies = new Map<string, string>();
  /** Each simulated buyer comes from its own address, as real ones do (per-address rate limits apply). */
  constructor(
    private readonly app: App,
    private readonly address: string,
  ) {}
  async call(method: string, url: string, body?: unknown) {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.app.request(
      `http://localhost${url}`,
      {
        method,
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      { requestIP: () => ({ address: this.address }) },
    );
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair.split('=');
      this.cookies.set(name.trim(), rest.join('='));
    }
    const json = await response.json().catch(() => null);
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  }
  /** A solved bot check, as the browser sends with the SMS code request and the card setup. */
  async botToken(): Promise<string> {
    const { challenge } = await this.call('GET', '/api/botCheck');
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }
}

export type CheckoutBenchResult = { orders: number; concurrency: number; ordersPerSecond: number; p50Ms: number; p99Ms: number; maxMs: number };

/**
 * `promoCode`: every buyer applies one shared promo code (capped above the order count), so every commit reserves it
 * under the code's row lock: what the lock costs at 20 buyers at once.
 */
export async function benchCheckout(options: { orders?: number; concurrency?: number; promoCode?: boolean } = {}): Promise<CheckoutBenchResult> {
  const orders = options.orders ?? 200;
  const concurrency = options.concurrency ?? 20;
  const dir = mkdtempSync(path.join(tmpdir(), 'dotspot-bench-pg-'));
  const server = await startEmbeddedPostgres(dir, 'bench', { durable: false });
  const url = server.url('bench');
  await migrateDatabase(url);
  const db = createDb(url, { max: 20 });
  const jobs = createJobQueue({ url, role: 'web', kinds: jobKinds });
  await jobs.start();
  try {
    // Preparing buyers is untimed; the easiest proof of work keeps it short.
    const config = loadConfig({ NODE_ENV: 'production', SANDBOX_REGISTRY_LATENCY_MS: '0', BOT_CHECK_DIFFICULTY: '1' });
    const providers = createProviders(config, db, { botCheck: 'bench-secret' });
    const checkoutLeases = createCheckoutLeases(db);
    const app = createApp({ db, config, providers, jobs, checkoutLeases, secrets: { adminJwt: 'bench-secret' } });
    const run = Date.now().toString(36);
    if (options.promoCode) {
      await createPromoCode(
        db,
        systemActor,
        promoCodeCreateSchema.parse({ code: 'BENCH10', kind: 'percent', value: 10, years: 'first', maxRedemptions: orders + 1 }),
      );
    }

    const prepare = async (i: number) => {
      const buyer = new Buyer(app, `10.${Math.floor(i / 250)}.${i % 250}.1`);
      const item = await buyer.call('POST', '/api/cartItems', { domain: `qwzxv-bench-${run}-${i}.com` });
      const phone = `+1415557${String(i).padStart(4, '0')}`;
      await buyer.call('PATCH', `/api/carts/${item.cartId}`, {
        contact: {
          firstName: 'Bench',
          lastName: `Buyer ${i}`,
          address: '1 Load Street',
          city: 'Testville',
          state: 'CA',
          zip: '94000',
          country: 'US',
          email: `bench-${run}-${i}@example.org`,
          phone,
          password: 'benchmark password',
        },
      });
      await buyer.call('POST', '/api/validate', { cartId: item.cartId, phone, recaptchaToken: await buyer.botToken() });
      const [sms] = await db.select().from(outbox).where(eq(outbox.to, phone)).orderBy(desc(outbox.id)).limit(1);
      const code = /\b(\d{6})\b/.exec(sms.body)?.[1];
      await buyer.call('POST', '/api/validate', { cartId: item.cartId, phone, code });
      const card = await buyer.call('POST', '/api/paymentMethods/sandboxCard', { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' });
      await buyer.call('POST', '/api/paymentMethods/setup', { type: 'card', stripePaymentMethodId: card.id, recaptchaToken: await buyer.botToken() });
      if (options.promoCode) await buyer.call('PATCH', `/api/carts/${item.cartId}`, { promoCode: 'BENCH10' });
      return { buyer, cartId: item.cartId as number };
    };
    const ready: { buyer: Buyer; cartId: number }[] = [];
    for (let i = 0; i < orders; i += concurrency) {
      ready.push(...(await Promise.all(Array.from({ length: Math.min(concurrency, orders - i) }, (_, j) => prepare(i + j)))));
    }

    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < ready.length) {
        const { buyer, cartId } = ready[next++];
        const t0 = performance.now();
        await buyer.call('PATCH', `/api/carts/${cartId}`, { commit: true, a: { statedSource: 'search' } });
        latencies.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)];
    return {
      orders: latencies.length,
      concurrency,
      ordersPerSecond: Math.round((latencies.length / seconds) * 10) / 10,
      p50Ms: Math.round(at(0.5)),
      p99Ms: Math.round(at(0.99)),
      maxMs: Math.round(latencies[latencies.length - 1]),
    };
  } finally {
    await jobs.stop();
    await db.$end();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `npm run bench`'s entry: runs the checkout benchmark, then again with one promo code shared by every buyer. */
export async function runCheckoutBench(): Promise<CheckoutBenchResult> {
  const orders = Number(process.env.BENCH_ORDERS ?? 200);
  const print = (what: string, result: CheckoutBenchResult) =>
    console.log(
      `${what}: ${result.orders} orders, ${result.concurrency} concurrent buyers: ${result.ordersPerSecond} orders/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms`,
    );
  const result = await benchCheckout({ orders });
  print('checkout', result);
  print('checkout, one promo code for all', await benchCheckout({ orders, promoCode: true }));
  return result;
}

if (import.meta.main) await runCheckoutBench();
