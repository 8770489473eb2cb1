/**
 * The source files of the repository, for the checks that read the tree (file sizes, layers, the typed client, the one
 * date module, row types): paths relative to the root, what is built or installed left out.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Folders of what a tool wrote, wherever they are; a folder merely named like one (site/islands/public) is read. */
const builtOrInstalled = new Set(['node_modules', 'dist', '.astro', '.data', 'test-results', 'playwright-report']);
/** The site's static files, served as they are. */
const staticFolders = new Set(['site/public']);

/** Every file under `folder` whose name ends with one of `extensions`. */
export function sourceFiles(folder: string, extensions: readonly string[]): string[] {
  return readdirSync(path.join(repoRoot, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return builtOrInstalled.has(entry.name) || staticFolders.has(relative) ? [] : sourceFiles(relative, extensions);
    return extensions.some((ext) => entry.name.endsWith(ext)) ? [relative] : [];
  });
}
