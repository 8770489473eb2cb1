/**
 * Registry connections from content/registries.csv: one EPP connection per row, the extensions it serves, its limits,
 * and its secrets from environment variables named after it. The old single EPP_HOST variables stand for one live row
 * named `default` serving every extension.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';

export const registriesPath = path.resolve(import.meta.dirname, '../../../content/registries.csv');

export type RegistryMode = 'live' | 'sandbox';

export type RegistryRow = {
  name: string;
  mode: RegistryMode;
  /** Extensions without dots; ['*'] serves every catalogue extension no other row names. */
  extensions: string[];
  /** Empty for a sandbox row: the local sandbox EPP server. */
  host: string;
  port: number;
  username: string;
  sessions: number;
  commandsPerSecond: number;
  contacts: 'required' | 'none';
  /** Most names the registry takes in one `<domain:check>` (unset: 20). */
  checkNames?: number;
  certFile?: string;
  keyFile?: string;
  caFile?: string;
  /** The file's line, for messages. */
  line: number;
};

export type RegistrySecrets = { password?: string; newPassword?: string; certFile?: string; keyFile?: string; caFile?: string };

const columns = [
  'name',
  'mode',
  'extensions',
  'host',
  'port',
  'username',
  'sessions',
  'commands_per_second',
  'contacts',
  'cert_file',
  'key_file',
  'ca_file',
  'check_names',
];
/** A file written before `check_names` existed is read as it was: every connection checks 20 names per command. */
const olderColumns = columns.slice(0, -1);

/** REGISTRY_<NAME>_<WHAT>: the variable a connection's secret comes from (`verisign-grs`, PASSWORD → REGISTRY_VERISIGN_GRS_PASSWORD). */
export function registryVariable(name: string, what: 'PASSWORD' | 'NEW_PASSWORD' | 'CERT_FILE' | 'KEY_FILE' | 'CA_FILE'): string {
  return `REGISTRY_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_${what}`;
}

/** Whether the environment names any live registry password (so the registry is real, not the sandbox). */
export function hasRegistryPasswords(env: Record<string, string | undefined>): boolean {
  return Object.entries(env).some(([key, value]) => /^REGISTRY_[A-Z0-9_]+_PASSWORD$/.test(key) && !key.endsWith('_NEW_PASSWORD') && !!value);
}

export function registrySecrets(name: string, env: Record<string, string | undefined>): RegistrySecrets {
  const read = (what: Parameters<typeof registryVariable>[1]) => env[registryVariable(name, what)] || undefined;
  return { password: read('PASSWORD'), newPassword: read('NEW_PASSWORD'), certFile: read('CERT_FILE'), keyFile: read('KEY_FILE'), caFile: read('CA_FILE') };
}

function problem(line: number, message: string): Error {
  return new Error(`content/registries.csv line ${line}: ${message}`);
}

/** Reads the file's rows; a mistake names its line and what to write instead. */
export function parseRegistries(text: string): RegistryRow[] {
  const records: string[][] = parse(text, { comment: '#', skip_empty_lines: true, trim: true, relax_column_count: true });
  const lines = text.split('\n');
  // Record i's line in the file: the i-th line that is neither empty nor a comment (the header is record 0).
  const recordLines = lines.flatMap((line, i) => (line.trim() && !line.trim().startsWith('#') ? [i + 1] : []));
  const [header, ...rows] = records;
  if (!header || (header.join(',') !== columns.join(',') && header.join(',') !== olderColumns.join(',')))
    throw problem(recordLines[0] ?? 1, `the header must be ${columns.join(',')}`);
  const seen = new Set<string>();
  return rows.map((cells, i) => {
    const line = recordLines[i + 1] ?? i + 2;
    const cell = (column: string) => cells[columns.indexOf(column)] ?? '';
    const name = cell('name');
    if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) throw problem(line, `the name "${name}" must be lower-case letters, digits and '-'`);
    const mode = cell('mode');
    if (mode !== 'live' && mode !== 'sandbox') throw problem(line, `mode must be live or sandbox, not "${mode}"`);
    if (seen.has(`${mode}:${name}`)) throw problem(line, `${name} is named twice among the ${mode} rows`);
    seen.add(`${mode}:${name}`);
    const extensions = cell('extensions')
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean)
      .map((ext) => ext.replace(/^\./, ''));
    if (extensions.length === 0) throw problem(line, `${name} serves no extensions (write them space-separated, or * for the rest)`);
    const number = (column: string, fallback: number) => {
      const value = cell(column);
      if (value === '') return fallback;
      if (!/^\d+$/.test(value) || Number(value) < 1) throw problem(line, `${column} must be a whole number above 0, not "${value}"`);
      return Number(value);
    };
    const host = cell('host');
    if (mode === 'live' && !host) throw problem(line, `the live connection ${name} needs the registry's host`);
    const contacts = cell('contacts') || 'required';
    if (contacts !== 'required' && contacts !== 'none') throw problem(line, `contacts must be required or none, not "${contacts}"`);
    const username = cell('username');
    if (!username) throw problem(line, `${name} needs the username (clID) we log in with`);
    return {
      name,
      mode,
      extensions,
      host,
      port: number('port', 700),
      username,
      sessions: number('sessions', 2),
      commandsPerSecond: number('commands_per_second', 20),
      contacts,
      ...(cell('check_names') ? { checkNames: number('check_names', 20) } : {}),
      ...(cell('cert_file') ? { certFile: cell('cert_file') } : {}),
      ...(cell('key_file') ? { keyFile: cell('key_file') } : {}),
      ...(cell('ca_file') ? { caFile: cell('ca_file') } : {}),
      line,
    };
  });
}

export function loadRegistries(file = registriesPath): RegistryRow[] {
  return parseRegistries(readFileSync(file, 'utf8'));
}

/**
 * Which connection serves each extension: named ones first (an extension named twice is a mistake), then `*` rows
 * take every remaining extension. Returns the map and the catalogue extensions no row serves.
 */
export function assignExtensions(rows: readonly Pick<RegistryRow, 'name' | 'extensions' | 'line'>[], catalogue: readonly string[]) {
  const byExtension = new Map<string, string>();
  for (const row of rows) {
    for (const ext of row.extensions) {
      if (ext === '*') continue;
      const other = byExtension.get(ext);
      if (other) throw problem(row.line, `.${ext} is served by both ${other} and ${row.name}`);
      byExtension.set(ext, row.name);
    }
  }
  const wildcard = rows.filter((row) => row.extensions.includes('*'));
  if (wildcard.length > 1) throw problem(wildcard[1].line, `only one connection may serve * (${wildcard[0].name} already does)`);
  if (wildcard[0]) for (const ext of catalogue) if (!byExtension.has(ext)) byExtension.set(ext, wildcard[0].name);
  const unserved = catalogue.filter((ext) => !byExtension.has(ext));
  return { byExtension, unserved, wildcard: wildcard[0]?.name ?? null };
}
