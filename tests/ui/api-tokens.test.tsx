// @vitest-environment happy-dom
/**
 * The API Tokens view as a customer reads it: prefix, scope labels, last use ("Never" or date and address), expiry
 * ("Never expires", "Expired"), the empty state, and the two-factor requirement. The API answers are stubbed at fetch.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, expect, test, vi } from 'vitest';
import type { ApiToken } from '../../api/contract/api-tokens/api-tokens.ts';
import type { ConfirmChoices } from '../../api/contract/auth/mfa.ts';
import ApiTokensView from '../../account-app/src/features/api-tokens/ApiTokensView.tsx';
import { fetcher } from '../../account-app/src/swr.ts';

const used: ApiToken = {
  apiTokenId: 1,
  name: 'Backup script',
  displayPrefix: 'dsp_AbCd',
  scopes: ['domains:read', 'dns:write'],
  allowedIps: [],
  expireDate: null,
  lastUsedDate: '2026-11-20T10:00:00.000Z',
  lastUsedIp: '198.51.100.7',
  createDate: '2026-11-01T10:00:00.000Z',
};
const expired: ApiToken = {
  apiTokenId: 2,
  name: 'Old deploy',
  displayPrefix: 'dsp_WxYz',
  scopes: ['search'],
  allowedIps: ['203.0.113.0/24'],
  expireDate: '2025-01-31T23:59:59.999Z',
  lastUsedDate: null,
  lastUsedIp: null,
  createDate: '2024-11-01T10:00:00.000Z',
};

function serve(tokens: ApiToken[], choices: ConfirmChoices) {
  vi.stubGlobal('fetch', async (url: string) => {
    if (String(url) === '/api/apiTokens')
      return new Response(JSON.stringify({ total: tokens.length, limit: tokens.length, skip: 0, data: tokens }), { status: 200 });
    if (String(url) === '/api/session/confirm') return new Response(JSON.stringify(choices), { status: 200 });
    return new Response('{}', { status: 404 });
  });
  render(
    <MemoryRouter>
      <SWRConfig value={{ fetcher, provider: () => new Map(), dedupingInterval: 0 }}>
        <ApiTokensView />
      </SWRConfig>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test('lists each token with its prefix, scopes, last use and expiry, never more of the secret', async () => {
  serve([used, expired], { methods: [{ mfaId: 1, type: 'totp', description: 'Authenticator app' }], passkey: false });
  const list = await screen.findByRole('list', { name: 'API tokens' });
  const [first, second] = within(list)
    .getAllByRole('listitem')
    .filter((li) => li.classList.contains('token-item'));
  expect(first.textContent).toContain('Backup script');
  expect(first.textContent).toContain('dsp_AbCd…');
  expect(within(first).getByRole('list', { name: 'Scopes' }).textContent).toBe('Read domainsManage DNS');
  expect(first.textContent).toContain('Last used Nov 20, 2026 from 198.51.100.7');
  expect(first.textContent).toContain('Never expires');
  expect(first.textContent).not.toContain('Expired');

  expect(second.textContent).toContain('Expired');
  expect(second.textContent).toContain('Expired Jan 31, 2025');
  expect(second.textContent).toContain('Last used Never');
  expect(second.textContent).toContain('Only from 203.0.113.0/24');
  expect(screen.getByRole('button', { name: 'Revoke Old deploy' })).toBeTruthy();
  expect(await screen.findByRole('button', { name: 'Create Token' })).toBeTruthy();
});

test('without tokens it says so; without a second factor it says where to add one instead of offering Create', async () => {
  serve([], { methods: [], passkey: false });
  expect(await screen.findByText('No API tokens yet')).toBeTruthy();
  const link = await screen.findByRole('link', { name: 'Set up two-factor' });
  expect(link.getAttribute('href')).toBe('/account/summary?view=manage_MFA');
  expect(screen.queryByRole('button', { name: 'Create Token' })).toBeNull();
});
