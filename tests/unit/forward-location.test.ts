/** Where a forward sends one visitor, and which hosts are ours: the pure parts of serving customers' domains. */
import { describe, expect, it } from 'vitest';
import { hostNameOf, isOwnHost } from '../../api/http/customer-sites.ts';
import { forwardLocation } from '../../api/services/websites/customer-sites.ts';

const forward = (location: string, keepPath: boolean) => ({ kind: 'forward' as const, domain: 'a.com', location, permanent: true, keepPath });

describe('forwardLocation', () => {
  it.each([
    ['https://example.org/', '/menu/today?lang=en', 'https://example.org/menu/today?lang=en'],
    ['https://example.org/shop', '/menu', 'https://example.org/shop/menu'],
    ['https://example.org/shop/?ref=a', '/menu?x=1', 'https://example.org/shop/menu?ref=a&x=1'],
    ['https://example.org/#top', '/menu', 'https://example.org/menu#top'],
    ['https://example.org/shop', '/', 'https://example.org/shop'],
  ])('keeping the path, %s + %s → %s', (location, request, expected) => {
    expect(forwardLocation(forward(location, true), new URL(`http://a.com${request}`))).toBe(expected);
  });

  it('sends every path to the address itself when the path is not kept', () => {
    expect(forwardLocation(forward('https://example.org/shop', false), new URL('http://a.com/menu?x=1'))).toBe('https://example.org/shop');
  });
});

describe('own hosts', () => {
  it.each([
    ['localhost:3000', true],
    ['127.0.0.1:3000', true],
    ['[::1]:3000', true],
    ['web', true],
    ['', true],
    ['shop.example', true],
    ['WWW.Shop.Example.', true],
    ['app.localhost', true],
    ['brightbeancoffee.com', false],
    ['shop.example.evil.com', false],
  ])('%j is ours: %s', (header, ours) => {
    expect(isOwnHost(hostNameOf(header), 'shop.example')).toBe(ours);
  });
});
