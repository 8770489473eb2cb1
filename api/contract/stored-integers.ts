/**
 * The range of a PostgreSQL `integer` column, which holds every id, count and cents amount we store: input past it is
 * refused as a 400 by the contract, since the database would refuse it later as a 500.
 */
import './zod-config.ts';
import { z } from 'zod';

export const maxStoredInteger = 2_147_483_647;

/**
 * The id of a row (an account, a promo code ...): a whole number from 1 that a database integer can hold. Too large is
 * checked first and alone, since zod also calls a number past the safe integers not whole.
 */
export function recordIdSchema(message: string, tooLargeMessage = 'There is no such record') {
  return z.number({ error: message }).max(maxStoredInteger, { error: tooLargeMessage, abort: true }).int(message).positive(message);
}
