/** Password hashing with argon2id (@node-rs/argon2 works the same under Bun and Node). */
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the enum is a const enum, which isolated modules cannot import.
const argon2id = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
