/** RDAP status values for every domain state: never a combination an RDAP validator refuses (RFC 5731, RFC 3915). */
import { describe, expect, it } from 'vitest';
import { rdapStatusesOf } from '../../api/services/rdap/rdap-builder.ts';

const prohibitions = ['client transfer prohibited'];
const pendings = ['pending create', 'pending delete', 'pending renew', 'pending transfer', 'pending update'];

describe('rdapStatusesOf', () => {
  const states = ['active', 'expired', 'redemption', 'pendingDelete'] as const;
  const cases = states.flatMap((status) =>
    [true, false].flatMap((locked) => [true, false].map((outboundTransferPending) => ({ status, locked, outboundTransferPending }))),
  );

  it.each(cases)('keeps %o to combinations RFC 5731 and RFC 3915 allow', (facts) => {
    const statuses = rdapStatusesOf(facts);
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses).size).toBe(statuses.length);
    if (statuses.includes('active')) expect(statuses.filter((s) => prohibitions.includes(s) || pendings.includes(s))).toEqual([]);
    expect(statuses.filter((s) => pendings.includes(s)).length).toBeLessThanOrEqual(1);
    if (statuses.includes('pending transfer')) expect(statuses).not.toContain('client transfer prohibited');
    if (statuses.includes('redemption period')) expect(statuses).toContain('pending delete');
  });

  it('says what a registrar client needs to know of each state', () => {
    expect(rdapStatusesOf({ status: 'active', locked: true, outboundTransferPending: false })).toEqual(['client transfer prohibited']);
    expect(rdapStatusesOf({ status: 'active', locked: false, outboundTransferPending: false })).toEqual(['active']);
    expect(rdapStatusesOf({ status: 'active', locked: false, outboundTransferPending: true })).toEqual(['pending transfer']);
    expect(rdapStatusesOf({ status: 'expired', locked: false, outboundTransferPending: false })).toEqual(['active', 'auto renew period']);
    expect(rdapStatusesOf({ status: 'redemption', locked: false, outboundTransferPending: false })).toEqual(['pending delete', 'redemption period']);
    expect(rdapStatusesOf({ status: 'pendingDelete', locked: true, outboundTransferPending: false })).toEqual(['pending delete', 'client transfer prohibited']);
  });
});
