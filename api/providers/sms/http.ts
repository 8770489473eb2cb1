/** SMS through an HTTP gateway: POST JSON { to, from, body } with a bearer token; any non-2xx is a failure. */
import type { SmsProvider } from './index.ts';

export function createHttpSms(options: { url: string; token?: string; from: string }): SmsProvider {
  return {
    name: 'http',
    async send({ to, body }) {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify({ to, from: options.from, body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}
