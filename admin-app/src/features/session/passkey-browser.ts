/** The browser half of passkeys, loaded only when a passkey button is pressed (@simplewebauthn/browser, as the account app). */
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

export async function createPasskey(options: PublicKeyCredentialCreationOptionsJSON) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options });
}

export async function assertPasskey(options: PublicKeyCredentialRequestOptionsJSON) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: options });
}

/** A cancelled or timed-out browser prompt, in words. */
export function passkeyErrorMessage(error: unknown): string {
  const name = (error as Error)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return 'The passkey request was cancelled or timed out. Please try again.';
  if (name === 'InvalidStateError') return 'This passkey is already registered.';
  return (error as Error)?.message || 'Your passkey could not be used.';
}
