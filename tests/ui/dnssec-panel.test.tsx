// @vitest-environment happy-dom
/**
 * The DNSSEC section of the Advanced tab as a customer meets it: why a domain on our nameservers cannot be signed
 * (and the way to the nameserver change), the status and records of a signed one, the add form's messages, and that
 * every change sends the whole DS set. The API is stubbed at fetch.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { Domain } from '../../api/contract/domains/domain.ts';
import type { DsRecord } from '../../api/contract/dns/dnssec.ts';
import { DnssecPanel } from '../../account-app/src/features/dns/DnssecPanel.tsx';

const digest = '2BB183AF5F22588179A53B0A98631FAD1A292118ABA2F5BD1A5B2C7A4E3F1A09';
const signedWith: DsRecord = { keyTag: 2371, algorithm: 13, digestType: 2, digest };

const domainWith = (values: Partial<Domain>) =>
  ({ domainId: 7, domain: 'harbor.com', status: 'active', websiteType: 'custom', dsRecords: [], ...values }) as Domain;

function serve() {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}'));
    sent.push(body);
    return new Response(JSON.stringify(domainWith({ dsRecords: body.dsRecords })), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test('on our nameservers it explains why and leads to the nameserver change, with no form', () => {
  const openModal = vi.fn();
  const domain = domainWith({ websiteType: 'park' });
  render(<DnssecPanel domain={domain} openModal={openModal} />);
  const panel = screen.getByRole('region', { name: 'DNSSEC' });
  expect(within(panel).getByTestId('dnssec-status').textContent).toBe('Off');
  expect(panel.textContent).toContain('DNSSEC needs nameservers that sign the zone. Our nameservers do not sign zones');
  expect(within(panel).queryByRole('button', { name: 'Add DS Record' })).toBeNull();
  fireEvent.click(within(panel).getByRole('button', { name: 'Use your DNS provider’s nameservers' }));
  expect(openModal).toHaveBeenCalledWith('nameservers', domain);
});

test('a custom website on our nameservers is still told DNSSEC needs other nameservers', () => {
  render(<DnssecPanel domain={domainWith({ websiteType: 'custom', $customNameservers: false })} openModal={vi.fn()} />);
  expect(screen.getByRole('region', { name: 'DNSSEC' }).textContent).toContain('DNSSEC needs nameservers that sign the zone');
  expect(screen.queryByRole('button', { name: 'Add DS Record' })).toBeNull();
});

test('a signed domain shows its status and records, the digest shortened with the full value in its title', () => {
  render(<DnssecPanel domain={domainWith({ dsRecords: [signedWith, { ...signedWith, keyTag: 40000 }] })} openModal={vi.fn()} />);
  expect(screen.getByTestId('dnssec-status').textContent).toBe('Signed: 2 DS records');
  const row = screen.getAllByRole('row').find((r) => r.textContent?.includes('2371'))!;
  expect(row.textContent).toContain('13 · ECDSA P-256/SHA-256');
  expect(row.textContent).toContain('2 · SHA-256');
  expect(within(row).getByTitle(digest).textContent).toBe('2BB183AF…4E3F1A09');
});

test('the add form shows each field’s message, then sends the whole set with the new record upper-cased', async () => {
  const sent = serve();
  render(<DnssecPanel domain={domainWith({ dsRecords: [signedWith] })} openModal={vi.fn()} />);
  fireEvent.click(screen.getByRole('button', { name: 'Add DS Record' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add DS Record' });
  fireEvent.change(within(dialog).getByLabelText('Digest'), { target: { value: 'xyz' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add DS Record' }));
  await within(dialog).findByText('Please enter the key tag');
  expect(within(dialog).getByText('Digest must be hexadecimal (0-9, A-F)')).toBeTruthy();
  expect(sent).toEqual([]);

  fireEvent.change(within(dialog).getByLabelText('Key tag'), { target: { value: '70000' } });
  fireEvent.change(within(dialog).getByLabelText('Digest'), { target: { value: 'abc' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add DS Record' }));
  await within(dialog).findByText('Key tag must be a whole number from 0 to 65535');
  fireEvent.change(within(dialog).getByLabelText('Key tag'), { target: { value: '40000' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add DS Record' }));
  await within(dialog).findByText('A SHA-256 digest (type 2) is 64 hex characters; this one has 3');
  expect(sent).toEqual([]);

  fireEvent.change(within(dialog).getByLabelText('Key tag'), { target: { value: '40000' } });
  fireEvent.change(within(dialog).getByLabelText('Algorithm'), { target: { value: '8' } });
  fireEvent.change(within(dialog).getByLabelText('Digest type'), { target: { value: '4' } });
  fireEvent.change(within(dialog).getByLabelText('Digest'), { target: { value: 'ab'.repeat(48) } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add DS Record' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toEqual({ dsRecords: [signedWith, { keyTag: 40000, algorithm: 8, digestType: 4, digest: 'AB'.repeat(48) }] });
});

test('removing a record sends the set without it', async () => {
  const sent = serve();
  render(<DnssecPanel domain={domainWith({ dsRecords: [signedWith, { ...signedWith, keyTag: 40000 }] })} openModal={vi.fn()} />);
  fireEvent.click(screen.getByRole('button', { name: 'Remove DS record 2371' }));
  const confirm = await screen.findByRole('dialog', { name: 'Remove DS Record' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toEqual({ dsRecords: [{ ...signedWith, keyTag: 40000 }] });
});
