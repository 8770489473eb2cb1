/**
 * Transfer auth codes at rest, sealed with the shared AES-256-GCM helper (platform/sealed-values.ts): the domain id is
 * the additional data, so a ciphertext copied onto another domain's row does not decrypt.
 */
import type { Deps } from '../../deps.ts';
import { openSealedValue, sealValue } from '../platform/sealed-values.ts';

export async function encryptAuthCode(deps: Pick<Deps, 'db' | 'config'>, domainId: number, code: string): Promise<string> {
  return sealValue(deps, `domain:${domainId}`, code);
}

/** The code, or null when there is none or it cannot be opened (another key, another row, a legacy plaintext value). */
export async function decryptAuthCode(deps: Pick<Deps, 'db' | 'config'>, domainId: number, stored: string | null): Promise<string | null> {
  return openSealedValue(deps, `domain:${domainId}`, stored);
}
