/** The transfer modal's opening view (spec §4), the Sell form's rules and payouts (§5, §9), and auth code strength. */
import { describe, expect, it } from 'vitest';
import { startViewFor } from '../../account-app/src/features/transfers/start-view.ts';
import { salePriceErrors, sellerPayout } from '../../api/contract/selling/sale.ts';
import { isStrongAuthCode, newAuthCode } from '../../api/providers/registry/auth-code.ts';

describe('the transfer modal opens', () => {
  const view = (outboundTransferStatus: string | null, inboundTransferStatus: string | null) => startViewFor({ outboundTransferStatus, inboundTransferStatus });
  it('on the outbound status first, then the inbound status, else the unlock view', () => {
    expect(view('pending', 'auth-code-rejected')).toBe('outboundPending');
    expect(view('approved', null)).toBe('outboundApproved');
    expect(view('unlocked', null)).toBe('outboundUnlocked');
    expect(view(null, 'auth-code-needed')).toBe('inboundCode');
    expect(view(null, 'auth-code-rejected')).toBe('inboundCode');
    expect(view(null, 'rejected')).toBe('inboundCode');
    expect(view(null, 'pending')).toBe('inboundPending');
    expect(view(null, null)).toBe('outboundUnlocked');
  });
  it('on "contact customer service" for any other status', () => {
    expect(view('weird', null)).toBe('contactSupport');
    expect(view(null, 'lost')).toBe('contactSupport');
  });
});

describe('the Sell form', () => {
  it('needs a floor of $99 and a list price above the floor', () => {
    expect(salePriceErrors({ floorPrice: 9900, listPrice: 10000 })).toEqual({ floorPrice: null, listPrice: null });
    expect(salePriceErrors({ floorPrice: 9899, listPrice: 10000 }).floorPrice).toBe('Minimum Floor Price is $99');
    expect(salePriceErrors({ floorPrice: 20000, listPrice: 20000 }).listPrice).toBe('Minimum List Price must be above Floor Price');
    expect(salePriceErrors({ floorPrice: Number.NaN, listPrice: 10000 }).floorPrice).toBe('Minimum Floor Price is $99');
  });
  it('pays the seller 70%, 80% through the For Sale page', () => {
    expect(sellerPayout(30000)).toBe(21000);
    expect(sellerPayout(30000, true)).toBe(24000);
  });
});

describe('auth codes', () => {
  it('are 16 characters with every class, and different each time', () => {
    const codes = Array.from({ length: 50 }, () => newAuthCode());
    expect(codes.every(isStrongAuthCode)).toBe(true);
    expect(new Set(codes).size).toBe(50);
    expect(isStrongAuthCode('WRONG-CODE-1')).toBe(false);
  });
});
