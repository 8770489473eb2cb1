/**
 * The e2e server's sandbox registry as an outside EPP client sees it: Debian's Net::EPP (tests/fixtures/net-epp/info.pl)
 * logs in to the sandbox EPP server on its fixed e2e port and asks for a name's <info>, so a spec can show that what the
 * storefront bought went to the registry over EPP.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { e2eSandboxEpp } from '../../../playwright.config.ts';

export type RegistryInfo = { name: string | null; clID: string | null; exDate: string | null; status: string[] | null; ns: string[]; code: number };

const script = path.resolve(import.meta.dirname, '../../fixtures/net-epp/info.pl');

/** The registry's <info> for `domain`, logged in as the sandbox registry of its extension (README's credentials). */
export function registryInfo(domain: string): Promise<RegistryInfo> {
  const login = domain.endsWith('.com') || domain.endsWith('.net') ? e2eSandboxEpp.verisign : e2eSandboxEpp.identityDigital;
  return new Promise((resolve, reject) => {
    execFile('perl', [script, '127.0.0.1', String(e2eSandboxEpp.port), login.clID, login.password, domain], { timeout: 30_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`Net::EPP: ${error.message}\n${stderr}`));
      else resolve(JSON.parse(stdout) as RegistryInfo);
    });
  });
}
