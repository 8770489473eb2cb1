/**
 * The content check: every mistake an editor can make in content/ that the site would show wrongly or not build on,
 * each with the file, the line and what to write instead. The Astro build and dev server run it (and show it in the
 * terminal and the browser overlay); `npm test` runs it over the real content.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { LineCounter, parseDocument, isMap, isScalar } from 'yaml';
import type { z } from 'astro/zod';
import { readCatalogue } from '../../api/contract/search/catalogue.ts';
import { closestMatch } from '../../api/contract/closest.ts';
import { isSaleFigure, saleFigureNames, saleFigureReference, saleFigures } from '../../api/contract/selling/sale-figures.ts';
import { contentCollections } from '../content-schemas.ts';
import { checkCopyPrices } from './copy-prices-check.ts';

export type ContentProblem = { file: string; line: number; message: string; fix: string };

/** Anchors other pages and the footer link to (/terms#…): the Terms must keep them. */
export const requiredLegalAnchors = ['AcceptableUseTerms', 'PaymentTerms', 'BrokerageTerms'] as const;
const termsFile = 'content/legal/terms.mdx';

/** Paths served by the API server rather than by a page in site/pages. */
const appPrefixes = ['/account', '/api/', '/for-sale/', '/rdap/', '/dev/'];

export function formatProblem(problem: ContentProblem): string {
  return `${problem.file}:${problem.line}  ${problem.message}.\n    → ${problem.fix}`;
}

/** Every problem, for the terminal: how many, then each with its file, line and fix. */
export function describeProblems(problems: ContentProblem[]): string {
  return `The content check found ${problems.length} mistake${problems.length === 1 ? '' : 's'}:\n\n${problems.map(formatProblem).join('\n\n')}`;
}

export function checkContent(root: string): ContentProblem[] {
  const mdx = listMdx(root);
  const routes = siteRoutes(root, mdx);
  const pagesByRoute = new Map(mdx.filter((file) => file.route).map((file) => [file.route as string, file]));
  return [
    ...mdx.flatMap((file) => checkFrontMatter(file)),
    ...checkCatalogueFile(root),
    ...checkBrandFile(root),
    ...mdx.flatMap((file) => checkLinks(root, file, routes, pagesByRoute)),
    ...mdx.flatMap((file) => {
      const sale = checkSaleFigures(file);
      return [...sale, ...checkCopyPrices(file, new Set(sale.map((problem) => problem.line)))];
    }),
    ...checkLegalAnchors(root),
  ];
}

type MdxFile = { relative: string; collection: keyof typeof contentCollections; text: string; route: string | null };

function listMdx(root: string): MdxFile[] {
  const files: MdxFile[] = [];
  for (const [collection, { folder }] of Object.entries(contentCollections) as [keyof typeof contentCollections, { folder: string }][]) {
    const dir = path.join(root, 'content', folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith('.mdx'))
      .sort()) {
      const relative = `content/${folder}/${name}`;
      files.push({ relative, collection, text: readFileSync(path.join(dir, name), 'utf8'), route: routeOf(collection, name.replace(/\.mdx$/, '')) });
    }
  }
  return files;
}

/** The page a content file becomes, where that is fixed (for checking links to its anchors). */
function routeOf(collection: string, id: string): string | null {
  if (collection === 'blog') return `/blog/${id}`;
  if (collection === 'legal') return { legal: '/legal', udrp: '/legal/UDRP' }[id] ?? `/${id}`;
  if (collection === 'pages') return id === 'home' ? '/' : `/${id}`;
  return null;
}

function siteRoutes(root: string, mdx: MdxFile[]): Set<string> {
  const routes = new Set<string>();
  const pagesDir = path.join(root, 'site/pages');
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full, `${prefix}/${name}`);
      else if (!name.includes('[')) {
        const base = name.replace(/\.(astro|ts|md|mdx)$/, '');
        routes.add(base === 'index' ? prefix || '/' : `${prefix}/${base}`);
      }
    }
  };
  if (existsSync(pagesDir)) walk(pagesDir, '');
  for (const file of mdx) if (file.collection === 'blog' && file.route) routes.add(file.route);
  const publicDir = path.join(root, 'site/public');
  if (existsSync(publicDir)) for (const name of readdirSync(publicDir)) routes.add(`/${name}`);
  return routes;
}

/** Front matter: YAML that parses, no field the site does not know, every value of the right kind. */
function checkFrontMatter(file: MdxFile): ContentProblem[] {
  const match = /^---\r?\n([\s\S]*?)\r?\n---(\r?\n|$)/.exec(file.text);
  const problem = (line: number, message: string, fix: string): ContentProblem => ({ file: file.relative, line, message, fix });
  if (!match) return [problem(1, 'The file has no front matter', 'Start the file with a block between two --- lines holding at least title: and description:')];
  const lineCounter = new LineCounter();
  const doc = parseDocument(match[1], { lineCounter, prettyErrors: false });
  // The front matter starts on line 2 (after the opening ---).
  const lineAt = (offset: number) => lineCounter.linePos(offset).line + 1;
  if (doc.errors.length) {
    const [error] = doc.errors;
    return [
      problem(
        lineAt(error.pos[0]),
        `The front matter is not valid YAML: ${error.message.split('\n')[0]}`,
        'Write each field as name: value on its own line; put a value containing a colon in "double quotes"',
      ),
    ];
  }
  const keyLines = new Map<string, number>();
  if (isMap(doc.contents)) {
    for (const item of doc.contents.items) {
      if (isScalar(item.key) && item.key.range) keyLines.set(String(item.key.value), lineAt(item.key.range[0]));
    }
  }
  const schema = contentCollections[file.collection].schema as unknown as z.ZodObject<z.ZodRawShape>;
  const known = Object.keys(schema.shape);
  const problems: ContentProblem[] = [];
  for (const [key, line] of keyLines) {
    if (known.includes(key)) continue;
    const near = closestMatch(key, known);
    problems.push(
      problem(
        line,
        `Unknown front-matter field "${key}"`,
        near ? `Did you mean "${near}"? Write ${near}: instead` : `Remove it, or use one of: ${known.join(', ')}`,
      ),
    );
  }
  const parsed = schema.safeParse(doc.toJS() ?? {});
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [top] = issue.path;
      const field = issue.path.join('.');
      const line = keyLines.get(String(top)) ?? 2;
      if (issue.path.length === 1 && !keyLines.has(String(top))) {
        problems.push(problem(line, `The required field "${field}" is missing`, `Add a line ${field}: … to the front matter`));
      } else problems.push(problem(line, `The field "${field}" is wrong: ${issue.message}`, fixFor(field, issue)));
    }
  }
  return problems;
}

function fixFor(field: string, issue: z.core.$ZodIssue): string {
  if (/price/i.test(field) || (issue.code === 'invalid_type' && issue.expected === 'int')) return 'Write prices as whole US cents: 1299 for $12.99';
  if (/date/i.test(field)) return 'Write the date as YYYY-MM-DD, e.g. 2026-11-23';
  if (issue.code === 'invalid_value' && 'values' in issue) return `Write one of: ${issue.values.join(', ')}`;
  if (issue.code === 'invalid_type') return `Write a ${issue.expected} here`;
  return 'See the other pages of this folder for an example of this field';
}

function checkCatalogueFile(root: string): ContentProblem[] {
  const file = path.join(root, 'content/tlds.csv');
  if (!existsSync(file)) return [];
  return readCatalogue(readFileSync(file, 'utf8')).problems.map((p) => ({ file: 'content/tlds.csv', ...p }));
}

function checkBrandFile(root: string): ContentProblem[] {
  const file = path.join(root, 'content/brand.json');
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  try {
    JSON.parse(text);
    return [];
  } catch (error) {
    const position = /position (\d+)/.exec(String(error))?.[1];
    const line = position ? text.slice(0, Number(position)).split('\n').length : 1;
    return [
      {
        file: 'content/brand.json',
        line,
        message: `The brand file is not valid JSON: ${(error as Error).message}`,
        fix: 'Put every name and text in "double quotes" and a comma between fields, none after the last',
      },
    ];
  }
}

const linkPatterns = [/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g, /href=["']([^"']+)["']/g, /^\s*href:\s*["']?([^"'\s]+)["']?\s*$/gm];

/** Internal links in the body and the front matter lead to a page that exists (and to an anchor on it, where known). */
function checkLinks(root: string, file: MdxFile, routes: Set<string>, pagesByRoute: Map<string, MdxFile>): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const lines = file.text.split('\n');
  lines.forEach((text, index) => {
    for (const pattern of linkPatterns) {
      for (const found of text.matchAll(pattern)) {
        const href = found[1];
        if (!(href.startsWith('/') && !href.startsWith('//')) && !href.startsWith('#')) continue;
        const [pathPart, anchor] = href.split('#');
        const target = (pathPart.split('?')[0] || file.route || '').replace(/\/$/, '') || '/';
        if (pathPart && !routes.has(target) && !appPrefixes.some((prefix) => target.startsWith(prefix) || `${target}/` === prefix)) {
          const near = closestMatch(target, [...routes]);
          problems.push({
            file: file.relative,
            line: index + 1,
            message: `The link to ${href} leads to no page`,
            fix: near ? `Did you mean ${near}${anchor ? `#${anchor}` : ''}?` : 'Link to a page of the site, e.g. /pricing',
          });
          continue;
        }
        if (!anchor) continue;
        const targetFile = pathPart ? pagesByRoute.get(target) : file;
        if (!targetFile) continue;
        const ids = anchorsOf(targetFile.text + pageTemplate(root, targetFile.route));
        if (!ids.has(anchor)) {
          const near = closestMatch(anchor, [...ids]);
          problems.push({
            file: file.relative,
            line: index + 1,
            message: `The link to ${href} points at "#${anchor}", which ${targetFile.relative} does not have`,
            fix: near ? `Did you mean #${near}?` : `Link to a heading that exists on that page, or add id="${anchor}" to one`,
          });
        }
      }
    }
  });
  return problems;
}

const figureList = (names = saleFigureNames) => names.map((name) => `{sale.${name}} (${saleFigures[name]})`).join(', ');
const percentFigures = saleFigureNames.filter((name) => saleFigures[name].endsWith('%'));
const amountFigures = saleFigureNames.filter((name) => saleFigures[name].startsWith('$'));
const payoutWords = /commission|payout|you receive|bonus|\bsales?\b/i;
const typedFigure = /\$\s?\d{1,3}(?:,\d{3})*(?:\.\d\d)?|\b\d+(?:\.\d+)?\s?%/g;

/**
 * The seller payout's figures come from the Sell form's constants (issue #25): every `{sale.…}` must name one, and a
 * passage about payouts or commission (a paragraph, a table, a front-matter line) may not type a percentage or an
 * amount by hand, which is how the pages came to say 25% when the form said 70%.
 */
function checkSaleFigures(file: MdxFile): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const lines = file.text.split('\n');
  const frontMatterEnd = /^---\r?\n[\s\S]*?\r?\n---(\r?\n|$)/.exec(file.text)?.[0].split('\n').length ?? 0;
  lines.forEach((text, index) => {
    for (const found of text.matchAll(saleFigureReference)) {
      if (isSaleFigure(found[1])) continue;
      const near = closestMatch(found[1], saleFigureNames);
      problems.push({
        file: file.relative,
        line: index + 1,
        message: `Unknown figure "${found[0]}"`,
        fix: near ? `Did you mean {sale.${near}}?` : `Use one of: ${figureList()}`,
      });
    }
  });
  // Passages: each front-matter line, then the body's blocks between blank lines.
  const passages: { start: number; lines: string[] }[] = [];
  lines.forEach((text, index) => {
    if (index < frontMatterEnd) passages.push({ start: index, lines: [text] });
    else if (text.trim() === '') passages.push({ start: index + 1, lines: [] });
    else (passages.at(-1) ?? passages[passages.push({ start: index, lines: [] }) - 1]).lines.push(text);
  });
  for (const passage of passages) {
    if (!passage.lines.some((text) => payoutWords.test(text))) continue;
    passage.lines.forEach((text, offset) => {
      for (const found of text.replace(saleFigureReference, '').matchAll(typedFigure)) {
        const typed = found[0].trim();
        problems.push({
          file: file.relative,
          line: passage.start + offset + 1,
          message: `A payout or commission figure typed by hand ("${typed}")`,
          fix: `Write it as {sale.…} so it follows the Sell form: ${figureList(typed.endsWith('%') ? percentFigures : amountFigures)}`,
        });
      }
    });
  }
  return problems;
}

/** The .astro page that renders a route: its sections carry ids too (/pricing#domainPricing). */
function pageTemplate(root: string, route: string | null): string {
  if (!route) return '';
  const base = path.join(root, 'site/pages', route === '/' ? 'index' : route);
  for (const candidate of [`${base}.astro`, path.join(base, 'index.astro')]) if (existsSync(candidate)) return readFileSync(candidate, 'utf8');
  return '';
}

/** Explicit ids and the ids Markdown gives headings (lower case, spaces to hyphens, punctuation dropped). */
function anchorsOf(text: string): Set<string> {
  const ids = new Set<string>();
  for (const found of text.matchAll(/\sid=["']([^"']+)["']/g)) ids.add(found[1]);
  for (const found of text.matchAll(/^#{1,6}\s+(.+?)\s*$/gm)) {
    ids.add(
      found[1]
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s-]/gu, '')
        .replace(/\s/g, '-'),
    );
  }
  return ids;
}

function checkLegalAnchors(root: string): ContentProblem[] {
  const file = path.join(root, termsFile);
  if (!existsSync(file))
    return [
      {
        file: termsFile,
        line: 1,
        message: 'The Terms of Service file is missing',
        fix: 'Restore content/legal/terms.mdx: the site links to it from every page',
      },
    ];
  const ids = anchorsOf(readFileSync(file, 'utf8'));
  return requiredLegalAnchors
    .filter((anchor) => !ids.has(anchor))
    .map((anchor) => ({
      file: termsFile,
      line: 1,
      message: `The Terms have lost the anchor "${anchor}", which the footer, checkout and other pages link to (/terms#${anchor})`,
      fix: `Put id="${anchor}" on that section's heading, e.g. <h2 id="${anchor}">…</h2>`,
    }));
}
