import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../api/contract/phone.ts';

describe('a stored phone number as people read it', () => {
  it('national in the account’s own country, international elsewhere', () => {
    expect(formatPhone('+14155550123', 'US')).toBe('(415) 555-0123');
    expect(formatPhone('+14155550123', 'GB')).toBe('+1 415 555 0123');
    expect(formatPhone('+442079460958', 'GB')).toBe('020 7946 0958');
    expect(formatPhone('+442079460958', 'US')).toBe('+44 20 7946 0958');
    expect(formatPhone('+33142685300', 'fr')).toBe('01 42 68 53 00');
  });
  it('shows what does not parse as stored, and uses international without a country', () => {
    expect(formatPhone('12345', 'US')).toBe('12345');
    expect(formatPhone('+14155550123', null)).toBe('+1 415 555 0123');
  });
});
