/** Builds the Astro site, the account SPA and the back office SPA when their sources are newer than their output (or with --force). */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkContent, describeProblems } from '../site/lib/content-check.ts';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

type Target = { name: string; stamp: string; inputs: string[]; command: string[] };

const targets: Target[] = [
  {
    name: 'site',
    stamp: 'dist/index.html',
    inputs: ['site', 'content', 'astro.config.mjs', 'api/contract', 'package.json'],
    command: ['bun', '--bun', 'astro', 'build', '--silent'],
  },
  {
    name: 'account app',
    stamp: 'account-app/dist/index.html',
    inputs: ['account-app/src', 'account-app/index.html', 'account-app/vite.config.ts', 'site/kit', 'api/contract', 'content/brand.json'],
    command: ['bun', '--bun', 'vite', 'build', '--config', 'account-app/vite.config.ts', '--logLevel', 'warn'],
  },
  {
    name: 'back office',
    stamp: 'admin-app/dist/index.html',
    inputs: ['admin-app/src', 'admin-app/index.html', 'admin-app/vite.config.ts', 'site/kit', 'api/contract', 'content/brand.json'],
    command: ['bun', '--bun', 'vite', 'build', '--config', 'admin-app/vite.config.ts', '--logLevel', 'warn'],
  },
];

export async function buildWhatIsMissing(options: { force?: boolean } = {}): Promise<string[]> {
  const built: string[] = [];
  for (const target of targets) {
    const stamp = path.join(root, target.stamp);
    const stale = options.force || !existsSync(stamp) || target.inputs.some((input) => newestMtime(path.join(root, input)) > statSync(stamp).mtimeMs);
    if (!stale) continue;
    if (target.name === 'site') {
      // Before Astro starts: an editor's mistake is a list of lines to fix, not a build stack trace.
      const problems = checkContent(root);
      if (problems.length) throw new Error(describeProblems(problems));
    }
    const started = performance.now();
    console.log(`Building the ${target.name}...`);
    const proc = Bun.spawn(target.command, {
      cwd: root,
      stdout: 'inherit',
      stderr: 'inherit',
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    });
    if ((await proc.exited) !== 0) throw new Error(`Building the ${target.name} failed (see above)`);
    console.log(`Built the ${target.name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    built.push(target.name);
  }
  return built;
}

if (import.meta.main) {
  try {
    await buildWhatIsMissing({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
