import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripePayments } from '../../api/providers/payments/stripe.ts';

/** A stand-in for api.stripe.com's detach endpoint, with the answers Stripe gives for each case. */
const paths: string[] = [];
const server = createServer((request, response) => {
  paths.push(`${request.method} ${request.url}`);
  response.setHeader('content-type', 'application/json');
  const id = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(request.url ?? '')?.[1];
  const fail = (status: number, error: object) => {
    response.statusCode = status;
    response.end(JSON.stringify({ error }));
  };
  if (id === 'pm_attached') return response.end(JSON.stringify({ id, object: 'payment_method', customer: null }));
  if (id === 'pm_detached') {
    return fail(400, {
      type: 'invalid_request_error',
      message: 'The payment method you provided is not attached to a customer so detachment is impossible.',
    });
  }
  if (id === 'pm_unknown') return fail(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such PaymentMethod: '${id}'` });
  return fail(401, { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_***' });
});
beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const payments = () =>
  createStripePayments({ secretKey: 'sk_test_offline', api: { host: '127.0.0.1', port: (server.address() as AddressInfo).port, protocol: 'http' } });

describe('Stripe: detaching a removed card', () => {
  it('posts to the payment method’s detach endpoint', async () => {
    await payments().detachCard('pm_attached');
    expect(paths).toContain('POST /v1/payment_methods/pm_attached/detach');
  });

  it('counts a card already detached, or unknown to Stripe, as done', async () => {
    await expect(payments().detachCard('pm_detached')).resolves.toBeUndefined();
    await expect(payments().detachCard('pm_unknown')).resolves.toBeUndefined();
  });

  it('lets any other refusal through, so the card is tried again later', async () => {
    await expect(payments().detachCard('pm_with_a_bad_key')).rejects.toThrow(/Invalid API Key/);
  });
});
