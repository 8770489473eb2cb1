// @vitest-environment happy-dom
/**
 * The kit's "confirm it's you" step against a scripted /api: a call answering reauthRequired asks for the password
 * (or a code) and is made again once confirmed; cancelling hands back the refusal without a second call.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { api } from '../../site/kit/api.ts';
import { confirmCancelledMessage, withRecentAuth } from '../../site/kit/ConfirmIdentity.tsx';

type Reply = [status: number, body: unknown];
let routes: Record<string, Reply[]> = {};
let calls: { method: string; path: string; body: Record<string, unknown> }[] = [];

function answer(route: string, ...replies: Reply[]) {
  routes[route] = replies;
}

const reauth: Reply = [403, { name: 'Forbidden', code: 403, message: 'For your security, please confirm it’s you first', data: { reauthRequired: true } }];

beforeEach(() => {
  routes = {};
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : {};
      calls.push({ method, path: url, body });
      const scripted = routes[`${method} ${url}`];
      if (!scripted?.length) return new Response(JSON.stringify({ message: `unscripted ${method} ${url}` }), { status: 500 });
      const [status, reply] = scripted.length > 1 ? (scripted.shift() as Reply) : scripted[0];
      return new Response(JSON.stringify(reply), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const removeThing = () => withRecentAuth(() => api<{ success: true }>('/things/1', { method: 'DELETE', toast: false }));

test('a call that needs a recent sign-in asks for the password, shows a wrong one, and runs again once confirmed', async () => {
  answer('DELETE /api/things/1', reauth, [200, { success: true }]);
  answer('GET /api/session/confirm', [200, { methods: [{ mfaId: 4, type: 'sms', description: 'Text message to ••• 0100' }], passkey: false }]);
  answer('POST /api/session/confirm', [400, { message: 'The password is incorrect.' }], [200, { confirmed: true }]);
  let result: unknown;
  const pending = removeThing().then((r) => {
    result = r;
  });
  // The dialog opens (showModal) after its content renders: wait for the heading a user would read first.
  expect(await screen.findByRole('heading', { name: 'Confirm it’s you' })).toBeTruthy();
  const password = screen.getByLabelText('Password');
  await act(async () => {
    fireEvent.change(password, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  });
  expect((await screen.findByRole('alert')).textContent).toBe('The password is incorrect.');
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  });
  await pending;
  expect(result).toEqual({ success: true });
  expect(calls.filter((c) => c.path === '/api/things/1')).toHaveLength(2);
  expect(calls.find((c) => c.method === 'POST' && c.body.password === 'right-password')).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Confirm it’s you' })).toBeNull());
});

test('confirming with a texted code: the code is sent on request and six digits confirm', async () => {
  answer('DELETE /api/things/1', reauth, [200, { success: true }]);
  answer('GET /api/session/confirm', [200, { methods: [{ mfaId: 4, type: 'sms', description: 'Text message to ••• 0100' }], passkey: false }]);
  answer(
    'POST /api/session/confirm',
    [200, { mfaId: 4, mfaType: 'sms', mfaDescription: 'Text message to ••• 0100', mfaChallengeId: 31 }],
    [200, { confirmed: true }],
  );
  const pending = removeThing();
  fireEvent.click(await screen.findByRole('button', { name: /Text me a code/ }));
  const code = await screen.findByLabelText('Security code');
  expect(screen.getByText(/We sent a 6-digit code \(text message to ••• 0100\)/)).toBeTruthy();
  await act(async () => {
    fireEvent.change(code, { target: { value: '12a3456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  });
  expect(await pending).toEqual({ success: true });
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ mfaId: 4 }, { mfaId: 4, mfaChallengeId: 31, mfaToken: '123456' }]);
});

test('cancelling hands back the refusal and makes no second call', async () => {
  answer('DELETE /api/things/1', reauth);
  answer('GET /api/session/confirm', [200, { methods: [], passkey: false }]);
  const pending = removeThing();
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
  const result = await pending;
  expect(result).toMatchObject({ error: true, status: 403, message: confirmCancelledMessage });
  expect(calls.filter((c) => c.path === '/api/things/1')).toHaveLength(1);
});
