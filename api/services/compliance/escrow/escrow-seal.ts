/**
 * Seals deposit files with OpenPGP (openpgp): data encrypted to the escrow agent's public key, every file signed apart
 * with our key, so only the agent can read a deposit and the agent can tell it came from us unaltered.
 */
import { readFile } from 'node:fs/promises';
import * as openpgp from 'openpgp';
import type { Config } from '../../../config.ts';

export type EscrowKeys = { agent: openpgp.PublicKey; signing: openpgp.PrivateKey };

/** The configured keys, or null when escrow is not configured (sandbox without keys: the deposit is skipped). */
export async function loadEscrowKeys(
  config: Pick<Config, 'ESCROW_AGENT_KEY_FILE' | 'ESCROW_SIGNING_KEY_FILE' | 'ESCROW_SIGNING_KEY_PASSPHRASE'>,
): Promise<EscrowKeys | null> {
  if (!config.ESCROW_AGENT_KEY_FILE || !config.ESCROW_SIGNING_KEY_FILE) return null;
  const agent = await openpgp.readKey({ armoredKey: await readFile(config.ESCROW_AGENT_KEY_FILE, 'utf8') });
  let signing = await openpgp.readPrivateKey({ armoredKey: await readFile(config.ESCROW_SIGNING_KEY_FILE, 'utf8') });
  if (!signing.isDecrypted()) {
    if (!config.ESCROW_SIGNING_KEY_PASSPHRASE) throw new Error('ESCROW_SIGNING_KEY_FILE is protected by a passphrase: set ESCROW_SIGNING_KEY_PASSPHRASE');
    signing = await openpgp.decryptKey({ privateKey: signing, passphrase: config.ESCROW_SIGNING_KEY_PASSPHRASE });
  }
  return { agent, signing };
}

/**
 * A data file's sealed form: a binary OpenPGP message (`.gpg`) encrypted to the agent, zlib-compressed before
 * encryption (the CSV repeats itself: the benchmark's 100,000 rows, alike, shrink from 52 MB to 0.7 MB; real rows vary
 * more), with the file name kept in the literal data. It is signed apart (`signFile`), over the encrypted bytes, so the
 * agent can check a file came from us unaltered before it decrypts anything.
 */
export async function sealFile(keys: EscrowKeys, name: string, content: string): Promise<Uint8Array> {
  const message = await openpgp.createMessage({ binary: new TextEncoder().encode(content), filename: name, format: 'binary' });
  return openpgp.encrypt({
    message,
    encryptionKeys: keys.agent,
    format: 'binary',
    config: { preferredCompressionAlgorithm: openpgp.enums.compression.zlib },
  });
}

/** A detached, ASCII-armored OpenPGP signature (`.sig`) of a file's bytes with our signing key (`gpg --verify F.sig F`). */
export async function signFile(keys: EscrowKeys, bytes: Uint8Array): Promise<Uint8Array> {
  const message = await openpgp.createMessage({ binary: bytes });
  const armored = await openpgp.sign({ message, signingKeys: keys.signing, detached: true, format: 'armored' });
  return new TextEncoder().encode(armored);
}
