// @vitest-environment happy-dom
/**
 * The login island as a visitor meets it, against a scripted /api: the steps from password to code, where each
 * refusal leaves them, the unseen bot check, the reset request and the recovery link.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import LoginApp from '../../site/islands/login/LoginApp.tsx';

vi.mock('../../site/kit/bot-check.ts', () => ({ getBotToken: async () => 'solved-bot-check' }));

type Reply = [status: number, body: unknown];
type Route = (body: Record<string, unknown>) => Reply;
type Call = { method: string; path: string; body: Record<string, unknown> };

let routes: Record<string, Route[]> = {};
let calls: Call[] = [];
let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

/** Scripts the next answers to `METHOD /api/path` (query ignored), in order; the last one repeats. */
function answer(route: string, ...replies: (Reply | Route)[]) {
  routes[route] = replies.map((reply) => (typeof reply === 'function' ? reply : () => reply));
}

const loggedOutCart: Reply = [200, { cartId: 1, $isLoggedIn: false, cartItems: [] }];
const totp = { mfaId: 7, type: 'totp', description: 'Authenticator app' };
const sms = { mfaId: 8, type: 'sms', description: 'Text message to •••• 0100' };

beforeEach(() => {
  routes = {};
  calls = [];
  answer('GET /api/carts/0', loggedOutCart);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = url.split('?')[0];
      const body = init.body ? JSON.parse(String(init.body)) : {};
      calls.push({ method, path, body });
      const scripted = routes[`${method} ${path}`];
      if (!scripted?.length) return new Response(JSON.stringify({ message: `unscripted ${method} ${path}` }), { status: 500 });
      const [status, reply] = (scripted.length > 1 ? scripted.shift()! : scripted[0])(body);
      return new Response(JSON.stringify(reply), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
  window.history.replaceState(null, '', '/login');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openLogin(query = '') {
  window.history.replaceState(null, '', `/login${query}`);
  render(<LoginApp brandName="Dotspot" webmailUrl="https://mail.example" helpCenterUrl="https://help.example" />);
  await waitFor(() => expect((screen.getByRole('button', { name: 'Log In' }) as HTMLButtonElement).disabled).toBe(false));
}

const heading = (name: string) => screen.getByRole('heading', { level: 1, name });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));
const sessionPosts = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/session').map((c) => c.body);

async function signInWithPassword() {
  type('Email', 'ada@example.com');
  type('Password', 'correct horse');
  await press('Log In');
}

test('a password with a second factor leads to the method picker, then the code; a wrong code is emptied and explained', async () => {
  answer(
    'POST /api/session',
    [200, { mfas: [totp, sms] }],
    [200, { mfaId: 8, mfaType: 'sms', mfaDescription: 'Text message to •••• 0100', mfaChallengeId: 31 }],
    [400, { message: 'That code is not valid. Please try again.' }],
  );
  await openLogin();
  await signInWithPassword();

  expect(heading('Verify it’s you')).toBeTruthy();
  // Focus follows the new step's heading.
  expect(document.activeElement).toBe(heading('Verify it’s you'));
  // Two methods: none is picked for the visitor, and Continue says so without a call.
  await press('Continue');
  expect(screen.getByRole('alert').textContent).toBe('Choose a security method.');
  expect(sessionPosts()).toHaveLength(1);

  fireEvent.click(screen.getByRole('radio', { name: /Text message/ }));
  await press('Continue');
  expect(heading('Enter your security code')).toBeTruthy();
  expect(screen.getByText('We sent a 6-digit code (text message to •••• 0100). It expires in 10 minutes.')).toBeTruthy();
  expect(sessionPosts()[1]).toEqual({ mfaId: 8 });

  type('Security code', '12ab34567');
  expect((screen.getByLabelText('Security code') as HTMLInputElement).value).toBe('123456');
  await press('Verify');
  expect(sessionPosts()[2]).toEqual({ mfaChallengeId: 31, mfaToken: '123456', mfaId: 8 });
  expect(screen.getByRole('alert').textContent).toBe('That code is not valid. Please try again.');
  expect((screen.getByLabelText('Security code') as HTMLInputElement).value).toBe('');
  expect(heading('Enter your security code')).toBeTruthy();

  // A text-message code can be sent again; an authenticator cannot.
  expect(screen.getByRole('button', { name: 'Send a new code' })).toBeTruthy();
  await press('Choose another security method');
  expect(heading('Verify it’s you')).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
});

test('the only method is picked already; the right code goes to the redirect target', async () => {
  answer('POST /api/session', [200, { mfas: [totp] }], [200, { mfaId: 7, mfaType: 'totp', mfaChallengeId: 5 }], [200, { redirect: '/account/domains' }]);
  await openLogin('?redirect=%2Faccount%2Fdomains');
  await signInWithPassword();
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'ada@example.com', password: 'correct horse' });
  expect((screen.getByRole('radio', { name: /Authenticator app/ }) as HTMLInputElement).checked).toBe(true);
  await press('Continue');
  expect(screen.getByText('Open your authenticator app and enter the 6-digit code it shows for your account.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull();
  type('Security code', '654321');
  await press('Verify');
  expect(assign).toHaveBeenCalledWith('/account/domains');
  // The form stays spent while the next page loads.
  expect((screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(true);
});

test('a code refused because the half-made sign-in expired goes back to the password, saying why', async () => {
  answer(
    'POST /api/session',
    [200, { mfas: [totp] }],
    [200, { mfaId: 7, mfaType: 'totp', mfaChallengeId: 5 }],
    [401, { message: 'Your sign-in expired. Please log in again.' }],
  );
  await openLogin();
  await signInWithPassword();
  await press('Continue');
  type('Security code', '111111');
  await press('Verify');
  expect(heading('Log in to your account')).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toBe('Your sign-in expired. Please log in again.');
  // The password is not kept once it was accepted.
  expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
});

test('a wrong password shows the message and keeps both fields', async () => {
  answer('POST /api/session', [400, { message: 'The email or password is incorrect.' }]);
  await openLogin();
  await signInWithPassword();
  expect(screen.getByRole('alert').textContent).toBe('The email or password is incorrect.');
  expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
  expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('correct horse');
});

test('when the server asks for a bot check, the island solves one and sends the password again, unseen', async () => {
  answer('POST /api/session', [400, { message: 'Please complete the human verification.', data: { botCheckRequired: true } }], (body) =>
    body.recaptchaToken === 'solved-bot-check' ? [200, { mfas: [totp] }] : [400, { message: 'no token' }],
  );
  await openLogin();
  await signInWithPassword();
  await waitFor(() => expect(heading('Verify it’s you')).toBeTruthy());
  expect(sessionPosts()).toEqual([
    { email: 'ada@example.com', password: 'correct horse' },
    { email: 'ada@example.com', password: 'correct horse', recaptchaToken: 'solved-bot-check' },
  ]);
  expect(screen.queryByRole('alert')).toBeNull();
});

test('?as fills the email and ?logout=true says the visitor logged out; a new attempt clears the notice', async () => {
  answer('POST /api/session', [400, { message: 'The email or password is incorrect.' }]);
  await openLogin('?as=ada%40example.com&logout=true');
  expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe('You have logged out.'));
  type('Password', 'wrong');
  await press('Log In');
  expect(screen.getByRole('status').textContent).toBe('');
});

test('?logout=true does not say the visitor logged out while they are still signed in (the sign-out failed)', async () => {
  answer('GET /api/carts/0', [200, { cartId: 1, $isLoggedIn: true, cartItems: [] }]);
  answer('GET /api/session', [503, { message: 'Service unavailable' }]);
  await openLogin('?logout=true');
  await waitFor(() => expect(calls.some((call) => call.method === 'GET' && call.path === '/api/session')).toBe(true));
  await act(async () => {});
  expect(screen.getByRole('status').textContent).toBe('');
  expect(assign).not.toHaveBeenCalled();
});

test('a failed reset request clears the email and says why; a sent one says Check Your Email', async () => {
  answer('POST /api/session', [429, { message: 'Too many reset requests. Please try again later.' }], [200, { success: true }]);
  await openLogin();
  await press('Forgot password?');
  expect(heading('Reset your password')).toBeTruthy();
  type('Email', 'ada@example.com');
  await press('Send Reset Link');
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many reset requests. Please try again later.'));
  expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');

  type('Email', 'ada@example.com');
  await press('Send Reset Link');
  await waitFor(() => expect(heading('Check Your Email')).toBeTruthy());
  expect(sessionPosts()[1]).toEqual({ type: 'recovery', email: 'ada@example.com', recaptchaToken: 'solved-bot-check' });
  expect(screen.getByText('ada@example.com').tagName).toBe('STRONG');
  await press('Back to log in');
  expect(heading('Log in to your account')).toBeTruthy();
});

test('a recovery link opens the new-password step and leaves the address bar; the two passwords must match', async () => {
  answer('POST /api/session', [200, { recovery: true }]);
  answer('PATCH /api/users/0', [200, { mfas: [totp] }]);
  window.history.replaceState(null, '', '/login?recovery=tok-123&redirect=%2Faccount');
  render(<LoginApp brandName="Dotspot" webmailUrl="https://mail.example" helpCenterUrl="https://help.example" />);
  await waitFor(() => expect(heading('Choose a new password')).toBeTruthy());
  expect(sessionPosts()).toEqual([{ type: 'recovery', token: 'tok-123' }]);
  expect(window.location.search).toBe('?redirect=%2Faccount');
  // Arriving from the link is the page loading, not a step taken: the focus stays where the page put it.
  expect(document.activeElement).toBe(document.body);

  type('New password', 'a-brand-new-password');
  type('Confirm new password', 'a-different-password');
  await press('Set New Password');
  expect(screen.getByRole('alert').textContent).toBe('The two passwords do not match.');
  expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

  type('Confirm new password', 'a-brand-new-password');
  await press('Set New Password');
  expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ password: 'a-brand-new-password' });
  expect(heading('Verify it’s you')).toBeTruthy();
  expect(screen.getByRole('status').textContent).toBe('Your password was changed.');
});

test('a used recovery link shows why on the password step', async () => {
  answer('POST /api/session', [400, { message: 'This reset link has expired or was already used.' }]);
  window.history.replaceState(null, '', '/login?recovery=spent');
  render(<LoginApp brandName="Dotspot" webmailUrl="https://mail.example" helpCenterUrl="https://help.example" />);
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This reset link has expired or was already used.'));
  expect(heading('Log in to your account')).toBeTruthy();
});

test('a reset session that expired before the new password was sent asks for a new link, saying why', async () => {
  answer('POST /api/session', [200, { recovery: true }]);
  answer('PATCH /api/users/0', [401, { message: 'Please log in again.' }]);
  window.history.replaceState(null, '', '/login?recovery=tok-9');
  render(<LoginApp brandName="Dotspot" webmailUrl="https://mail.example" helpCenterUrl="https://help.example" />);
  await waitFor(() => expect(heading('Choose a new password')).toBeTruthy());
  type('New password', 'a-brand-new-password');
  type('Confirm new password', 'a-brand-new-password');
  await press('Set New Password');
  expect(heading('Reset your password')).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toBe('Please log in again.');
});
