/** Checkout phone verification: a 6-character SMS code per cart and phone, hashed, expiring, single-use, rate-limited. */
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { addMinutes } from 'date-fns/addMinutes';
import { now } from '../../clock.ts';
import { isE164Phone, phoneFormatMessage } from '../../contract/phone.ts';
import type { Db } from '../../db/client.ts';
import { carts, users, verificationCodes } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import { enforce } from '../platform/rate-limit.ts';
import { hashToken, sameHash } from '../kernel/tokens.ts';

export const codeLength = 6;
export const codeLifetimeMinutes = 10;
export const maxCodeAttempts = 5;
export const smsSendFailedMessage = 'Error sending SMS';
export const phoneLimits = {
  perPhone: { max: 5, windowSeconds: 3600 },
  perCart: { max: 8, windowSeconds: 3600 },
  perAddress: { max: 10, windowSeconds: 3600 },
};

import type { ValidateAnswer } from '../../contract/carts/validate.ts';

export type { ValidateAnswer };

function newCode(): string {
  return String(randomInt(0, 10 ** codeLength)).padStart(codeLength, '0');
}

function codeHash(cartId: number, phone: string, code: string): string {
  return hashToken(`${cartId}:${phone}:${code}`);
}

/** Who asks for a code: the address is limited, and so is every address together (SMS pumping costs us money). */
export type SmsRequester = { ip: string; hourlyLimit: number };

export async function sendPhoneCode(
  db: Db,
  sms: SmsProvider,
  input: { cartId: number; phone: string; brandName: string },
  requester: SmsRequester,
): Promise<{ sent: true; msg: string }> {
  const phone = input.phone.trim();
  if (!isE164Phone(phone)) throw new AppError(400, phoneFormatMessage);
  await enforce(
    db,
    [
      { key: `sms:phone:${phone}`, ...phoneLimits.perPhone },
      { key: `sms:cart:${input.cartId}`, ...phoneLimits.perCart },
    ],
    'Too many verification codes were requested for this phone.',
  );
  await enforce(db, [{ key: `sms:ip:${requester.ip}`, ...phoneLimits.perAddress }], 'Too many verification codes were requested from your network.');
  await enforce(db, [{ key: 'sms:all', max: requester.hourlyLimit, windowSeconds: 3600 }], 'We are sending too many verification codes right now.');
  const code = newCode();
  const time = now();
  await db.transaction(async (tx) => {
    // A new code replaces any earlier one for this cart; the cart is unverified until it is entered.
    await tx
      .update(verificationCodes)
      .set({ useDate: time })
      .where(and(eq(verificationCodes.cartId, input.cartId), isNull(verificationCodes.useDate)));
    await tx.insert(verificationCodes).values({
      cartId: input.cartId,
      phone,
      codeHash: codeHash(input.cartId, phone, code),
      expireDate: addMinutes(time, codeLifetimeMinutes),
    });
    await tx.update(carts).set({ verified: false, verifiedPhone: null }).where(eq(carts.cartId, input.cartId));
  });
  try {
    await sms.send({ to: phone, body: `${code} is your ${input.brandName} verification code. It expires in 10 minutes.` });
  } catch (error) {
    console.warn('SMS send failed:', (error as Error).message);
    throw new AppError(502, smsSendFailedMessage);
  }
  return { sent: true, msg: `We sent a 6-digit code to ${phone}` };
}

const replacedMessage = 'Request a new code: this one was already used or replaced.';

/**
 * Checks a code. The attempt is counted in the same statement that checks the limit, before the comparison, so
 * parallel guesses get no more than `maxCodeAttempts` comparisons between them.
 */
export async function checkPhoneCode(db: Db, input: { cartId: number; phone: string; code: string }): Promise<ValidateAnswer> {
  const code = input.code.trim();
  if (code.length !== codeLength) return { valid: false, msg: '' };
  const phone = input.phone.trim();
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.cartId, input.cartId), eq(verificationCodes.phone, phone), isNull(verificationCodes.useDate)))
    .orderBy(desc(verificationCodes.verificationCodeId))
    .limit(1);
  if (!row) return { valid: false, msg: replacedMessage };
  const time = now();
  const [counted] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.verificationCodeId, row.verificationCodeId),
        isNull(verificationCodes.useDate),
        gt(verificationCodes.expireDate, time),
        lt(verificationCodes.attempts, maxCodeAttempts),
      ),
    )
    .returning({ id: verificationCodes.verificationCodeId });
  if (!counted) {
    const [current] = await db.select().from(verificationCodes).where(eq(verificationCodes.verificationCodeId, row.verificationCodeId));
    if (current.useDate) return { valid: false, msg: replacedMessage };
    if (current.expireDate <= time) return { valid: false, msg: 'This code has expired. Request a new code.' };
    return { valid: false, msg: 'Too many wrong codes. Request a new code.' };
  }
  if (!sameHash(row.codeHash, codeHash(input.cartId, phone, code))) {
    return { valid: false, msg: 'That code is not right. Check the text message and try again.' };
  }
  // Single use: only the request that marks the code used wins.
  const used = await db
    .update(verificationCodes)
    .set({ useDate: time })
    .where(and(eq(verificationCodes.verificationCodeId, row.verificationCodeId), isNull(verificationCodes.useDate)))
    .returning({ id: verificationCodes.verificationCodeId });
  if (used.length === 0) return { valid: false, msg: replacedMessage };
  await db.update(carts).set({ verified: true, verifiedPhone: phone }).where(eq(carts.cartId, input.cartId));
  return { valid: true, msg: 'Phone verified' };
}

/** The part of the new-account email check that looks at the text alone (valid: well-formed). */
export function checkEmailFormat(raw: string): ValidateAnswer {
  const email = raw.trim().toLowerCase();
  if (!email) return { valid: false, msg: 'Please enter a email' };
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email) || email.length > 254) return { valid: false, msg: 'Please enter a valid email' };
  return { valid: true, msg: '' };
}

/** New-account email check while typing: '/login?as=...' as the message means the account exists. */
export async function checkNewEmail(db: Db, raw: string): Promise<ValidateAnswer> {
  const format = checkEmailFormat(raw);
  if (!format.valid) return format;
  const email = raw.trim().toLowerCase();
  const [existing] = await db.select({ userId: users.userId }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  if (existing) return { valid: false, msg: `/login?as=${encodeURIComponent(email)}&redirect=${encodeURIComponent('/cart')}` };
  return { valid: true, msg: '' };
}

export const minPasswordLength = 8;

export function checkNewPassword(raw: string): ValidateAnswer {
  const password = raw.trim();
  if (!password) return { valid: false, msg: 'Please enter a password' };
  if (password.length < minPasswordLength) return { valid: false, msg: `Password must be at least ${minPasswordLength} characters` };
  if (password.length > 200) return { valid: false, msg: 'Password is too long' };
  return { valid: true, msg: '' };
}
