/**
 * The files of one deposit, named `<IANA ID>_RDE_<YYYY-MM-DD>_<full|inc>_<sequence>` plus an extension, in upload order:
 *   .csv.gpg             the domain data file, encrypted to the agent
 *   .csv.gpg.sig         its detached signature (ours)
 *   .hash                SHA-256 of each encrypted file, `sha256sum` format (plain: the agent checks before decrypting)
 *   .hash.sig
 *   .manifest.json       what the deposit is: registrar, kind, as-of time, the incremental's basis, files, counts
 *   .manifest.json.sig
 * The manifest goes last: an agent that finds it signed finds every file it names already complete.
 */
import { createHash } from 'node:crypto';
import brand from '../../../../content/brand.json' with { type: 'json' };
import { depositDayLabel } from '../../../contract/compliance/escrow.ts';
import type { EscrowDepositRow } from '../../../db/schema/index.ts';
import type { Deps } from '../../../deps.ts';
import { buildEscrowCsv } from './escrow-rows.ts';
import { type EscrowKeys, sealFile, signFile } from './escrow-seal.ts';

export type BuiltFile = { name: string; bytes: Uint8Array };
export type EscrowManifest = {
  format: 'dotspot-rde-1';
  registrar: string;
  ianaId: string;
  kind: 'full' | 'inc';
  day: string;
  sequence: number;
  watermark: string;
  /** An incremental's basis: it holds what changed after this time (the previous deposit's as-of time). */
  since: string | null;
  files: { name: string; bytes: number; sha256: string; records?: number }[];
  counts: { records: number; domains: number; deletions: number };
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const text = (content: string) => new TextEncoder().encode(content);

export function depositBaseName(ianaId: string, day: string, kind: 'full' | 'inc', sequence: number): string {
  return `${ianaId}_RDE_${depositDayLabel(day)}_${kind}_${sequence}`;
}

export async function buildDepositFiles(
  deps: Pick<Deps, 'db' | 'config'>,
  keys: EscrowKeys,
  input: { deposit: EscrowDepositRow; since: Date | null; kind: 'full' | 'inc' },
): Promise<{ kind: 'full' | 'inc'; rows: number; deletions: number; files: (BuiltFile & { sha256: string })[] }> {
  const { deposit, since, kind } = input;
  const { csv, rows, deletions } = await buildEscrowCsv(deps, since);
  const base = depositBaseName(deps.config.registrar.ianaId, deposit.depositDay, kind, deposit.sequence);
  const data = { name: `${base}.csv.gpg`, bytes: await sealFile(keys, `${base}.csv`, csv) };
  const hash = { name: `${base}.hash`, bytes: text(`${sha256(data.bytes)}  ${data.name}\n`) };
  const manifest: EscrowManifest = {
    format: 'dotspot-rde-1',
    registrar: brand.name,
    ianaId: deps.config.registrar.ianaId,
    kind,
    day: deposit.depositDay,
    sequence: deposit.sequence,
    watermark: deposit.watermark.toISOString(),
    since: since?.toISOString() ?? null,
    files: [{ name: data.name, bytes: data.bytes.length, sha256: sha256(data.bytes), records: rows }],
    counts: { records: rows, domains: rows - deletions, deletions },
  };
  const manifestFile = { name: `${base}.manifest.json`, bytes: text(`${JSON.stringify(manifest, null, 2)}\n`) };
  const files: BuiltFile[] = [];
  for (const file of [data, hash, manifestFile]) {
    files.push(file, { name: `${file.name}.sig`, bytes: await signFile(keys, file.bytes) });
  }
  return { kind, rows, deletions, files: files.map((f) => ({ ...f, sha256: sha256(f.bytes) })) };
}
