// @vitest-environment happy-dom
/**
 * The renew-all modal as a customer meets it: the table's select-all and protect-all rules, "No domains selected",
 * and the capped-term note on Review Your Order. The API answers are stubbed at fetch.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { SWRConfig } from 'swr';
import { $toasts } from '@kit/toasts.ts';
import { cappedTermMessage, type RenewableDomain, type RenewAnswer } from '../../api/contract/renewals/renew-rules.ts';
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
  {
    domainId: 2,
    domain: 'bravo.net',
    status: 'active',
    expireDate: '2035-06-01T00:00:00.000Z',
    renewPrice: 1198,
    redemptionPrice: null,
    protectionEnabled: false,
    isPremium: false,
    maxRenewalPeriod: 1,
  },
  {
    domainId: 3,
    domain: 'odd.notsold',
    status: 'active',
    expireDate: '2027-03-01T00:00:00.000Z',
    renewPrice: null,
    redemptionPrice: null,
    protectionEnabled: false,
    isPremium: false,
    maxRenewalPeriod: 9,
  },
];
const preview: RenewAnswer = {
  renewalPeriod: 3,
  committed: false,
  totalPrice: 3 * 1128 + 1198,
  domains: [
    {
      domainId: 1,
      domain: 'alpha.com',
      renewalPeriod: 3,
      expireDate: list[0].expireDate,
      newExpireDate: '2030-01-01T00:00:00.000Z',
      renewPrice: 3384,
      redemptionPrice: null,
      protectionEnabled: false,
      protectionPrice: 0,
    },
    {
      domainId: 2,
      domain: 'bravo.net',
      renewalPeriod: 1,
      expireDate: list[1].expireDate,
      newExpireDate: '2036-06-01T00:00:00.000Z',
      renewPrice: 1198,
      redemptionPrice: null,
      protectionEnabled: false,
      protectionPrice: 0,
    },
  ],
};
const posted: unknown[] = [];

beforeEach(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(preview), { status: 200 });
    }
    if (String(url).startsWith('/api/renewals')) return new Response(JSON.stringify({ total: 3, limit: 3, skip: 0, data: list }), { status: 200 });
    return new Response('{}', { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  $toasts.set([]);
  posted.length = 0;
});

function open() {
  render(
    <SWRConfig value={{ fetcher, provider: () => new Map(), dedupingInterval: 0 }}>
      <RenewAllModal domain={null} domains={[]} onClose={() => {}} />
    </SWRConfig>,
  );
}
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

test('select-all and protect-all follow the rules, and an empty selection is refused with a toast', async () => {
  open();
  await waitFor(() => expect(box('Renew alpha.com')).toBeTruthy());
  fireEvent.click(box('Protect all'));
  expect([box('Select all').checked, box('Renew alpha.com').checked, box('Protect bravo.net').checked]).toEqual([true, true, true]);
  // The name with no renew price is never selected.
  expect(box('Renew odd.notsold').checked).toBe(false);
  fireEvent.click(box('Renew alpha.com'));
  expect([box('Protect alpha.com').checked, box('Select all').checked, box('Protect all').checked]).toEqual([false, false, false]);
  expect(box('Protect bravo.net').checked).toBe(true);
  fireEvent.click(box('Select all'));
  fireEvent.click(box('Select all'));
  expect([box('Renew alpha.com').checked, box('Renew bravo.net').checked, box('Protect bravo.net').checked]).toEqual([false, false, false]);
  fireEvent.click(box('Renew odd.notsold'));
  expect($toasts.get().map((t) => t.message)).toContain('Contact customer support to Request Domain Renewal');
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  });
  expect($toasts.get().map((t) => t.message)).toContain('No domains selected');
  expect(posted).toEqual([]);
});

test('Continue previews the order and Review Your Order notes a term the registry capped', async () => {
  open();
  await waitFor(() => expect(box('Renew alpha.com')).toBeTruthy());
  fireEvent.change(screen.getByLabelText('Renewal period'), { target: { value: '3' } });
  fireEvent.click(box('Select all'));
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  });
  expect(posted).toEqual([
    {
      renewalPeriod: 3,
      domains: [
        { domainId: 1, protectionEnabled: false },
        { domainId: 2, protectionEnabled: false },
      ],
      commit: false,
    },
  ]);
  await waitFor(() => expect(screen.getByText('Review Your Order')).toBeTruthy());
  expect(screen.getAllByText(cappedTermMessage)).toHaveLength(1);
  expect(screen.getByRole('button', { name: 'Place Order' })).toBeTruthy();
});
