/**
 * Passkeys (WebAuthn through @simplewebauthn/server): registering one from Account Information, signing in with one
 * instead of a password, using one as the second factor after a password, and confirming it's you. The relying party
 * is `config.publicOrigin`. Every ceremony signs a challenge we issued for that purpose (and session), which the
 * accepting update spends: a replayed or foreign answer is refused with a 400.
 */
import { randomBytes } from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { addMinutes } from 'date-fns/addMinutes';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { now } from '../../../clock.ts';
import type { PasskeyView } from '../../../contract/auth/mfa.ts';
import { safeRedirect } from '../../../contract/auth/login.ts';
import { type PasskeyRow, passkeys, sessions, users, type WebauthnChallengeRow, webauthnChallenges } from '../../../db/schema/index.ts';
import type { Auth, Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { activate, type Client, recordSignIn, requirePendingMfa, type SignInResult } from '../sign-in.ts';
import { findPasskeyByCredential, passkeyView, recordPasskeyUse, userPasskeys } from './passkey-credentials.ts';
import { countFailure, enforce, enforceWithoutHit, type Limit } from '../../platform/rate-limit.ts';
import { markConfirmed, requireRecentAuth } from '../recent-auth.ts';
import { issueFirstRecoveryCodes } from '../recovery-codes.ts';
import { clearEnrolmentRequirement, type Holder, queueSecurityNotice, removeSecondFactor } from './second-factors.ts';
import { revokeUserApiTokens, revokedTokensSentence } from '../api-tokens/api-tokens.ts';
import { revokeSession } from '../sessions.ts';
import { assertSignInAllowed } from '../sign-in-guard.ts';

type Purpose = WebauthnChallengeRow['purpose'];

/** How long the browser has to answer: WebAuthn's own default timeout is a minute; people need more with a security key. */
const challengeLifetimeMinutes = 5;
const window15m = 15 * 60;
const optionsLimit = (ip: string): Limit => ({ key: `passkey-options:ip:${ip}`, max: 200, windowSeconds: window15m });
/** Refused passkey answers per address, hard: only the caller's own address counts. */
const failureLimit = (ip: string): Limit => ({ key: `passkey:ip:${ip}`, max: 50, windowSeconds: window15m });
const registerLimit = (userId: number): Limit => ({ key: `passkey-register:user:${userId}`, max: 20, windowSeconds: window15m });

export const passkeyAnswerRefused = 'Your passkey could not be verified. Please try again.';

export function relyingParty(deps: Deps) {
  const origin = deps.config.publicOrigin;
  return { origin, rpID: new URL(origin).hostname };
}

async function storeChallenge(
  deps: Deps,
  row: { challenge: string; purpose: Purpose; sessionId?: number | null; userId?: number | null; userHandle?: string },
) {
  await deps.db.insert(webauthnChallenges).values({ ...row, expireDate: addMinutes(now(), challengeLifetimeMinutes) });
}

/** The challenge the browser signed, read from its clientDataJSON (the library checks the rest against it). */
function challengeIn(response: { response: { clientDataJSON: string } }): string {
  try {
    const clientData = JSON.parse(isoBase64URL.toUTF8String(response.response.clientDataJSON)) as { challenge?: unknown };
    if (typeof clientData.challenge === 'string' && clientData.challenge) return clientData.challenge;
  } catch {}
  throw new AppError(400, 'This passkey answer is not valid.');
}

/** Spends the challenge an answer signed, if we issued it for this purpose and session and it is unspent and fresh. */
async function spendChallenge(deps: Deps, challenge: string, purpose: Purpose, sessionId: number | null) {
  const time = now();
  const [spent] = await deps.db
    .update(webauthnChallenges)
    .set({ useDate: time })
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        sessionId === null ? isNull(webauthnChallenges.sessionId) : eq(webauthnChallenges.sessionId, sessionId),
        isNull(webauthnChallenges.useDate),
        gt(webauthnChallenges.expireDate, time),
      ),
    )
    .returning();
  if (spent) return spent;
  const [known] = await deps.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.challenge, challenge));
  if (known?.useDate) throw new AppError(400, 'This passkey request was already used. Please try again.');
  if (known && known.expireDate <= time && known.purpose === purpose) throw new AppError(400, 'This passkey request has expired. Please try again.');
  throw new AppError(400, 'This passkey request is not one we started. Please try again.');
}

// ---- Registration (Account Information) ----

export async function passkeyRegistrationOptions(deps: Deps, holder: Holder, brandName = 'Dotspot'): Promise<PublicKeyCredentialCreationOptionsJSON> {
  await requireRecentAuth(deps.db, holder.sessionId);
  await enforce(deps.db, [registerLimit(holder.userId)], 'Too many passkey requests.');
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.userId, holder.userId));
  const existing = await userPasskeys(deps.db, holder.userId);
  const userHandle = existing[0]?.userHandle ?? randomBytes(32).toString('base64url');
  const { rpID } = relyingParty(deps);
  const options = await generateRegistrationOptions({
    rpName: brandName,
    rpID,
    userName: user.email,
    userDisplayName: user.email,
    userID: isoBase64URL.toBuffer(userHandle),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    // A discoverable credential is what lets "Sign in with a passkey" work without typing an email.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    timeout: challengeLifetimeMinutes * 60_000,
  });
  await storeChallenge(deps, { challenge: options.challenge, purpose: 'register', sessionId: holder.sessionId, userId: holder.userId, userHandle });
  return options;
}

export async function registerPasskey(
  deps: Deps,
  holder: Holder,
  input: { name: string; response: RegistrationResponseJSON },
  client: Client,
  brandName = 'Dotspot',
): Promise<PasskeyView> {
  await enforceWithoutHit(deps.db, [failureLimit(client.ip)], 'Too many passkey attempts.');
  const challenge = await spendChallenge(deps, challengeIn(input.response), 'register', holder.sessionId);
  const { origin, rpID } = relyingParty(deps);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch (error) {
    await countFailure(deps.db, [failureLimit(client.ip)]);
    throw new AppError(400, `Your passkey could not be registered: ${(error as Error).message}`);
  }
  if (!verification.verified) {
    await countFailure(deps.db, [failureLimit(client.ip)]);
    throw new AppError(400, 'Your passkey could not be registered. Please try again.');
  }
  const info = verification.registrationInfo;
  const [row] = await deps.db
    .insert(passkeys)
    .values({
      accountId: holder.accountId,
      userId: holder.userId,
      credentialId: info.credential.id,
      publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      userHandle: challenge.userHandle ?? randomBytes(32).toString('base64url'),
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name: input.name,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError(409, 'This passkey is already registered.');
  await clearEnrolmentRequirement(deps.db, holder.accountId);
  await queueSecurityNotice(
    deps,
    holder.userId,
    { subject: 'Passkey added', what: `A passkey named “${row.name}” can now sign in to your account.` },
    brandName,
  );
  const recoveryCodes = await issueFirstRecoveryCodes(deps.db, holder.userId);
  return { ...passkeyView(row), ...(recoveryCodes ? { $recoveryCodes: recoveryCodes } : {}) };
}

export async function listPasskeys(deps: Deps, holder: Holder): Promise<PasskeyView[]> {
  return (await userPasskeys(deps.db, holder.userId)).map(passkeyView);
}

async function ownPasskey(deps: Deps, holder: Holder, passkeyId: number): Promise<PasskeyRow> {
  const [row] = await deps.db.select().from(passkeys).where(eq(passkeys.passkeyId, passkeyId));
  if (!row) throw new AppError(404, 'No such passkey');
  if (row.userId !== holder.userId) throw new AppError(403, 'You do not have access to this');
  return row;
}

export async function renamePasskey(deps: Deps, holder: Holder, passkeyId: number, name: string): Promise<PasskeyView> {
  await ownPasskey(deps, holder, passkeyId);
  const [row] = await deps.db.update(passkeys).set({ name }).where(eq(passkeys.passkeyId, passkeyId)).returning();
  return passkeyView(row);
}

/** Removing a passkey: recent auth, the current password when it is the last second factor, and the account told. */
export async function deletePasskey(
  deps: Deps,
  holder: Holder,
  passkeyId: number,
  password: string | undefined,
  client: Client,
  brandName = 'Dotspot',
): Promise<void> {
  const row = await ownPasskey(deps, holder, passkeyId);
  await requireRecentAuth(deps.db, holder.sessionId);
  let tokens = 0;
  await removeSecondFactor(deps, holder, password, client, async (tx) => {
    await tx.delete(passkeys).where(eq(passkeys.passkeyId, passkeyId));
    tokens = await revokeUserApiTokens(tx, holder.userId);
  });
  const removed = `The passkey named “${row.name}” can no longer sign in to your account.`;
  await queueSecurityNotice(
    deps,
    holder.userId,
    { subject: 'Passkey removed', what: tokens > 0 ? `${removed} ${revokedTokensSentence(tokens)}` : removed, client },
    brandName,
  );
}

// ---- Authentication: sign in, second factor, confirm ----

/**
 * Options for `navigator.credentials.get`. A pending sign-in (password done) gets its user's passkeys as the second
 * factor; `confirm` a signed-in holder's; anyone else a discoverable sign-in, which must verify the user (the passkey
 * then stands for both factors).
 */
export async function passkeyAuthenticationOptions(
  deps: Deps,
  auth: Auth | null,
  purpose: 'sign-in' | 'confirm',
  client: Client,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  await enforce(deps.db, [optionsLimit(client.ip)], 'Too many passkey requests.');
  const { rpID } = relyingParty(deps);
  const timeout = challengeLifetimeMinutes * 60_000;
  if (auth?.state === 'mfa' || purpose === 'confirm') {
    if (purpose === 'confirm' && (auth?.state !== 'active' || auth.userId == null)) {
      throw new AppError(401, 'Please log in to continue', undefined, '/login');
    }
    const holder = auth as Auth & { userId: number };
    const held = await userPasskeys(deps.db, holder.userId);
    if (held.length === 0) throw new AppError(400, 'Your account has no passkey yet.');
    const options = await generateAuthenticationOptions({
      rpID,
      allowCredentials: held.map((p) => ({ id: p.credentialId, transports: p.transports })),
      userVerification: 'preferred',
      timeout,
    });
    await storeChallenge(deps, {
      challenge: options.challenge,
      purpose: auth?.state === 'mfa' ? 'second-factor' : 'confirm',
      sessionId: holder.sessionId,
      userId: holder.userId,
    });
    return options;
  }
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'required', timeout });
  await storeChallenge(deps, { challenge: options.challenge, purpose: 'sign-in' });
  return options;
}

/** Checks an assertion against a spent challenge and the stored credential, then moves its counter. */
async function verifyAssertion(
  deps: Deps,
  response: AuthenticationResponseJSON,
  expect: { purpose: Purpose; sessionId: number | null; userId?: number },
  client: Client,
): Promise<PasskeyRow> {
  await enforceWithoutHit(deps.db, [failureLimit(client.ip)], 'Too many passkey attempts.');
  const refuse = async (message = passkeyAnswerRefused) => {
    await countFailure(deps.db, [failureLimit(client.ip)]);
    return new AppError(400, message);
  };
  const challenge = await spendChallenge(deps, challengeIn(response), expect.purpose, expect.sessionId).catch(async (error) => {
    await countFailure(deps.db, [failureLimit(client.ip)]);
    throw error;
  });
  const passkey = await findPasskeyByCredential(deps.db, response.id);
  if (!passkey || (expect.userId !== undefined && passkey.userId !== expect.userId)) {
    throw await refuse('This passkey is not registered to your account here. Use another passkey or your password.');
  }
  const { origin, rpID } = relyingParty(deps);
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: { id: passkey.credentialId, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: passkey.counter, transports: passkey.transports },
      requireUserVerification: expect.purpose === 'sign-in',
    });
    if (!verified) throw new Error('not verified');
    if (!(await recordPasskeyUse(deps.db, passkey, authenticationInfo.newCounter, now()))) throw new Error('counter moved');
  } catch (error) {
    console.warn('Passkey refused:', (error as Error).message);
    throw await refuse();
  }
  return passkey;
}

/** POST /api/session with a passkey: a sign-in on its own, or the second factor of a pending one. */
export async function signInWithPasskey(
  deps: Deps,
  auth: Auth | null,
  response: AuthenticationResponseJSON,
  client: Client,
  postLoginUrl?: string | null,
): Promise<SignInResult> {
  if (auth?.state === 'mfa') {
    const pending = requirePendingMfa(auth);
    const passkey = await verifyAssertion(deps, response, { purpose: 'second-factor', sessionId: pending.sessionId, userId: pending.userId }, client).catch(
      async (error) => {
        await recordSignIn(deps.db, { userId: pending.userId, ip: client.ip, kind: 'passkey-mfa', success: false, reason: (error as Error).message });
        throw error;
      },
    );
    const [user] = await deps.db.select().from(users).where(eq(users.userId, passkey.userId));
    const [row] = await deps.db.select({ postLoginUrl: sessions.postLoginUrl }).from(sessions).where(eq(sessions.sessionId, pending.sessionId));
    await revokeSession(deps.db, pending.sessionId);
    return activate(deps, user, client, safeRedirect(row?.postLoginUrl), 'passkey-mfa');
  }
  const passkey = await verifyAssertion(deps, response, { purpose: 'sign-in', sessionId: null }, client).catch(async (error) => {
    await recordSignIn(deps.db, { ip: client.ip, kind: 'passkey', success: false, reason: (error as Error).message });
    throw error;
  });
  const [user] = await deps.db.select().from(users).where(eq(users.userId, passkey.userId));
  await assertSignInAllowed(deps, user.email);
  return activate(deps, user, client, safeRedirect(postLoginUrl), 'passkey');
}

/** "Confirm it's you" with a passkey. */
export async function confirmWithPasskey(deps: Deps, holder: Holder, response: AuthenticationResponseJSON, client: Client): Promise<void> {
  await checkConfirmPasskey(deps, holder, response, client);
  await markConfirmed(deps.db, holder.sessionId);
}

/** A "confirm" assertion checked and spent without marking the session: for an action that asks for it in the same request. */
export async function checkConfirmPasskey(deps: Deps, holder: Holder, response: AuthenticationResponseJSON, client: Client): Promise<void> {
  await verifyAssertion(deps, response, { purpose: 'confirm', sessionId: holder.sessionId, userId: holder.userId }, client);
}
