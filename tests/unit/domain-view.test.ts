/** My Domains' view rules (search, filters, sort, pages, the URL form) and its CSV export. */
import { addDays } from 'date-fns/addDays';
import { expect, test } from 'vitest';
import { domainsCsv } from '../../account-app/src/features/domains/domain-csv.ts';
import { applyView, defaultView, readView, viewParams } from '../../account-app/src/features/domains/domain-view.ts';
import type { Domain } from '../../api/contract/domains/domain.ts';

const now = new Date('2026-06-01T12:00:00.000Z');

function domain(name: string, days: number, fields: Partial<Domain> = {}): Domain {
  return {
    domainId: name.length * 1000 + days,
    domain: name,
    status: 'active',
    expireDate: addDays(now, days).toISOString(),
    autoRenewEnabled: true,
    forSale: false,
    ns: ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'],
    outboundTransferStatus: null,
    inboundTransferStatus: null,
    $customNameservers: false,
    ...fields,
  } as Domain;
}

const list = [
  domain('zeta.com', 10),
  domain('alpha.net', 400, { autoRenewEnabled: false }),
  domain('beta.org', 25, { forSale: true }),
  domain('gamma.io', 31),
  domain('delta.shop', 90, { outboundTransferStatus: 'pending' }),
  domain('eps"ilon.dev', -3, { $customNameservers: true, ns: ['NS1.ELSEWHERE.NET', 'NS2.ELSEWHERE.NET'] }),
];

test('each filter keeps its domains, and counts follow the search', () => {
  const names = (view: Partial<typeof defaultView>) => applyView(list, { ...defaultView, ...view }, now).matching.map((d) => d.domain);
  expect(names({ filter: 'expiring' })).toEqual(['beta.org', 'zeta.com']);
  expect(names({ filter: 'auto-renew-off' })).toEqual(['alpha.net']);
  expect(names({ filter: 'for-sale' })).toEqual(['beta.org']);
  expect(names({ filter: 'transfer-pending' })).toEqual(['delta.shop']);
  expect(names({ filter: 'custom-ns' })).toEqual(['eps"ilon.dev']);
  expect(names({ q: 'WWW.ZETA.com.' })).toEqual(['zeta.com']);
  expect(applyView(list, { ...defaultView, q: 'e' }, now).counts, 'gamma.io has no e').toEqual({
    expiring: 2,
    'auto-renew-off': 1,
    'for-sale': 1,
    'transfer-pending': 1,
    'custom-ns': 1,
  });
});

test('sorts by name and by expiry both ways', () => {
  const names = (sort: typeof defaultView.sort) => applyView(list, { ...defaultView, sort }, now).matching.map((d) => d.domain);
  expect(names('name')).toEqual(['alpha.net', 'beta.org', 'delta.shop', 'eps"ilon.dev', 'gamma.io', 'zeta.com']);
  expect(names('-name')[0]).toBe('zeta.com');
  expect(names('expiry')).toEqual(['eps"ilon.dev', 'zeta.com', 'beta.org', 'gamma.io', 'delta.shop', 'alpha.net']);
  expect(names('-expiry')[0]).toBe('alpha.net');
});

test('pages of 50, a page past the end shows the last', () => {
  const many = Array.from({ length: 120 }, (_, i) => domain(`n${String(i).padStart(3, '0')}.com`, 100 + i));
  const third = applyView(many, { ...defaultView, page: 9 }, now);
  expect([third.page, third.pages, third.rows.length, third.rows[0].domain]).toEqual([3, 3, 20, 'n100.com']);
});

test('the URL keeps only what differs from the default, and nonsense reads as the default', () => {
  const view = { q: 'shop', filter: 'for-sale' as const, sort: '-expiry' as const, page: 2 };
  expect(viewParams(view).toString()).toBe('q=shop&filter=for-sale&sort=-expiry&page=2');
  expect(readView(viewParams(view))).toEqual(view);
  expect(viewParams(defaultView).toString()).toBe('');
  expect(readView(new URLSearchParams('filter=everything&sort=price&page=-4'))).toEqual(defaultView);
});

test('the CSV has the five columns, quotes what needs quoting, and lower-cases nameservers', () => {
  const csv = domainsCsv([list[0], list[5]], now).split('\r\n');
  expect(csv).toEqual([
    'Domain,Expires,Auto-renew,Nameservers,Status',
    'zeta.com,2026-06-11,On,ns1.dotspot.example ns2.dotspot.example,Active',
    '"eps""ilon.dev",2026-05-29,On,ns1.elsewhere.net ns2.elsewhere.net,Expired',
    '',
  ]);
});
