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
    // Stripe's two refusals a refund can meet: a key reused with other parameters, more than is left of the charge.
    if (request.headers['idempotency-key'] === 'reused-key') {
      response.statusCode = 400;
      return response.end(
        JSON.stringify({
          error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' },
        }),
      );
    }
    if (Number(form.get('amount')) > 10_000) {
      response.statusCode = 400;
      return response.end(
        JSON.stringify({
          error: { type: 'invalid_request_error', code: 'amount_too_large', message: 'Refund amount is greater than unrefunded amount on charge' },
        }),
      );
    }
    response.end(
      JSON.stringify({
        id: 're_test_1',
        object: 'refund',
        amount: Number(form.get('amount')),
        payment_intent: form.get('payment_intent'),
        status: 'succeeded',
      }),
    );
  });
});

beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Stripe refunds', () => {
  it('refunds the given amount of a payment intent with the idempotency key', async () => {
    const payments = createStripePayments({
      secretKey: 'sk_test_offline',
      api: { host: '127.0.0.1', port: (server.address() as AddressInfo).port, protocol: 'http' },
    });
    const refund = await payments.refund('pi_test_42', 1234, 'order-7-refund');
    expect(refund).toEqual({ id: 're_test_1', paymentIntentId: 'pi_test_42', amount: 1234, status: 'succeeded' });
    expect(received).toHaveLength(1);
    expect(received[0].path).toBe('/v1/refunds');
    expect(received[0].idempotencyKey).toBe('order-7-refund');
    expect(Object.fromEntries(received[0].form)).toEqual({ payment_intent: 'pi_test_42', amount: '1234' });
  });

  it("answers Stripe's refusals as card errors the refund service can tell apart", async () => {
    const payments = createStripePayments({
      secretKey: 'sk_test_offline',
      api: { host: '127.0.0.1', port: (server.address() as AddressInfo).port, protocol: 'http' },
    });
    await expect(payments.refund('pi_test_42', 500, 'reused-key')).rejects.toMatchObject({ name: 'CardError', declineCode: 'idempotency_error' });
    await expect(payments.refund('pi_test_42', 20_000, 'too-much')).rejects.toMatchObject({
      name: 'CardError',
      declineCode: 'amount_too_large',
      message: 'Refund amount is greater than unrefunded amount on charge',
    });
  });
});
