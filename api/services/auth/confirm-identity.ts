/**
 * "Confirm it's you" (POST /api/session/confirm): a signed-in holder proves who they are again with the password, a
 * second-factor code or a passkey (passkeys.ts), and the session counts as recently authenticated (recent-auth.ts).
 * Limited as sign-in is: wrong passwords per user and address, codes sent and codes tried per user and address.
 */
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { and, eq } from 'drizzle-orm';
import type { SecondFactorProof } from '../../contract/api-tokens/api-token-create.ts';
import type { ConfirmChallenge, ConfirmChoices } from '../../contract/auth/mfa.ts';
import { mfas } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { challengeStartLimits, type Client, codeLimits } from './sign-in.ts';
import { activeMfas, describeMfa, startChallenge, verifyChallenge, WrongCode } from './second-factors/mfa.ts';
import { hasPasskeys } from './second-factors/passkey-credentials.ts';
import { checkConfirmPasskey } from './second-factors/passkeys.ts';
import { enforce, giveBack, reserve } from '../platform/rate-limit.ts';
import { markConfirmed } from './recent-auth.ts';
import { checkCurrentPassword, type Holder } from './second-factors/second-factors.ts';

export async function confirmChoices(deps: Deps, holder: Holder): Promise<ConfirmChoices> {
  const methods = await activeMfas(deps.db, holder.accountId);
  return {
    methods: methods.map((m) => ({ mfaId: m.mfaId, type: m.type, description: describeMfa(m) })),
    passkey: await hasPasskeys(deps.db, holder.userId),
  };
}

export async function confirmWithPassword(deps: Deps, holder: Holder, password: string, client: Client): Promise<void> {
  await checkCurrentPassword(deps.db, holder.userId, password, client);
  await markConfirmed(deps.db, holder.sessionId);
}

/** A code sent by the chosen method (or an authenticator challenge opened) to confirm with. */
export async function startConfirmCode(deps: Deps, holder: Holder, mfaId: number, client: Client, brandName = 'Dotspot'): Promise<ConfirmChallenge> {
  const [method] = await deps.db
    .select()
    .from(mfas)
    .where(and(eq(mfas.mfaId, mfaId), eq(mfas.accountId, holder.accountId), eq(mfas.status, 'active')));
  if (!method) throw new AppError(400, 'Choose one of your security methods.');
  await enforce(
    deps.db,
    challengeStartLimits(method.type, holder.userId, client.ip),
    method.type === 'totp' ? 'Too many attempts.' : 'Too many codes requested.',
  );
  const challenge = await startChallenge(deps.db, deps.providers, method, holder.sessionId, brandName, 'confirm');
  return { mfaId: method.mfaId, mfaType: method.type, mfaDescription: describeMfa(method), mfaChallengeId: challenge.mfaChallengeId };
}

export async function confirmWithCode(
  deps: Deps,
  holder: Holder,
  input: { mfaId: number; mfaChallengeId: number; mfaToken: string },
  client: Client,
): Promise<void> {
  await checkCode(deps, holder, input, client);
  await markConfirmed(deps.db, holder.sessionId);
}

/**
 * A second factor given with the action it authorizes (creating an API token): a code from a challenge opened by
 * startConfirmCode, or a passkey assertion for "confirm". It is spent here, limited as confirming is, and does not
 * mark the session confirmed: an earlier confirmation never stands in for it, and it stands in for nothing else.
 */
export async function checkSecondFactor(deps: Deps, holder: Holder, proof: SecondFactorProof, client: Client): Promise<void> {
  if ('passkey' in proof) return checkConfirmPasskey(deps, holder, proof.passkey as unknown as AuthenticationResponseJSON, client);
  await checkCode(deps, holder, proof, client);
}

async function checkCode(deps: Deps, holder: Holder, input: { mfaId: number; mfaChallengeId: number; mfaToken: string }, client: Client): Promise<void> {
  const limits = codeLimits(holder.userId, client.ip);
  await reserve(deps.db, limits, 'Too many code attempts.');
  try {
    await verifyChallenge(
      deps.db,
      { ...input, code: input.mfaToken, sessionId: holder.sessionId },
      'active',
      'Too many wrong codes. Choose a way to confirm again.',
    );
  } catch (error) {
    if (!(error instanceof WrongCode)) await giveBack(deps.db, limits);
    throw error;
  }
  await giveBack(deps.db, limits);
}
