// @vitest-environment happy-dom
/**
 * A large renewal from an older session (issue #26): Place Order answers 403 reauthRequired, the account app opens
 * "Confirm it's you" over the order, and once the password is confirmed places the same order (same order key) and
 * shows Domains Renewed; cancelling keeps the order on Review Your Order with the reason. The API is stubbed at fetch.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { SWRConfig } from 'swr';
import { $toasts } from '@kit/toasts.ts';
import type { RenewableDomain, RenewAnswer } from '../../api/contract/renewals/renew-rules.ts';
import RenewAllModal from '../../account-app/src/features/renewals/RenewAllModal.tsx';
import { fetcher } from '../../account-app/src/swr.ts';

const list: RenewableDomain[] = [
  {
    domainId: 1,
    domain: 'alpha.com',
    status: 'active',
    expireDate: '2027-01-01T00:00:00.000Z',
    renewPrice: 1128,
    redemptionPrice: null,
    protectionEnabled: false,
    isPremium: false,
    maxRenewalPeriod: 9,
  },
];
const line = {
  domainId: 1,
  domain: 'alpha.com',
  renewalPeriod: 9,
  expireDate: list[0].expireDate,
  newExpireDate: '2036-01-01T00:00:00.000Z',
  renewPrice: 9 * 1128,
  redemptionPrice: null,
  protectionEnabled: false,
  protectionPrice: 0,
};
const preview: RenewAnswer = { renewalPeriod: 9, committed: false, totalPrice: 9 * 1128, domains: [line] };
const placed: RenewAnswer = { ...preview, committed: true, cardDescription: 'Visa ending in 4242', domains: [{ ...line, status: 'renewed' }] };
const reauth = { name: 'Forbidden', code: 403, message: 'For your security, please confirm it’s you first', data: { reauthRequired: true } };

let commits: Record<string, unknown>[] = [];
let confirmed = false;

beforeEach(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
  commits = [];
  confirmed = false;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    if (url === '/api/renewals' && init?.method === 'POST') {
      if (!body.commit) return json(200, preview);
      commits.push(body);
      return confirmed ? json(200, placed) : json(403, reauth);
    }
    if (String(url).startsWith('/api/renewals')) return json(200, { total: 1, limit: 1, skip: 0, data: list });
    if (url === '/api/session/confirm' && init?.method === 'POST') {
      confirmed = body.password === 'right-password';
      return confirmed ? json(200, { confirmed: true }) : json(400, { message: 'The password is incorrect.' });
    }
    if (url === '/api/session/confirm') return json(200, { methods: [], passkey: false });
    return json(404, { message: `unscripted ${url}` });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  $toasts.set([]);
});

async function reviewOrder() {
  render(
    <SWRConfig value={{ fetcher, provider: () => new Map(), dedupingInterval: 0 }}>
      <RenewAllModal domain={null} domains={[]} onClose={() => {}} />
    </SWRConfig>,
  );
  await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Renew alpha.com' })).toBeTruthy());
  fireEvent.change(screen.getByLabelText('Renewal period'), { target: { value: '9' } });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  });
  await waitFor(() => expect(screen.getByText('Review Your Order')).toBeTruthy());
}

test('Place Order asks to confirm it is you, then places the same order once confirmed', async () => {
  await reviewOrder();
  act(() => {
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
  });
  expect(await screen.findByRole('heading', { name: 'Confirm it’s you' })).toBeTruthy();
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  });
  await waitFor(() => expect(screen.getByText('Domains Renewed')).toBeTruthy());
  expect(commits).toHaveLength(2);
  expect(commits[1].orderKey).toBe(commits[0].orderKey);
});

test('closing the confirmation leaves the order unplaced on Review Your Order, with the reason', async () => {
  await reviewOrder();
  act(() => {
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
  });
  const heading = await screen.findByRole('heading', { name: 'Confirm it’s you' });
  const dialog = heading.closest('dialog') as HTMLDialogElement;
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  });
  expect(await screen.findByText('Please confirm it’s you to continue.')).toBeTruthy();
  expect(screen.getByText('Review Your Order')).toBeTruthy();
  expect(commits).toHaveLength(1);
});
