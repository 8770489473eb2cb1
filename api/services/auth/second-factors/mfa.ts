/** Second factors: TOTP (RFC 6238, ±1 step) and one-time codes sent by SMS or email; expiring and single-use. */
import { randomInt } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { addMinutes } from 'date-fns/addMinutes';
import { now } from '../../../clock.ts';
import type { ListQuery, ListResult } from '../../../contract/list.ts';
import type { MfaMethod } from '../../../contract/auth/mfa.ts';
import type { Db } from '../../../db/client.ts';
import { type MfaRow, mfaChallenges, mfas, totpSpentSteps } from '../../../db/schema/index.ts';
import { AppError } from '../../../errors.ts';
import type { Providers } from '../../../providers/index.ts';
import { hashToken, sameHash } from '../../kernel/tokens.ts';

export type MfaType = MfaRow['type'];

export const codeLifetimeMinutes = 10;
export const maxCodeAttempts = 5;
const totpPeriod = 30;

/** What a client may see of a method: never its secret, phone or address in full. */
export function mfaView(m: MfaRow): MfaMethod {
  return { mfaId: m.mfaId, type: m.type, status: m.status, description: describeMfa(m), createDate: m.createDate.toISOString() };
}

const mfaStatuses = ['pending', 'active', 'deleted'] as const;
type MfaStatus = (typeof mfaStatuses)[number];

/** GET /api/mfas: the account's methods, filtered by status only. */
export async function listMfas(db: Db, accountId: number, query: ListQuery): Promise<ListResult<ReturnType<typeof mfaView>>> {
  const { status = [], ...others } = query.filters;
  if (Object.keys(others).length) throw new AppError(400, `Cannot filter by ${Object.keys(others).join(', ')}`);
  const bad = status.filter((s) => !mfaStatuses.includes(s as MfaStatus));
  if (bad.length) throw new AppError(400, `status must be one of ${mfaStatuses.join(', ')}`);
  const rows = await db
    .select()
    .from(mfas)
    .where(and(eq(mfas.accountId, accountId), status.length ? inArray(mfas.status, status as MfaStatus[]) : undefined))
    .orderBy(asc(mfas.mfaId));
  const data = rows.map(mfaView);
  return { total: data.length, limit: query.limit, skip: query.skip, data: data.slice(query.skip, query.skip + query.limit) };
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

/** Why a code is sent: the message says so, and what to do if it was not the reader. */
export type ChallengePurpose = 'sign-in' | 'add' | 'confirm';
const ifNotYou: Record<ChallengePurpose, string> = {
  'sign-in': 'If you did not try to sign in, change your password.',
  add: 'It confirms this address as a way to verify your sign-ins. If you did not ask for it, change your password.',
  confirm: 'If you did not ask for it, change your password.',
};

/**
 * Starts a challenge for the chosen method within a session (a pending sign-in, or a signed-in one adding the method
 * or confirming it's them). SMS and email methods get a fresh code sent through the provider; TOTP challenges only
 * count attempts.
 */
export async function startChallenge(
  db: Db,
  providers: Providers,
  method: MfaRow,
  sessionId: number,
  brandName = 'Dotspot',
  purpose: ChallengePurpose = 'sign-in',
) {
  const code = method.type === 'totp' ? null : newCode();
  const [row] = await db
    .insert(mfaChallenges)
    .values({
      mfaId: method.mfaId,
      sessionId,
      codeHash: code ? hashToken(`${method.mfaId}:${code}`) : 'totp',
      expireDate: addMinutes(now(), codeLifetimeMinutes),
    })
    .returning();
  if (code && method.type === 'sms') {
    await providers.sms.send({ to: method.data, body: `Your ${brandName} security code is ${code}. It expires in 10 minutes.` });
  } else if (code && method.type === 'email') {
    await providers.mail.send({
      to: method.data,
      subject: `Your ${brandName} security code`,
      text: `Your ${brandName} security code is ${code}.\n\nIt expires in 10 minutes. ${ifNotYou[purpose]}`,
    });
  }
  return row;
}

/** A code that was compared and did not match: the one refusal that counts against the account's code limit. */
export class WrongCode extends AppError {
  constructor() {
    super(400, 'That code is not valid. Check it and try again, or choose another security method.');
  }
}

/**
 * Checks a code against a challenge; throws a 400 when wrong, expired, spent or tried too often. The attempt is
 * counted in the same statement that checks the limit, before any comparison, so parallel guesses on one
 * challenge get no more than `maxCodeAttempts` comparisons between them.
 */
export async function verifyChallenge(
  db: Db,
  input: { mfaChallengeId: number; mfaId: number; sessionId: number; code: string },
  /** 'pending' while the method is being added (its first code proves it works). */
  methodStatus: 'active' | 'pending' = 'active',
  tooManyMessage = 'Too many wrong codes. Please choose a security method again.',
): Promise<void> {
  const [row] = await db
    .select({ challenge: mfaChallenges, method: mfas })
    .from(mfaChallenges)
    .innerJoin(mfas, eq(mfas.mfaId, mfaChallenges.mfaId))
    .where(eq(mfaChallenges.mfaChallengeId, input.mfaChallengeId))
    .limit(1);
  if (!row || row.challenge.sessionId !== input.sessionId || row.challenge.mfaId !== input.mfaId || row.method.status !== methodStatus) {
    throw new AppError(400, 'That code is not valid. Check it and try again, or choose another security method.');
  }
  const { method } = row;
  const time = now();
  const [counted] = await db
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(
      and(
        eq(mfaChallenges.mfaChallengeId, input.mfaChallengeId),
        isNull(mfaChallenges.useDate),
        gt(mfaChallenges.expireDate, time),
        lt(mfaChallenges.attempts, maxCodeAttempts),
      ),
    )
    .returning({ mfaChallengeId: mfaChallenges.mfaChallengeId });
  if (!counted) {
    const [current] = await db.select().from(mfaChallenges).where(eq(mfaChallenges.mfaChallengeId, input.mfaChallengeId));
    if (current.useDate) throw new AppError(400, 'This code was already used. Please request a new one.');
    if (current.expireDate <= time) throw new AppError(400, 'This code has expired. Please request a new one.');
    throw new AppError(400, tooManyMessage);
  }
  if (!/^\d{6}$/.test(input.code)) throw new WrongCode();

  if (method.type === 'totp') {
    const delta = totpFor(method.data).validate({ token: input.code, window: 1, timestamp: time.getTime() });
    if (delta === null) throw new WrongCode();
    // A TOTP code is single-use: the insert of its time step is the one place two requests with it can meet.
    const step = Math.floor(time.getTime() / 1000 / totpPeriod) + delta;
    const spent = await db.insert(totpSpentSteps).values({ mfaId: method.mfaId, step, createDate: time }).onConflictDoNothing().returning();
    if (spent.length === 0) throw new AppError(400, 'This code was already used. Wait for the next code from your app.');
    // Steps older than the validation window can never be offered again: keep only the few that still matter.
    await db.delete(totpSpentSteps).where(and(eq(totpSpentSteps.mfaId, method.mfaId), lt(totpSpentSteps.step, step - 2)));
    await db.update(mfaChallenges).set({ useDate: time }).where(eq(mfaChallenges.mfaChallengeId, input.mfaChallengeId));
    return;
  }
  if (!sameHash(row.challenge.codeHash, hashToken(`${method.mfaId}:${input.code}`))) throw new WrongCode();
  const used = await db
    .update(mfaChallenges)
    .set({ useDate: time })
    .where(and(eq(mfaChallenges.mfaChallengeId, input.mfaChallengeId), isNull(mfaChallenges.useDate)))
    .returning({ mfaChallengeId: mfaChallenges.mfaChallengeId });
  if (used.length === 0) throw new AppError(400, 'This code was already used. Please request a new one.');
}
