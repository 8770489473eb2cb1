/**
 * The login island's calls to POST /api/session and PATCH /api/users/0 (storefront spec §7 Session): each reads the
 * state it needs, makes one call without toasts (the step shows the refusal) and tells the reducer what came back.
 */
import type { Dispatch } from 'react';
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { safeRedirect } from '../../../api/contract/auth/login.ts';
import type { SessionResponse } from '../../../api/contract/auth/login-schemas.ts';
import { sendWithBotCheckIfAsked } from '../../lib/bot-check-retry.ts';
import type { LoginEvent, LoginState } from './login-state.ts';

type Send = Dispatch<LoginEvent>;

/** After a password, code or new password: pick a second factor, or go where the answer (or the query) says. */
function follow(state: LoginState, answer: SessionResponse, send: Send) {
  if (answer.mfas?.length || answer.passkey)
    send({ type: 'askMethod', methods: answer.mfas ?? [], passkey: answer.passkey, recoveryCodes: answer.recoveryCodes });
  else send({ type: 'signedIn', to: safeRedirect(answer.redirect ?? state.redirect) });
}

export async function openRecovery(token: string, send: Send) {
  send({ type: 'start', call: 'recovery' });
  const answer = await apiClient.POST('/session', { body: { type: 'recovery', token }, toast: false });
  if (isFailure(answer)) send({ type: 'fail', call: 'recovery', status: answer.status, message: answer.message });
  else send({ type: 'recoveryOpened' });
}

export async function submitCredentials(state: LoginState, send: Send) {
  send({ type: 'start', call: 'credentials' });
  // An account under password guessing asks every sign-in for a bot check: solved here, out of the visitor's sight.
  const answer = await sendWithBotCheckIfAsked((recaptchaToken) =>
    apiClient.POST('/session', {
      params: { query: { postLoginUrl: state.redirect } },
      body: { email: state.email, password: state.password, ...(recaptchaToken ? { recaptchaToken } : {}) },
      toast: false,
    }),
  );
  if (isFailure(answer)) send({ type: 'fail', call: 'credentials', status: answer.status, message: answer.message });
  else follow(state, answer, send);
}

/** Continue on the method picker, and "Send a new code" on the code step: a new challenge for the chosen method. */
export async function chooseMethod(state: LoginState, send: Send) {
  const chosen = state.chosen;
  if (chosen == null) {
    send({ type: 'refuse', message: 'Choose a security method.' });
    return;
  }
  send({ type: 'start', call: 'method' });
  const answer = await apiClient.POST('/session', { body: { mfaId: chosen }, toast: false });
  if (isFailure(answer)) {
    send({ type: 'fail', call: 'method', status: answer.status, message: answer.message });
    return;
  }
  send({
    type: 'challenge',
    challenge: {
      mfaId: answer.mfaId ?? chosen,
      mfaType: answer.mfaType ?? 'totp',
      mfaDescription: answer.mfaDescription ?? '',
      mfaChallengeId: answer.mfaChallengeId ?? 0,
    },
  });
}

export async function submitCode(state: LoginState, send: Send) {
  const { challenge, code } = state;
  if (!challenge) return;
  if (!/^\d{1,6}$/.test(code)) {
    send({ type: 'refuse', message: 'Enter the code: digits only, at most 6.' });
    return;
  }
  send({ type: 'start', call: 'code' });
  const answer = await apiClient.POST('/session', {
    body: { mfaChallengeId: challenge.mfaChallengeId, mfaToken: code, mfaId: challenge.mfaId },
    toast: false,
  });
  if (isFailure(answer)) send({ type: 'fail', call: 'code', status: answer.status, message: answer.message });
  else follow(state, answer, send);
}

export async function requestResetLink(state: LoginState, send: Send) {
  send({ type: 'start', call: 'forgot' });
  // The proof-of-work solver loads only when someone asks for a reset link.
  const { getBotToken } = await import('../../lib/bot-check.ts');
  const recaptchaToken = await getBotToken();
  const answer = recaptchaToken
    ? await apiClient.POST('/session', { body: { type: 'recovery', email: state.email, recaptchaToken }, toast: false })
    : { error: true as const, status: 0, message: 'Human verification failed. Please try again.' };
  if (isFailure(answer)) send({ type: 'fail', call: 'forgot', status: answer.status, message: answer.message });
  else send({ type: 'recoverySent' });
}

export async function submitNewPassword(state: LoginState, send: Send) {
  if (state.newPassword !== state.confirmPassword) {
    send({ type: 'refuse', message: 'The two passwords do not match.' });
    return;
  }
  send({ type: 'start', call: 'new-password' });
  const answer = await apiClient.PATCH('/users/0', { body: { password: state.newPassword }, toast: false });
  if (isFailure(answer)) {
    send({ type: 'fail', call: 'new-password', status: answer.status, message: answer.message });
    return;
  }
  send({ type: 'passwordChanged' });
  // A recovery session's new password answers as a sign-in step; a signed-in user's change answers the user.
  follow(state, 'userId' in answer ? {} : answer, send);
}

/**
 * "Sign in with a passkey" on the credentials step (a discoverable credential: no email typed), or the passkey as
 * the second step after a password: the server tells them apart by the session. The WebAuthn helper loads only here.
 */
export async function signInWithPasskey(state: LoginState, send: Send) {
  send({ type: 'start', call: 'passkey' });
  const options = await apiClient.POST('/session/passkeyOptions', { body: {}, toast: false });
  if (isFailure(options)) {
    send({ type: 'fail', call: 'passkey', status: options.status, message: options.message });
    return;
  }
  let passkey: unknown;
  try {
    const { startAuthentication } = await import('@simplewebauthn/browser');
    type Options = Parameters<typeof startAuthentication>[0]['optionsJSON'];
    passkey = await startAuthentication({ optionsJSON: options as unknown as Options });
  } catch (error) {
    const cancelled = (error as Error).name === 'NotAllowedError';
    send({
      type: 'fail',
      call: 'passkey',
      status: 0,
      message: cancelled
        ? 'The passkey sign-in was cancelled or timed out. Try again, or use your password.'
        : `Your browser could not use a passkey: ${(error as Error).message}`,
    });
    return;
  }
  const answer = await apiClient.POST('/session', { params: { query: { postLoginUrl: state.redirect } }, body: { passkey }, toast: false });
  if (isFailure(answer)) send({ type: 'fail', call: 'passkey', status: answer.status, message: answer.message });
  else follow(state, answer, send);
}

/** A recovery code instead of the second factor: spent once, then the account asks to review the two-factor methods. */
export async function submitRecoveryCode(state: LoginState, send: Send) {
  if (!state.recoveryCode.trim()) {
    send({ type: 'refuse', message: 'Enter one of your recovery codes.' });
    return;
  }
  send({ type: 'start', call: 'recovery-code' });
  const answer = await apiClient.POST('/session', { body: { recoveryCode: state.recoveryCode }, toast: false });
  if (isFailure(answer)) send({ type: 'fail', call: 'recovery-code', status: answer.status, message: answer.message });
  else send({ type: 'signedIn', to: safeRedirect(answer.redirect ?? state.redirect) });
}
