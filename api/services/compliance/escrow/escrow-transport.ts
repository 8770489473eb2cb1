/**
 * Where sealed deposits go: ESCROW_DIR in the sandbox (written to a temporary name, then renamed, so a reader never
 * sees half a file), or the escrow agent's SFTP server (ssh2-sftp-client), whose host key must match ESCROW_SFTP_HOST_KEY.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import SftpClient from 'ssh2-sftp-client';
import type { Config } from '../../../config.ts';

export type SealedFile = { name: string; bytes: Uint8Array };

export const escrowDestination = (config: Pick<Config, 'ESCROW_SFTP_HOST'>) => (config.ESCROW_SFTP_HOST ? 'sftp' : 'directory');

/** `SHA256:<base64 without padding>`, as `ssh-keygen -lf` prints a host key. */
export const sshFingerprint = (key: Buffer) => `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

export async function deliverDeposit(config: Config, files: SealedFile[]): Promise<void> {
  if (escrowDestination(config) === 'directory') {
    await mkdir(config.ESCROW_DIR, { recursive: true });
    for (const file of files) {
      const path = join(config.ESCROW_DIR, file.name);
      await writeFile(`${path}.part`, file.bytes);
      await rename(`${path}.part`, path);
    }
    return;
  }
  const sftp = new SftpClient('escrow');
  await sftp.connect({
    host: config.ESCROW_SFTP_HOST,
    port: config.ESCROW_SFTP_PORT,
    username: config.ESCROW_SFTP_USERNAME,
    privateKey: await readFile(config.ESCROW_SFTP_KEY_FILE ?? ''),
    readyTimeout: 20_000,
    hostVerifier: (key: Buffer) => sshFingerprint(key) === config.ESCROW_SFTP_HOST_KEY,
  });
  try {
    for (const file of files) {
      const remote = `${config.ESCROW_SFTP_PATH.replace(/\/$/, '')}/${file.name}`;
      await sftp.put(Buffer.from(file.bytes), `${remote}.part`);
      await sftp.rename(`${remote}.part`, remote);
    }
  } finally {
    await sftp.end();
  }
}
