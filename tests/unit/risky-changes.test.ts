import { describe, expect, it } from 'vitest';
import { type DomainFacts, mailGoesElsewhere, nameserverSwitchLosses, recordChangeLosses, zoneChangeLosses } from '../../api/contract/dns/risky-changes.ts';

const ours = ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'];
const parked: DomainFacts = {
  domain: 'brightbeanbakery.org',
  websiteType: 'park',
  forwardUrl: null,
  emailEnabled: false,
  builderEnabled: false,
  mrc: 0,
  forSale: false,
  forSalePage: false,
  ns: ours,
  $customNameservers: false,
  dnsRecords: [],
};
const forwarded: DomainFacts = { ...parked, websiteType: 'forward', forwardUrl: 'https://bakery.example.com' };

describe('what a risky change stops', () => {
  it('an NS record at the root: other nameservers may answer, and parking stops as the domain becomes Custom', () => {
    const losses = recordChangeLosses(parked, { type: 'NS', host: '@', data: 'ns1.elsewhere.net' });
    expect(losses).toHaveLength(2);
    expect(losses[0]).toMatch(/^An NS record at the root names other nameservers for all of brightbeanbakery\.org/);
    expect(losses[1]).toBe(
      'The parking page stops showing at brightbeanbakery.org. brightbeanbakery.org becomes Custom: visitors get what this record points at.',
    );
  });

  it('an NS record for a subdomain, or a TXT at the root, stops nothing', () => {
    expect(recordChangeLosses(forwarded, { type: 'NS', host: 'lab', data: 'ns1.elsewhere.net' })).toEqual([]);
    expect(recordChangeLosses(forwarded, { type: 'TXT', host: '@', data: 'v=spf1 -all' })).toEqual([]);
  });

  it('editing a website record into another one asks nothing more: the site was already elsewhere', () => {
    const before = { type: 'A', host: '@', data: '192.0.2.1' };
    expect(recordChangeLosses(forwarded, { type: 'A', host: '@', data: '192.0.2.2' }, before)).toEqual([]);
    expect(recordChangeLosses(forwarded, { type: 'A', host: '@', data: '192.0.2.2' })[0]).toMatch(/^Forwarding to https:\/\/bakery\.example\.com stops/);
  });

  it('a root MX takes the mail from the mailboxes here, only when email is on and no root MX existed', () => {
    const mx = { type: 'MX', host: '@', data: 'mx.elsewhere.net' };
    expect(recordChangeLosses(parked, mx)).toEqual([]);
    expect(recordChangeLosses({ ...parked, emailEnabled: true }, mx)).toEqual([
      'Email to your mailboxes here stops: mail for brightbeanbakery.org goes to mx.elsewhere.net instead.',
    ]);
    expect(recordChangeLosses({ ...parked, emailEnabled: true, dnsRecords: [mx] }, { ...mx, data: 'mx2.elsewhere.net' })).toEqual([]);
  });

  it('on other nameservers already, records change nothing we serve', () => {
    expect(recordChangeLosses({ ...forwarded, $customNameservers: true }, { type: 'NS', host: '@', data: 'ns1.elsewhere.net' })).toEqual([]);
  });

  it('switching nameservers ends forwarding, email here and the records kept here; our own set or the same set asks nothing', () => {
    const busy: DomainFacts = {
      ...forwarded,
      emailEnabled: true,
      dnsRecords: [
        { type: 'TXT', host: '@', data: 'x' },
        { type: 'A', host: 'shop', data: '192.0.2.9' },
      ],
    };
    const losses = nameserverSwitchLosses(busy, ['ns1.elsewhere.net', 'ns2.elsewhere.net']);
    expect(losses).toEqual([
      'Forwarding to https://bakery.example.com stops: visitors to brightbeanbakery.org are no longer sent there.',
      "Email to addresses at brightbeanbakery.org stops reaching your mailboxes here, unless your new DNS provider points the domain's MX record at our mail server.",
      'The 2 DNS records you keep here are no longer used: copy them to your new DNS provider first.',
    ]);
    expect(nameserverSwitchLosses(busy, ['ns2.dotspot.example.', 'ns1.dotspot.example'])).toEqual([]);
    expect(nameserverSwitchLosses(busy, [])).toEqual([]);
    expect(
      nameserverSwitchLosses({ ...busy, $customNameservers: true, ns: ['NS1.ELSEWHERE.NET', 'NS2.ELSEWHERE.NET'] }, ['ns3.elsewhere.net', 'ns4.elsewhere.net']),
    ).toEqual([]);
    expect(nameserverSwitchLosses({ ...parked, websiteType: 'custom' }, ['ns1.elsewhere.net', 'ns2.elsewhere.net'])).toEqual([]);
  });

  it('the For Sale page is named when parking shows it', () => {
    expect(nameserverSwitchLosses({ ...parked, forSale: true, forSalePage: true }, ['ns1.elsewhere.net', 'ns2.elsewhere.net'])).toEqual([
      'The For Sale page stops showing at brightbeanbakery.org, and with it the offers it brings.',
    ]);
  });

  it('email bought while the mail goes elsewhere: the root MX records, or the other nameservers', () => {
    expect(mailGoesElsewhere(parked)).toBeNull();
    expect(
      mailGoesElsewhere({
        ...parked,
        dnsRecords: [
          { type: 'MX', host: '@', data: 'aspmx.l.google.com' },
          { type: 'MX', host: 'lists', data: 'mx.lists.net' },
        ],
      }),
    ).toEqual({
      mx: ['aspmx.l.google.com'],
    });
    expect(mailGoesElsewhere({ ...parked, $customNameservers: true, ns: ['NS1.ELSEWHERE.NET'] })).toEqual({ nameservers: ['NS1.ELSEWHERE.NET'] });
    expect(mailGoesElsewhere({ ...parked, emailEnabled: true, dnsRecords: [{ type: 'MX', host: '@', data: 'aspmx.l.google.com' }] })).toBeNull();
  });
});

describe('paid services never stop silently (issue #36 item 11)', () => {
  const paying: DomainFacts = { ...parked, websiteType: 'builder', builderEnabled: true, emailEnabled: true, mrc: 899 };

  it('other nameservers: the builder site and the mail stop, and the plan is still billed, with where to end it', () => {
    expect(nameserverSwitchLosses(paying, ['ns1.elsewhere.net', 'ns2.elsewhere.net'])).toEqual([
      'Your Website Builder site stops showing at brightbeanbakery.org.',
      "Email to addresses at brightbeanbakery.org stops reaching your mailboxes here, unless your new DNS provider points the domain's MX record at our mail server.",
      "You are still billed for the Website Builder and email (this domain's plan is $8.99 a month) until you remove them under Website and Email.",
    ]);
    // A builder bought but not showing (the domain forwards) stops nothing it pays for on the website side.
    expect(
      nameserverSwitchLosses({ ...paying, websiteType: 'forward', forwardUrl: 'https://x.example', emailEnabled: false, mrc: 500 }, [
        'ns1.elsewhere.net',
        'ns2.elsewhere.net',
      ]),
    ).toEqual(['Forwarding to https://x.example stops: visitors to brightbeanbakery.org are no longer sent there.']);
  });

  it('a zone file or template taking the root and the mail says each loss once, the mail servers together, then the bill', () => {
    const changes = [
      { record: { type: 'A', host: '@', data: '192.0.2.10' }, before: null },
      { record: { type: 'AAAA', host: '@', data: '2001:db8::10' }, before: null },
      { record: { type: 'MX', host: '@', data: 'mx1.elsewhere.net' }, before: null },
      { record: { type: 'MX', host: '@', data: 'mx2.elsewhere.net' }, before: null },
      { record: { type: 'TXT', host: '@', data: 'v=spf1 -all' }, before: null },
    ];
    expect(zoneChangeLosses(paying, changes)).toEqual([
      'Your Website Builder site stops showing at brightbeanbakery.org. brightbeanbakery.org becomes Custom: visitors get what these records point at.',
      'Email to your mailboxes here stops: mail for brightbeanbakery.org goes to mx1.elsewhere.net, mx2.elsewhere.net instead.',
      "You are still billed for the Website Builder and email (this domain's plan is $8.99 a month) until you remove them under Website and Email.",
    ]);
    expect(zoneChangeLosses({ ...paying, websiteType: 'park', builderEnabled: false, mrc: 500 }, changes.slice(2, 3))).toEqual([
      'Email to your mailboxes here stops: mail for brightbeanbakery.org goes to mx1.elsewhere.net instead.',
      "You are still billed for email (this domain's plan is $5.00 a month) until you turn it off under Email.",
    ]);
    expect(zoneChangeLosses(paying, changes.slice(4))).toEqual([]);
  });
});
