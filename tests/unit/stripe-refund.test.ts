import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripePayments } from '../../api/providers/payments/stripe.ts';

/** A stand-in for api.stripe.com that records what it was sent and answers like Stripe's refunds endpoint. */
const received: { path: string; idempotencyKey: string | undefined; form: URLSearchParams }[] = [];
const server = createServer((request: IncomingMessage, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    const form = new URLSearchParams(body);
    received.push({ path: request.url ?? '', idempotencyKey: request.headers['idempotency-key'] as string | undefined, form });
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ id: 're_test_1', object: 'refund', amount: Number(form.get('amount')), payment_intent: form.get('payment_intent'), status: 'succeeded' }));
  });
});

beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Stripe refunds', () => {
  it('refunds the given amount of a payment intent with the idempotency key', async () => {
    const payments = createStripePayments({ secretKey: 'sk_test_offline', api: { host: '127.0.0.1', port: (server.address() as AddressInfo).port, protocol: 'http' } });
    const refund = await payments.refund('pi_test_42', 1234, 'order-7-refund');
    expect(refund).toEqual({ id: 're_test_1', paymentIntentId: 'pi_test_42', amount: 1234, status: 'succeeded' });
    expect(received).toHaveLength(1);
    expect(received[0].path).toBe('/v1/refunds');
    expect(received[0].idempotencyKey).toBe('order-7-refund');
    expect(Object.fromEntries(received[0].form)).toEqual({ payment_intent: 'pi_test_42', amount: '1234' });
  });
});
