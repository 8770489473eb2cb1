/**
 * Secrets at rest (transfer auth codes, staff authenticator secrets): AES-256-GCM with a key from AUTH_CODE_KEY or,
 * unset, one random key in the secrets table that every process shares. `context` is the additional data (the row a
 * value belongs to), so a ciphertext copied onto another row does not open. Stored as `v1.<iv>.<tag>.<ciphertext>`
 * (base64url).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { readSharedSecret } from './secrets.ts';

async function sealingKey(deps: Pick<Deps, 'db' | 'config'>): Promise<Buffer> {
  const hex = deps.config.AUTH_CODE_KEY ?? (await readSharedSecret(deps.db, 'auth-code-key'));
  return Buffer.from(hex, 'hex');
}

/** Whether a stored value has the sealed form (a legacy plaintext value does not). */
export function isSealed(stored: string | null): boolean {
  return stored?.startsWith('v1.') === true && stored.split('.').length === 4;
}

export async function sealValue(deps: Pick<Deps, 'db' | 'config'>, context: string, plaintext: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await sealingKey(deps), iv);
  cipher.setAAD(Buffer.from(context));
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The plaintext, or null when there is none or it cannot be opened (another key, another row, not sealed). */
export async function openSealedValue(deps: Pick<Deps, 'db' | 'config'>, context: string, stored: string | null): Promise<string | null> {
  if (!stored || !isSealed(stored)) return null;
  const parts = stored.split('.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', await sealingKey(deps), Buffer.from(parts[1], 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(parts[2], 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(parts[3], 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
