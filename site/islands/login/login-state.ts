/**
 * The login island's state as one reducer (storefront spec §4 Login, Forgot password): which step shows, what the
 * visitor typed, the call in flight and what the last one left. Pure, so where a refusal sends the visitor reads in
 * one place (`fail`): a lost sign-in session goes back to credentials, a failed reset request clears the email.
 */
import type { Dispatch } from 'react';
import type { MfaOption } from '../../../api/contract/auth/login-schemas.ts';

export type LoginStep = 'credentials' | 'methods' | 'code' | 'recovery-code' | 'forgot' | 'sent' | 'opening' | 'new-password';
export type Challenge = { mfaId: number; mfaType: MfaOption['type']; mfaDescription: string; mfaChallengeId: number };
/** The calls the island makes; a refusal's consequences depend on which one it was. */
export type LoginCall = 'credentials' | 'method' | 'code' | 'recovery-code' | 'forgot' | 'recovery' | 'new-password' | 'passkey';
export type TypedField = 'email' | 'password' | 'code' | 'recoveryCode' | 'newPassword' | 'confirmPassword';

export type LoginState = {
  step: LoginStep;
  email: string;
  password: string;
  code: string;
  recoveryCode: string;
  newPassword: string;
  confirmPassword: string;
  /** Where a completed sign-in goes: the `redirect` query word, checked by safeRedirect. */
  redirect: string;
  notice: string | null;
  error: string | null;
  busy: boolean;
  /** The server-rendered form is inert until hydrated, so an early click never submits the password natively. */
  ready: boolean;
  methods: MfaOption[];
  /** The pending sign-in may finish with a passkey instead of a code. */
  passkey: boolean;
  /** ...or with one of the user's recovery codes. */
  recoveryCodes: boolean;
  chosen: number | null;
  challenge: Challenge | null;
  /** Set once signed in: the island navigates there. */
  leavingTo: string | null;
};

export type LoginEvent =
  | { type: 'hydrated'; redirect: string; email?: string }
  /** /login?logout=true reached by a visitor who is signed out (a signed-in one is signed out first). */
  | { type: 'signedOut' }
  | { type: 'type'; field: TypedField; value: string }
  | { type: 'choose'; mfaId: number }
  | { type: 'go'; step: LoginStep }
  /** A check made before any call (no method chosen, passwords differ): the message shows, nothing is sent. */
  | { type: 'refuse'; message: string }
  | { type: 'start'; call: LoginCall }
  | { type: 'fail'; call: LoginCall; status: number; message: string }
  | { type: 'askMethod'; methods: MfaOption[]; passkey?: boolean; recoveryCodes?: boolean }
  | { type: 'challenge'; challenge: Challenge }
  | { type: 'recoverySent' }
  | { type: 'recoveryOpened' }
  | { type: 'passwordChanged' }
  | { type: 'signedIn'; to: string };

/** What every step component gets: the state to show and the reducer to tell. */
export type StepProps = { state: LoginState; send: Dispatch<LoginEvent> };

export const headings: Record<LoginStep, string> = {
  credentials: 'Log in to your account',
  methods: 'Verify it’s you',
  code: 'Enter your security code',
  'recovery-code': 'Use a recovery code',
  forgot: 'Reset your password',
  sent: 'Check Your Email',
  opening: 'Opening your reset link',
  'new-password': 'Choose a new password',
};

export const initialLoginState: LoginState = {
  step: 'credentials',
  email: '',
  password: '',
  code: '',
  recoveryCode: '',
  newPassword: '',
  confirmPassword: '',
  redirect: '/account',
  notice: null,
  error: null,
  busy: false,
  ready: false,
  methods: [],
  passkey: false,
  recoveryCodes: false,
  chosen: null,
  challenge: null,
  leavingTo: null,
};

const go = (state: LoginState, step: LoginStep): LoginState => ({ ...state, step, error: null });

export function loginReducer(state: LoginState, event: LoginEvent): LoginState {
  switch (event.type) {
    case 'hydrated':
      return {
        ...state,
        ready: true,
        redirect: event.redirect,
        email: event.email ?? state.email,
      };
    case 'signedOut':
      return { ...state, notice: 'You have logged out.' };
    case 'type':
      return { ...state, [event.field]: event.value };
    case 'choose':
      return { ...state, chosen: event.mfaId };
    case 'go':
      return go(state, event.step);
    case 'refuse':
      return { ...state, error: event.message };
    case 'start':
      if (event.call === 'recovery') return { ...state, step: 'opening' };
      // A new password attempt replaces the logged-out notice; the later steps keep "Your password was changed."
      return { ...state, busy: true, error: null, notice: event.call === 'credentials' ? null : state.notice };
    case 'fail':
      return failed(state, event.call, event.status, event.message);
    case 'askMethod':
      // One method needs no choice: it is picked already, Continue sends it.
      return {
        ...go(state, 'methods'),
        busy: false,
        password: '',
        methods: event.methods,
        passkey: event.passkey ?? false,
        recoveryCodes: event.recoveryCodes ?? false,
        chosen: event.methods.length === 1 ? event.methods[0].mfaId : null,
      };
    case 'challenge':
      return { ...go(state, 'code'), busy: false, challenge: event.challenge, code: '' };
    case 'recoverySent':
      return { ...go(state, 'sent'), busy: false };
    case 'recoveryOpened':
      return go(state, 'new-password');
    case 'passwordChanged':
      return { ...state, busy: false, newPassword: '', confirmPassword: '', notice: 'Your password was changed.' };
    case 'signedIn':
      // Busy stays on: the form is spent while the next page loads.
      return { ...state, password: '', leavingTo: event.to };
  }
}

/** Where a refused call leaves the visitor. 401 means the half-made sign-in expired: start again from the password. */
function failed(state: LoginState, call: LoginCall, status: number, message: string): LoginState {
  const shown = { ...state, busy: false, error: message };
  switch (call) {
    case 'credentials':
      return shown;
    case 'passkey':
      // A passkey second step whose pending sign-in expired starts again from the password.
      return status === 401 ? { ...shown, step: 'credentials' } : shown;
    case 'method':
      return status === 401 ? { ...shown, step: 'credentials' } : shown;
    case 'code':
      return { ...shown, code: '', step: status === 401 ? 'credentials' : state.step };
    case 'recovery-code':
      return { ...shown, recoveryCode: '', step: status === 401 ? 'credentials' : state.step };
    case 'forgot':
      // Storefront spec §8: a failed reset request clears the email and returns to the form.
      return { ...shown, email: '' };
    case 'recovery':
      return { ...shown, step: 'credentials' };
    case 'new-password':
      // The reset session is gone (expired, or used in another tab): ask for a new link, saying why.
      return status === 401 || status === 403 ? { ...shown, step: 'forgot' } : shown;
  }
}
