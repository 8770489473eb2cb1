/**
 * Staff passkeys (WebAuthn through @simplewebauthn/server, as the customers'): added at enrolment or later, and used
 * as the second factor after the password. Every ceremony signs a challenge issued to this staff session for this
 * purpose, spent by the update that accepts the answer, so a replayed or foreign answer is refused.
 */
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
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { addMinutes } from 'date-fns/addMinutes';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { staffPasskeys, type StaffWebauthnChallengeRow, staffWebauthnChallenges } from '../../db/schema/index.ts';
import type { Deps, StaffAuth } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { countFailure, enforce, enforceWithoutHit, type Limit } from '../platform/rate-limit.ts';
import { notifyFactorChange } from './staff-factor-notice.ts';
import { requireCurrentFactor, type TotpReplaceProof } from './staff-totp-setup.ts';
import { findStaff, requireEnrolmentOpen } from './staff-members.ts';
import { revokeStaffSession, type StaffClient } from './staff-sessions.ts';
import { actorOf, openStaffSession, type StaffSignInResult } from './staff-sign-in.ts';

type Purpose = StaffWebauthnChallengeRow['purpose'];
const challengeMinutes = 5;
const window15m = 15 * 60;
const optionsLimit = (ip: string): Limit => ({ key: `staff-passkey-options:ip:${ip}`, max: 100, windowSeconds: window15m });
const failureLimit = (ip: string): Limit => ({ key: `staff-passkey:ip:${ip}`, max: 30, windowSeconds: window15m });
const refused = 'Your passkey could not be verified. Please try again.';

function relyingParty(deps: Pick<Deps, 'config'>) {
  const origin = deps.config.publicOrigin;
  return { origin, rpID: new URL(origin).hostname };
}

function requireState(auth: StaffAuth | null, states: StaffAuth['state'][]): StaffAuth {
  if (!auth || !states.includes(auth.state)) throw new AppError(401, 'Please sign in to continue');
  return auth;
}

function challengeIn(response: { response: { clientDataJSON: string } }): string {
  try {
    const clientData = JSON.parse(isoBase64URL.toUTF8String(response.response.clientDataJSON)) as { challenge?: unknown };
    if (typeof clientData.challenge === 'string' && clientData.challenge) return clientData.challenge;
  } catch {}
  throw new AppError(400, 'This passkey answer is not valid.');
}

async function spendChallenge(deps: Pick<Deps, 'db'>, challenge: string, purpose: Purpose, staffSessionId: number): Promise<string> {
  const time = now();
  const [spent] = await deps.db
    .update(staffWebauthnChallenges)
    .set({ useDate: time })
    .where(
      and(
        eq(staffWebauthnChallenges.challenge, challenge),
        eq(staffWebauthnChallenges.purpose, purpose),
        eq(staffWebauthnChallenges.staffSessionId, staffSessionId),
        isNull(staffWebauthnChallenges.useDate),
        gt(staffWebauthnChallenges.expireDate, time),
      ),
    )
    .returning();
  if (!spent) throw new AppError(400, 'This passkey request has expired or was already used. Please try again.');
  return spent.challenge;
}

/** Options for navigator.credentials.create: enrolment (state `enrol`) or one more passkey (`active`). */
export async function staffPasskeyRegistrationOptions(
  deps: Pick<Deps, 'db' | 'config'>,
  auth: StaffAuth | null,
  client: StaffClient,
  brandName: string,
  proof: TotpReplaceProof = {},
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const holder = requireState(auth, ['enrol', 'active']);
  if (holder.state === 'enrol') await requireEnrolmentOpen(deps.db, holder.staffId);
  await enforce(deps.db, [optionsLimit(client.ip)], 'Too many passkey requests.');
  const staff = await findStaff(deps.db, holder.staffId);
  const existing = await deps.db.select().from(staffPasskeys).where(eq(staffPasskeys.staffId, staff.staffId));
  // A passkey added by a signed-in session is proved like replacing the app (the current factor, or the password and an
  // emailed code), also for a member who has no factor left: a session alone never adds one, and one without any
  // factor finishes only within its enrolment link's hours. The challenge it gets is this session's and single-use,
  // so the registration that follows needs nothing more.
  if (holder.state === 'active') {
    if (staff.totpSecret === null && existing.length === 0) await requireEnrolmentOpen(deps.db, staff.staffId);
    await requireCurrentFactor(deps, staff, proof, client, brandName, 'add a passkey');
  }
  const options = await generateRegistrationOptions({
    rpName: `${brandName} back office`,
    rpID: relyingParty(deps).rpID,
    userName: staff.email,
    userDisplayName: staff.name,
    // A handle of its own namespace: a staff member who is also a customer keeps the two passkeys apart.
    userID: isoUint8Array.fromUTF8String(`staff:${staff.staffId}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: challengeMinutes * 60_000,
  });
  await deps.db
    .insert(staffWebauthnChallenges)
    .values({ challenge: options.challenge, purpose: 'register', staffSessionId: holder.staffSessionId, expireDate: addMinutes(now(), challengeMinutes) });
  return options;
}

/** Registers the passkey; an enrolling session is replaced by an active one (returned), an active one stays (null). */
export async function registerStaffPasskey(
  deps: Pick<Deps, 'db' | 'config' | 'jobs'>,
  auth: StaffAuth | null,
  input: { response: RegistrationResponseJSON; name?: string },
  client: StaffClient,
  brandName: string,
): Promise<StaffSignInResult | null> {
  const holder = requireState(auth, ['enrol', 'active']);
  if (holder.state === 'enrol') await requireEnrolmentOpen(deps.db, holder.staffId);
  await enforceWithoutHit(deps.db, [failureLimit(client.ip)], 'Too many passkey attempts.');
  const challenge = await spendChallenge(deps, challengeIn(input.response), 'register', holder.staffSessionId);
  const { origin, rpID } = relyingParty(deps);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
    if (!verification.verified) throw new Error('not verified');
  } catch (error) {
    await countFailure(deps.db, [failureLimit(client.ip)]);
    throw new AppError(400, `Your passkey could not be registered: ${(error as Error).message}`);
  }
  const info = verification.registrationInfo;
  const staff = await findStaff(deps.db, holder.staffId);
  const [row] = await deps.db
    .insert(staffPasskeys)
    .values({
      staffId: staff.staffId,
      credentialId: info.credential.id,
      publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name: input.name ?? 'Passkey',
      createDate: now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError(409, 'This passkey is already registered.');
  await recordAudit(deps.db, actorOf(staff, client.ip), {
    action: 'staff.add-factor',
    targetType: 'staff',
    targetId: staff.staffId,
    targetLabel: staff.email,
    after: { factor: 'passkey', name: row.name },
  });
  await notifyFactorChange(deps, staff, { kind: 'passkey-added', name: row.name }, client.ip, brandName);
  if (holder.state !== 'enrol') return null;
  await revokeStaffSession(deps.db, holder.staffSessionId);
  return openStaffSession(deps, staff, 'active', client);
}

/** Options for navigator.credentials.get as the second factor of a pending (`mfa`) session. */
export async function staffPasskeyAuthenticationOptions(
  deps: Pick<Deps, 'db' | 'config'>,
  auth: StaffAuth | null,
  client: StaffClient,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const holder = requireState(auth, ['mfa']);
  await enforce(deps.db, [optionsLimit(client.ip)], 'Too many passkey requests.');
  const held = await deps.db.select().from(staffPasskeys).where(eq(staffPasskeys.staffId, holder.staffId));
  if (held.length === 0) throw new AppError(400, 'You have no passkey set up. Use your authenticator app.');
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps).rpID,
    allowCredentials: held.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
    userVerification: 'preferred',
    timeout: challengeMinutes * 60_000,
  });
  await deps.db
    .insert(staffWebauthnChallenges)
    .values({ challenge: options.challenge, purpose: 'second-factor', staffSessionId: holder.staffSessionId, expireDate: addMinutes(now(), challengeMinutes) });
  return options;
}

/** The passkey answer of a pending session: the session is replaced by an active one. */
export async function verifyStaffPasskey(
  deps: Pick<Deps, 'db' | 'config'>,
  auth: StaffAuth | null,
  response: AuthenticationResponseJSON,
  client: StaffClient,
): Promise<StaffSignInResult> {
  const holder = requireState(auth, ['mfa']);
  await enforceWithoutHit(deps.db, [failureLimit(client.ip)], 'Too many passkey attempts.');
  const fail = async (message = refused) => {
    await countFailure(deps.db, [failureLimit(client.ip)]);
    return new AppError(400, message);
  };
  const challenge = await spendChallenge(deps, challengeIn(response), 'second-factor', holder.staffSessionId).catch(async (error) => {
    await countFailure(deps.db, [failureLimit(client.ip)]);
    throw error;
  });
  const [passkey] = await deps.db.select().from(staffPasskeys).where(eq(staffPasskeys.credentialId, response.id));
  if (!passkey || passkey.staffId !== holder.staffId) throw await fail('This passkey is not registered to you. Use another passkey or your authenticator app.');
  const { origin, rpID } = relyingParty(deps);
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as never,
      },
      requireUserVerification: false,
    });
    if (!verified) throw new Error('not verified');
    const moved = await deps.db
      .update(staffPasskeys)
      .set({ counter: authenticationInfo.newCounter, lastUsedDate: now() })
      .where(and(eq(staffPasskeys.staffPasskeyId, passkey.staffPasskeyId), eq(staffPasskeys.counter, passkey.counter)))
      .returning();
    if (moved.length === 0) throw new Error('counter moved');
  } catch {
    throw await fail();
  }
  await revokeStaffSession(deps.db, holder.staffSessionId);
  return openStaffSession(deps, await findStaff(deps.db, holder.staffId), 'active', client);
}
