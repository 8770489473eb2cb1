/**
 * What an escrow agent (or a gaining registrar) does with our deposits: check every signature and hash, decrypt with
 * the agent's key, and rebuild the registration data from the newest full deposit and the incrementals after it
 * (changes replace a name's record, deletions remove it). `npm run admin -- escrow-restore` runs it.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import * as openpgp from 'openpgp';
import type { EscrowManifest } from './escrow-files.ts';
import { type EscrowRecord, escrowColumns } from './escrow-rows.ts';

export type RestoreKeys = { agent: openpgp.PrivateKey; signer: openpgp.PublicKey };
export type RestoredData = { deposits: string[]; records: EscrowRecord[] };

/** Reads the agent's private key (passphrase if it has one) and our public signing key from armored files. */
export async function readRestoreKeys(agentKeyFile: string, signerKeyFile: string, passphrase?: string): Promise<RestoreKeys> {
  let agent = await openpgp.readPrivateKey({ armoredKey: await readFile(agentKeyFile, 'utf8') });
  if (!agent.isDecrypted()) {
    if (!passphrase) throw new Error('The agent key is protected by a passphrase: give --passphrase');
    agent = await openpgp.decryptKey({ privateKey: agent, passphrase });
  }
  const signerKey = await openpgp.readKey({ armoredKey: await readFile(signerKeyFile, 'utf8') });
  return { agent, signer: signerKey.toPublic() };
}

async function verified(dir: string, name: string, keys: RestoreKeys): Promise<Uint8Array> {
  const bytes = new Uint8Array(await readFile(join(dir, name)));
  const signature = await openpgp.readSignature({ armoredSignature: await readFile(join(dir, `${name}.sig`), 'utf8') });
  const { signatures } = await openpgp.verify({ message: await openpgp.createMessage({ binary: bytes }), signature, verificationKeys: keys.signer });
  try {
    await signatures[0].verified;
  } catch {
    throw new Error(`${name}: its signature does not verify with the registrar's key`);
  }
  return bytes;
}

async function readDeposit(dir: string, manifest: EscrowManifest, keys: RestoreKeys): Promise<EscrowRecord[]> {
  const base = manifest.files[0].name.replace(/\.csv\.gpg$/, '');
  const hashes = new Map(
    new TextDecoder()
      .decode(await verified(dir, `${base}.hash`, keys))
      .trim()
      .split('\n')
      .map((line) => {
        const [hash, name] = line.split(/\s+/);
        return [name, hash] as const;
      }),
  );
  const records: EscrowRecord[] = [];
  for (const file of manifest.files) {
    const bytes = await verified(dir, file.name, keys);
    const hash = createHash('sha256').update(bytes).digest('hex');
    if (hash !== hashes.get(file.name) || hash !== file.sha256) throw new Error(`${file.name}: its SHA-256 does not match the hash file and manifest`);
    const message = await openpgp.readMessage({ binaryMessage: bytes });
    const { data } = await openpgp.decrypt({ message, decryptionKeys: keys.agent, format: 'binary' });
    const rows: EscrowRecord[] = parse(new TextDecoder().decode(data as Uint8Array), { columns: true });
    if (rows.length !== file.records) throw new Error(`${file.name}: ${rows.length} records, the manifest says ${file.records}`);
    records.push(...rows);
  }
  return records;
}

/** Rebuilds the registration data as of the newest deposit in `dir`. */
export async function restoreEscrow(dir: string, keys: RestoreKeys): Promise<RestoredData> {
  const manifests: EscrowManifest[] = [];
  for (const name of (await readdir(dir)).filter((n) => n.endsWith('.manifest.json')).sort()) {
    manifests.push(JSON.parse(new TextDecoder().decode(await verified(dir, name, keys))));
  }
  manifests.sort((a, b) => a.watermark.localeCompare(b.watermark));
  const lastFull = manifests.findLastIndex((m) => m.kind === 'full');
  if (lastFull < 0) throw new Error(`No complete full deposit in ${dir}`);
  const chain = manifests.slice(lastFull);
  for (const [i, manifest] of chain.entries()) {
    if (i > 0 && manifest.since !== chain[i - 1].watermark) {
      throw new Error(
        `A deposit is missing: ${manifest.files[0].name} holds changes after ${manifest.since}, the one before it is as of ${chain[i - 1].watermark}`,
      );
    }
  }
  const byName = new Map<string, EscrowRecord>();
  for (const manifest of chain) {
    for (const record of await readDeposit(dir, manifest, keys)) {
      if (record.record_action === 'delete') byName.delete(record.domain_name);
      else byName.set(record.domain_name, record);
    }
  }
  const records = [...byName.values()].sort((a, b) => a.domain_name.localeCompare(b.domain_name));
  return { deposits: chain.map((m) => m.files[0].name.replace(/\.csv\.gpg$/, '')), records };
}

/** The rebuilt data as one CSV, the deposit's columns without `record_action`. */
export function restoredCsv(records: EscrowRecord[]): string[][] {
  const columns = escrowColumns.filter((c) => c !== 'record_action');
  return [columns, ...records.map((r) => columns.map((c) => r[c]))];
}
