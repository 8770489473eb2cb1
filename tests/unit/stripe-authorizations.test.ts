import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripePayments } from '../../api/providers/payments/stripe.ts';

/**
 * A stand-in for api.stripe.com's PaymentIntents: creates keep what they were sent, lists answer a customer's intents
 * newest first, two to a page, as Stripe pages them.
 */
type Stored = {
  id: string;
  object: 'payment_intent';
  customer: string;
  amount: number;
  status: string;
  created: number;
  metadata: Record<string, string>;
  client_secret: string;
};
const stored: Stored[] = [];
const lists: URLSearchParams[] = [];
const server = createServer((request: IncomingMessage, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    const url = new URL(request.url ?? '/', 'http://stripe.test');
    response.setHeader('content-type', 'application/json');
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const form = new URLSearchParams(body);
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const field = /^metadata\[(.+)\]$/.exec(key)?.[1];
        if (field) metadata[field] = value;
      }
      const intent: Stored = {
        id: `pi_test_${stored.length + 1}`,
        object: 'payment_intent',
        customer: form.get('customer') ?? '',
        amount: Number(form.get('amount')),
        status: 'requires_capture',
        created: 1_800_000_000 + stored.length,
        metadata,
        client_secret: 'secret',
      };
      stored.push(intent);
      response.end(JSON.stringify(intent));
      return;
    }
    if (request.method === 'GET' && url.pathname === '/v1/payment_intents') {
      lists.push(url.searchParams);
      const after = url.searchParams.get('starting_after');
      const mine = stored.filter((i) => i.customer === url.searchParams.get('customer') && i.created >= Number(url.searchParams.get('created[gte]'))).reverse();
      const from = after ? mine.findIndex((i) => i.id === after) + 1 : 0;
      const data = mine.slice(from, from + 2);
      response.end(JSON.stringify({ object: 'list', url: '/v1/payment_intents', has_more: from + 2 < mine.length, data }));
      return;
    }
    response.statusCode = 404;
    response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `no ${request.method} ${url.pathname}` } }));
  });
});

beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const payments = () =>
  createStripePayments({ secretKey: 'sk_test_offline', api: { host: '127.0.0.1', port: (server.address() as AddressInfo).port, protocol: 'http' } });

describe('Stripe authorisations found by their idempotency key', () => {
  it("finds an intent created with a key among the customer's intents, over several pages, and nothing for a key never used", async () => {
    const stripe = payments();
    const since = new Date(1_800_000_000 * 1000);
    const wanted = await stripe.authorize({
      customerId: 'cus_a',
      paymentMethodId: 'pm_a',
      amount: 1500,
      idempotencyKey: 'order-7-authorize-1',
      description: 'Order 7',
    });
    for (const n of [2, 3, 4])
      await stripe.authorize({
        customerId: 'cus_a',
        paymentMethodId: 'pm_a',
        amount: 100 * n,
        idempotencyKey: `order-${n}0-authorize-1`,
        description: 'other',
      });
    await stripe.authorize({ customerId: 'cus_b', paymentMethodId: 'pm_b', amount: 999, idempotencyKey: 'order-8-authorize-1', description: 'Order 8' });

    expect(await stripe.findAuthorization({ customerId: 'cus_a', idempotencyKey: 'order-7-authorize-1', since })).toMatchObject({
      id: wanted.id,
      amount: 1500,
      status: 'requires_capture',
    });
    // The oldest of four intents is on the second page: the listing follows has_more.
    expect(lists.at(-1)?.get('starting_after')).toBeTruthy();
    expect(await stripe.findAuthorization({ customerId: 'cus_a', idempotencyKey: 'order-7-authorize-2', since })).toBeNull();
    // Another customer's intent with the key is never an answer.
    expect(await stripe.findAuthorization({ customerId: 'cus_a', idempotencyKey: 'order-8-authorize-1', since })).toBeNull();
    // Listing starts a little before the order's time (clocks apart), never at the dawn of time.
    expect(Number(lists.at(-1)?.get('created[gte]'))).toBe(1_800_000_000 - 300);
  });
});
