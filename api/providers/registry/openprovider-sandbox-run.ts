/**
 * `bun api/providers/registry/openprovider-sandbox-run.ts`: the Openprovider stand-in on OPENPROVIDER_SANDBOX_PORT
 * (default 4590) behind Prism in proxy mode on OPENPROVIDER_PRISM_PORT (default 4591), which checks every request and
 * answer against the vendored contract (tests/fixtures/openprovider/swagger.json) and logs any violation. Prints the
 * variables that point a Dotspot at it.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { loadCatalogue } from '../../services/search/catalogue.ts';
import { sandboxCostsFromCatalogue, startOpenproviderSandbox } from './openprovider-sandbox-server.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const sandboxPort = Number(process.env.OPENPROVIDER_SANDBOX_PORT ?? 4590);
const prismPort = Number(process.env.OPENPROVIDER_PRISM_PORT ?? 4591);
const credentials = { username: 'reseller', password: 'sandbox-password' };

const upstream = await startOpenproviderSandbox({ port: sandboxPort, ...credentials, costs: sandboxCostsFromCatalogue(loadCatalogue().list) });
const prism = spawn(
  path.join(root, 'node_modules/.bin/prism'),
  ['proxy', path.join(root, 'tests/fixtures/openprovider/swagger.json'), upstream.url, '--errors', '-p', String(prismPort), '-h', '127.0.0.1'],
  { stdio: ['ignore', 'inherit', 'inherit'] },
);
console.log(`Openprovider stand-in at ${upstream.url}; Prism validating in front of it. Point Dotspot at it with:`);
console.log(`  OPENPROVIDER_URL=http://127.0.0.1:${prismPort} OPENPROVIDER_USERNAME=${credentials.username} OPENPROVIDER_PASSWORD=${credentials.password}`);
const stop = async () => {
  prism.kill('SIGTERM');
  await upstream.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
