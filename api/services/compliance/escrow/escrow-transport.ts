/**
 * Where sealed deposits go: ESCROW_DIR in the sandbox, or the escrow agent's SFTP server (ssh2-sftp-client), whose
 * host key must match ESCROW_SFTP_HOST_KEY. Either way each file is written to `<name>.part` and renamed once complete,
 * so the agent never sees half a file, and a retry is safe: a file already there with the same bytes is left alone
 * (never renamed onto: OpenSSH's SFTP server refuses a rename onto an existing file), one with other bytes stops the
 * upload rather than being replaced, and a `.part` left by a cut transfer is written again.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import SftpClient from 'ssh2-sftp-client';
import type { Config } from '../../../config.ts';

export type SealedFile = { name: string; bytes: Uint8Array };
export type UploadHooks = { onUploaded?: (name: string) => void | Promise<void> };

export const escrowDestination = (config: Pick<Config, 'ESCROW_SFTP_HOST'>) => (config.ESCROW_SFTP_HOST ? 'sftp' : 'directory');

/** `SHA256:<base64 without padding>`, as `ssh-keygen -lf` prints a host key. */
export const sshFingerprint = (key: Buffer) => `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The three things an upload needs of its destination. */
type Destination = {
  /** The bytes of a complete file at `name`, or null when there is none. */
  existing(name: string): Promise<Uint8Array | null>;
  /** Writes `<name>.part` (replacing one left before) and renames it to `name`, which does not exist. */
  place(name: string, bytes: Uint8Array): Promise<void>;
};

async function upload(destination: Destination, files: SealedFile[], hooks: UploadHooks): Promise<void> {
  for (const file of files) {
    const there = await destination.existing(file.name);
    if (there) {
      if (sha256(there) !== sha256(file.bytes)) {
        throw new Error(`${file.name} is already at the escrow agent with other content; it was not replaced. Ask the agent which deposit they hold.`);
      }
    } else {
      await destination.place(file.name, file.bytes);
    }
    await hooks.onUploaded?.(file.name);
  }
}

export async function deliverDeposit(config: Config, files: SealedFile[], hooks: UploadHooks = {}): Promise<void> {
  if (escrowDestination(config) === 'directory') {
    await mkdir(config.ESCROW_DIR, { recursive: true });
    const path = (name: string) => join(config.ESCROW_DIR, name);
    await upload(
      {
        existing: (name) => readFile(path(name)).catch((error) => (error.code === 'ENOENT' ? null : Promise.reject(error))),
        place: async (name, bytes) => {
          await writeFile(`${path(name)}.part`, bytes);
          await rename(`${path(name)}.part`, path(name));
        },
      },
      files,
      hooks,
    );
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
  const remote = (name: string) => `${config.ESCROW_SFTP_PATH.replace(/\/$/, '')}/${name}`;
  try {
    await upload(
      {
        existing: async (name) => ((await sftp.exists(remote(name))) === '-' ? new Uint8Array((await sftp.get(remote(name))) as Buffer) : null),
        place: async (name, bytes) => {
          const part = `${remote(name)}.part`;
          if (await sftp.exists(part)) await sftp.delete(part);
          await sftp.put(Buffer.from(bytes), part);
          await sftp.rename(part, remote(name));
        },
      },
      files,
      hooks,
    );
  } finally {
    await sftp.end().catch(() => undefined);
  }
}
