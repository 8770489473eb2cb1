import { describe, expect, it } from 'vitest';
import { activeNowNote, displayStatus, hasEmailOverLimit, isPendingTransfer, serviceLabel } from '../../api/contract/domains/domain-status.ts';

const now = new Date('2026-06-01T12:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 24 * 3600 * 1000).toISOString();

describe('displayStatus', () => {
  it('is pending for a domain in transfer, whatever its expiry', () => {
    expect(displayStatus({ status: 'transfer', expireDate: inDays(-3) }, now)).toBe('pending');
  });
  it('is expired once the expiry has passed, or when the registry says expired', () => {
    expect(displayStatus({ status: 'active', expireDate: inDays(-0.01) }, now)).toBe('expired');
    expect(displayStatus({ status: 'expired', expireDate: inDays(20) }, now)).toBe('expired');
  });
  it('is expiring under 5 days and active from 5 days on', () => {
    expect(displayStatus({ status: 'active', expireDate: inDays(4.9) }, now)).toBe('expiring');
    expect(displayStatus({ status: 'active', expireDate: inDays(5) }, now)).toBe('active');
    expect(displayStatus({ status: 'active', expireDate: new Date(inDays(300)) }, now)).toBe('active');
  });
});

describe('serviceLabel', () => {
  const base = { websiteType: 'park', builderEnabled: false, emailEnabled: false };
  it('defaults to Parking', () => expect(serviceLabel(base)).toBe('Parking'));
  it('names forwarding, custom, website, email and the suite', () => {
    expect(serviceLabel({ ...base, websiteType: 'forward' })).toBe('Forwarding');
    expect(serviceLabel({ ...base, websiteType: 'custom' })).toBe('Custom');
    expect(serviceLabel({ ...base, websiteType: 'builder', builderEnabled: true })).toBe('Website');
    expect(serviceLabel({ ...base, emailEnabled: true })).toBe('Email');
    expect(serviceLabel({ ...base, websiteType: 'builder', builderEnabled: true, emailEnabled: true })).toBe("Spot's Suite");
  });
});

describe('activeNowNote', () => {
  it('shows only when a paid plan runs beside parking or forwarding', () => {
    expect(activeNowNote({ mrc: 500, websiteType: 'park' })).toBe('Active now: Parking');
    expect(activeNowNote({ mrc: 500, websiteType: 'forward' })).toBe('Active now: Forwarding');
    expect(activeNowNote({ mrc: 0, websiteType: 'park' })).toBeNull();
    expect(activeNowNote({ mrc: 899, websiteType: 'builder' })).toBeNull();
  });
});

describe('badges', () => {
  it('counts inbound, outbound and status transfers as pending', () => {
    expect(isPendingTransfer({ status: 'active', inboundTransferStatus: 'pending' })).toBe(true);
    expect(isPendingTransfer({ status: 'active', outboundTransferStatus: 'approved' })).toBe(true);
    expect(isPendingTransfer({ status: 'transfer' })).toBe(true);
    expect(isPendingTransfer({ status: 'active', outboundTransferStatus: null })).toBe(false);
  });
  it('warns about a mailbox over 5 GB', () => {
    expect(hasEmailOverLimit([{ size: 5.4 }, { size: 1 }])).toBe(true);
    expect(hasEmailOverLimit([{ size: 5 }])).toBe(false);
    expect(hasEmailOverLimit([{ size: 9, status: 'deleted' }])).toBe(false);
    expect(hasEmailOverLimit(undefined)).toBe(false);
  });
});
