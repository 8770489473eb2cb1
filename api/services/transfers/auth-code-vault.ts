/**
 * Transfer auth codes at rest: AES-256-GCM with a key from AUTH_CODE_KEY or, unset, one random key in the secrets
 * table that every process shares. The domain id is the additional data, so a ciphertext copied onto another domain's
 * row does not decrypt. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { readSharedSecret } from '../platform/secrets.ts';

async function vaultKey(deps: Pick<Deps, 'db' | 'config'>): Promise<Buffer> {
  const hex = deps.config.AUTH_CODE_KEY ?? (await readSharedSecret(deps.db, 'auth-code-key'));
  return Buffer.from(hex, 'hex');
}

export async function encryptAuthCode(deps: Pick<Deps, 'db' | 'config'>, domainId: number, code: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await vaultKey(deps), iv);
  cipher.setAAD(Buffer.from(`domain:${domainId}`));
  const sealed = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The code, or null when there is none or it cannot be opened (another key, another row, a legacy plaintext value). */
export async function decryptAuthCode(deps: Pick<Deps, 'db' | 'config'>, domainId: number, stored: string | null): Promise<string | null> {
  const parts = stored?.split('.');
  if (parts?.length !== 4 || parts[0] !== 'v1') return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', await vaultKey(deps), Buffer.from(parts[1], 'base64url'));
    decipher.setAAD(Buffer.from(`domain:${domainId}`));
    decipher.setAuthTag(Buffer.from(parts[2], 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(parts[3], 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
