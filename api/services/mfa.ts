/** Second factors: TOTP (RFC 6238, ±1 step) and one-time codes sent by SMS or email; expiring and single-use. */
import { randomInt } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../db/client.ts';
import { mfaChallenges, mfas } from '../db/schema/index.ts';
import { AppError } from '../http/app-error.ts';
import type { Providers } from '../providers/index.ts';
import { hashToken, sameHash } from './tokens.ts';

export type MfaRow = typeof mfas.$inferSelect;
export type MfaType = MfaRow['type'];

export const codeLifetimeMs = 10 * 60 * 1000;
export const maxCodeAttempts = 5;
const totpPeriod = 30;

/** What a client may see of a method: never its secret, phone or address in full. */
export function mfaView(m: MfaRow) {
  return { mfaId: m.mfaId, type: m.type, status: m.status, description: describeMfa(m), createDate: m.createDate };
}

export function describeMfa(m: Pick<MfaRow, 'type' | 'data'>): string {
  if (m.type === 'totp') return 'Authenticator app';
  if (m.type === 'sms') return `Text message to ••• ${m.data.replace(/\D/g, '').slice(-4)}`;
  const [local, host] = m.data.split('@');
  return `Email to ${local.slice(0, 1)}•••@${host ?? ''}`;
}

export async function activeMfas(db: Db, accountId: number): Promise<MfaRow[]> {
  return db
    .select()
    .from(mfas)
    .where(and(eq(mfas.accountId, accountId), eq(mfas.status, 'active')))
    .orderBy(mfas.mfaId);
}

export function totpFor(secret: string, label = 'Dotspot'): TOTP {
  return new TOTP({ issuer: 'Dotspot', label, algorithm: 'SHA1', digits: 6, period: totpPeriod, secret: Secret.fromBase32(secret) });
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Starts a challenge for the chosen method within a pending sign-in session. SMS and email methods get a fresh
 * code sent through the provider; TOTP challenges only count attempts.
 */
export async function startChallenge(db: Db, providers: Providers, method: MfaRow, sessionId: number, brandName = 'Dotspot') {
  const code = method.type === 'totp' ? null : newCode();
  const [row] = await db
    .insert(mfaChallenges)
    .values({
      mfaId: method.mfaId,
      sessionId,
      codeHash: code ? hashToken(`${method.mfaId}:${code}`) : 'totp',
      expireDate: new Date(Date.now() + codeLifetimeMs),
    })
    .returning();
  if (code && method.type === 'sms') {
    await providers.sms.send({ to: method.data, body: `Your ${brandName} security code is ${code}. It expires in 10 minutes.` });
  } else if (code && method.type === 'email') {
    await providers.mail.send({
      to: method.data,
      subject: `Your ${brandName} security code`,
      text: `Your ${brandName} security code is ${code}.\n\nIt expires in 10 minutes. If you did not try to sign in, change your password.`,
    });
  }
  return row;
}

/** Checks a code against a challenge; throws a 400 when wrong, expired, spent or tried too often. */
export async function verifyChallenge(db: Db, input: { mfaChallengeId: number; mfaId: number; sessionId: number; code: string }): Promise<void> {
  const [row] = await db
    .select({ challenge: mfaChallenges, method: mfas })
    .from(mfaChallenges)
    .innerJoin(mfas, eq(mfas.mfaId, mfaChallenges.mfaId))
    .where(eq(mfaChallenges.mfaChallengeId, input.mfaChallengeId))
    .limit(1);
  const invalid = new AppError(400, 'That code is not valid. Check it and try again, or choose another security method.');
  if (!row || row.challenge.sessionId !== input.sessionId || row.challenge.mfaId !== input.mfaId || row.method.status !== 'active') {
    throw invalid;
  }
  const { challenge, method } = row;
  if (challenge.useDate) throw new AppError(400, 'This code was already used. Please request a new one.');
  if (challenge.expireDate < new Date()) throw new AppError(400, 'This code has expired. Please request a new one.');
  if (challenge.attempts >= maxCodeAttempts) throw new AppError(400, 'Too many wrong codes. Please choose a security method again.');
  await db
    .update(mfaChallenges)
    .set({ attempts: challenge.attempts + 1 })
    .where(eq(mfaChallenges.mfaChallengeId, challenge.mfaChallengeId));
  if (!/^\d{6}$/.test(input.code)) throw invalid;

  if (method.type === 'totp') {
    const totp = totpFor(method.data);
    const delta = totp.validate({ token: input.code, window: 1 });
    if (delta === null) throw invalid;
    // A TOTP code is single-use: remember the time step it belongs to and refuse it a second time.
    const step = `totp:${Math.floor(Date.now() / 1000 / totpPeriod) + delta}`;
    const [spent] = await db
      .select({ id: mfaChallenges.mfaChallengeId })
      .from(mfaChallenges)
      .where(and(eq(mfaChallenges.mfaId, method.mfaId), eq(mfaChallenges.codeHash, step), isNotNull(mfaChallenges.useDate)))
      .limit(1);
    if (spent) throw new AppError(400, 'This code was already used. Wait for the next code from your app.');
    await db
      .update(mfaChallenges)
      .set({ useDate: new Date(), codeHash: step })
      .where(eq(mfaChallenges.mfaChallengeId, challenge.mfaChallengeId));
    return;
  }
  if (!sameHash(challenge.codeHash, hashToken(`${method.mfaId}:${input.code}`))) throw invalid;
  await db.update(mfaChallenges).set({ useDate: new Date() }).where(eq(mfaChallenges.mfaChallengeId, challenge.mfaChallengeId));
}
