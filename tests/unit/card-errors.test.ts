import { describe, expect, it } from 'vitest';
import { cardErrorPlace, declineCodeOf } from '../../site/kit/card/card-setup.ts';

describe('where a card error is shown', () => {
  it('beside the field Stripe’s code blames', () => {
    for (const code of ['invalid_number', 'incorrect_number', 'incomplete_number']) expect(cardErrorPlace(code)).toBe('number');
    for (const code of ['expired_card', 'invalid_expiry_month', 'invalid_expiry_year', 'invalid_expiry_year_past', 'incomplete_expiry'])
      expect(cardErrorPlace(code)).toBe('expiry');
    for (const code of ['invalid_cvc', 'incorrect_cvc', 'incomplete_cvc']) expect(cardErrorPlace(code)).toBe('cvc');
  });
  it('for the card as a whole when it is refused, or when nothing says why', () => {
    for (const code of ['card_declined', 'insufficient_funds', 'authentication_failed', 'processing_error', undefined, 42])
      expect(cardErrorPlace(code)).toBe('card');
  });
  it('reads the decline code an API failure carries', () => {
    expect(declineCodeOf({ declineCode: 'expired_card' })).toBe('expired_card');
    expect(declineCodeOf(undefined)).toBeUndefined();
  });
});
