/**
 * The browser half of passkeys, loaded only when a passkey button is pressed (@simplewebauthn/browser, as the account
 * app). The API's document gives WebAuthn's options and answers loosely (the helper reads them whole): they are
 * handed over as the helper's types here, and nowhere else.
 */
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { ApiAnswer } from '@kit/api-client.ts';
import type { StaffPasskeyAnswer } from '../../../../api/contract/staff/staff.ts';

type WebauthnOptions = ApiAnswer<'/admin/session/passkeyOptions', 'post'>;

export async function createPasskey(options: WebauthnOptions): Promise<StaffPasskeyAnswer['passkey']> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const created = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return created as unknown as StaffPasskeyAnswer['passkey'];
}

export async function assertPasskey(options: WebauthnOptions): Promise<StaffPasskeyAnswer['passkey']> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const asserted = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return asserted as unknown as StaffPasskeyAnswer['passkey'];
}

/** A cancelled or timed-out browser prompt, in words. */
export function passkeyErrorMessage(error: unknown): string {
  const name = (error as Error)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return 'The passkey request was cancelled or timed out. Please try again.';
  if (name === 'InvalidStateError') return 'This passkey is already registered.';
  return (error as Error)?.message || 'Your passkey could not be used.';
}
