/**
 * Imports run one way (DESIGN.md "Layers"): this reads every source file's imports and fails on one that crosses a
 * layer the wrong way. What is already crossed today is listed below by name; the layering refactor removes those
 * entries, and an entry that no longer happens fails too, so the list only shrinks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot, sourceFiles } from './source-files.ts';
import { knownTierCrossings, tiers } from './area-tiers.ts';

const sourceRoots = ['api', 'site', 'account-app/src', 'admin-app/src'];
const sourceExtensions = ['.ts', '.tsx', '.astro', '.mjs'];

/** npm packages that run in a browser as well as on the server: the only ones api/contract may use. */
const isomorphicPackages = ['zod', 'date-fns', 'libphonenumber-js', 'i18n-iso-countries', 'fastest-levenshtein'];

type Import = { from: string; to: string };
type Rule = { name: string; why: string; breaks: (edge: Import) => boolean };

const within = (file: string, folder: string) => file.startsWith(`${folder}/`);
const isRelativeTarget = (to: string) => !to.startsWith('package:');

/** The area of a file under api/services (its first folder there), or null outside it. */
export const areaOf = (file: string) => (within(file, 'api/services') ? file.split('/')[2] : null);
export const tierOf = (area: string) => tiers.findIndex((tier) => tier.areas.includes(area));

export const rules: Rule[] = [
  {
    name: 'a route does not touch the database',
    why: 'routes parse, call one service and answer; SQL lives in services',
    breaks: ({ from, to }) => within(from, 'api/routes') && within(to, 'api/db'),
  },
  {
    name: 'a route does not import another route',
    why: 'what routes share lives in api/http or a service',
    breaks: ({ from, to }) => within(from, 'api/routes') && within(to, 'api/routes') && from !== to,
  },
  {
    name: 'a service does not import api/http',
    why: 'services know nothing of HTTP: jobs and tests call them without a request',
    breaks: ({ from, to }) => within(from, 'api/services') && within(to, 'api/http'),
  },
  {
    name: 'services, jobs, the database and providers do not import routes',
    why: 'imports run routes → services → db and providers',
    breaks: ({ from, to }) => ['api/services', 'api/jobs', 'api/db', 'api/providers'].some((f) => within(from, f)) && within(to, 'api/routes'),
  },
  {
    name: 'an area imports only its own tier and those below',
    why: 'the areas of api/services are layered (tiers above): a lower area that needs a higher one has it passed in, or the shared part moves down',
    breaks: ({ from, to }) => {
      const [fromArea, toArea] = [areaOf(from), areaOf(to)];
      return fromArea !== null && toArea !== null && tierOf(toArea) > tierOf(fromArea);
    },
  },
  {
    name: 'a job does not import api/http',
    why: 'jobs call services, as routes do, with no request around them',
    breaks: ({ from, to }) => within(from, 'api/jobs') && within(to, 'api/http'),
  },
  {
    name: 'api/contract imports nothing server-side',
    why: 'both front ends import the contract; only other contract files and isomorphic packages may come with it',
    breaks: ({ from, to }) =>
      within(from, 'api/contract') && (isRelativeTarget(to) ? !within(to, 'api/contract') : !isomorphicPackages.includes(to.slice('package:'.length))),
  },
  {
    name: 'the account app imports nothing from site/ but the kit',
    why: 'the two front ends share only the front-end kit (@kit) and the contract',
    breaks: ({ from, to }) => within(from, 'account-app/src') && within(to, 'site') && !within(to, 'site/kit'),
  },
  {
    name: 'the site imports nothing from the account app',
    why: 'the two front ends share only the front-end kit (@kit) and the contract',
    breaks: ({ from, to }) => within(from, 'site') && within(to, 'account-app'),
  },
  {
    name: 'the back office imports nothing from site/ but the kit',
    why: 'the front ends share only the front-end kit (@kit) and the contract',
    breaks: ({ from, to }) => within(from, 'admin-app/src') && within(to, 'site') && !within(to, 'site/kit'),
  },
  {
    name: 'the back office and the other front ends do not import each other',
    why: 'the front ends share only the front-end kit (@kit) and the contract',
    breaks: ({ from, to }) =>
      (within(from, 'admin-app') && within(to, 'account-app')) || ((within(from, 'site') || within(from, 'account-app')) && within(to, 'admin-app')),
  },
  {
    name: 'the kit imports only itself, the contract and content',
    why: 'both front ends import the kit; it cannot lean on either of them (content/ holds the brand settings)',
    breaks: ({ from, to }) => within(from, 'site/kit') && isRelativeTarget(to) && !['site/kit', 'api/contract', 'content'].some((folder) => within(to, folder)),
  },
  {
    name: 'the front ends reach the server only over HTTP',
    why: 'site/, account-app/ and admin-app/ may import api/contract and nothing else of api/',
    breaks: ({ from, to }) => ['site', 'account-app', 'admin-app'].some((f) => within(from, f)) && within(to, 'api') && !within(to, 'api/contract'),
  },
];

const tierRule = 'an area imports only its own tier and those below';

/**
 * Known crossings, each naming the file, the file it imports, and the rule it breaks: only the tiers' known crossings
 * above (the other rules' list was emptied by the layering refactor; do not add to it: fix the import instead).
 */
export const knownViolations: (Import & { rule: string })[] = knownTierCrossings.flatMap(({ imports }) =>
  imports.map(([from, to]) => ({ from: `api/services/${from}`, to: `api/services/${to}`, rule: tierRule })),
);

// Static imports and re-exports (type-only too: they still tie one layer to another), side-effect imports, import().
const importPattern = /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?['"]([^'"\n]+)['"]|\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;

/** The specifiers a source file imports, resolved to repository paths, or `package:<name>` for npm packages. */
export function importsOf(file: string, source: string): Import[] {
  return [...source.matchAll(importPattern)].map((match) => {
    const specifier = match[1] ?? match[2];
    if (specifier.startsWith('@kit/')) return { from: file, to: `site/kit/${specifier.slice('@kit/'.length)}` };
    if (specifier.startsWith('.')) return { from: file, to: path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)) };
    const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
    return { from: file, to: `package:${name}` };
  });
}

function violationsOf(edges: Import[]) {
  return edges.flatMap((edge) => rules.filter((rule) => rule.breaks(edge)).map((rule) => ({ rule: rule.name, from: edge.from, to: edge.to })));
}

const key = (v: { rule: string; from: string; to: string }) => `${v.from} → ${v.to} (${v.rule})`;

/**
 * Every import circle among the sources (type-only and dynamic imports count: a circle of types still means neither
 * file can be read without the other), each as the files around it, starting from the first in sort order.
 * Tarjan's strongly connected components, then one shortest loop through each component's first file.
 */
export function findImportCircles(edges: Import[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const { from, to } of edges) {
    if (to.startsWith('package:')) continue;
    graph.set(from, [...(graph.get(from) ?? []), to]);
  }
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, indices.get(next) ?? 0));
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || selfLoop) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) visit(node);
  return components.map((component) => {
    const members = new Set(component);
    const start = component[0];
    // Breadth-first from the start back to itself, inside the component: the shortest circle through it.
    const previous = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const node = queue.shift() as string;
      for (const next of graph.get(node) ?? []) {
        if (!members.has(next)) continue;
        if (next === start) {
          const loop = [node];
          while (loop[0] !== start) loop.unshift(previous.get(loop[0]) as string);
          return [...loop, start];
        }
        if (!previous.has(next)) {
          previous.set(next, node);
          queue.push(next);
        }
      }
    }
    return [start, start];
  });
}

describe('import directions', () => {
  const files = sourceRoots.flatMap((folder) => sourceFiles(folder, sourceExtensions));
  const edges = files.flatMap((file) => importsOf(file, readFileSync(path.join(repoRoot, file), 'utf8')));
  const found = violationsOf(edges);
  const known = new Set(knownViolations.map(key));

  test('every area of api/services has one tier, and every tier names areas that exist', () => {
    const areas = readdirSync(path.join(repoRoot, 'api/services'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && files.some((file) => within(file, `api/services/${entry.name}`)))
      .map((entry) => entry.name);
    expect(areas.filter((area) => tierOf(area) < 0)).toEqual([]);
    const named = tiers.flatMap((tier) => tier.areas);
    expect(named.filter((area) => !areas.includes(area))).toEqual([]);
    expect(named.filter((area, i) => named.indexOf(area) !== i)).toEqual([]);
  });

  test('each known crossing is justified, once, and is a crossing of the tiers', () => {
    for (const group of knownTierCrossings) expect(group.why.length, group.imports.join(' ')).toBeGreaterThan(20);
    const keys = knownViolations.map(key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    for (const v of knownViolations)
      expect(
        violationsOf([v]).map((found) => found.rule),
        key(v),
      ).toEqual([tierRule]);
  });

  test('the check sees the sources and their imports', () => {
    for (const folder of ['api/routes', 'api/services', 'api/contract', 'site/kit', 'site/islands', 'account-app/src', 'admin-app/src']) {
      expect(
        edges.some((edge) => within(edge.from, folder)),
        `no imports read in ${folder}`,
      ).toBe(true);
    }
    // The reader sees real multi-line and type-only imports, the ones a careless reading would miss.
    const has = (from: string, to: string) => edges.some((edge) => edge.from === from && edge.to === to);
    expect(has('api/services/platform/seed.ts', 'api/db/schema/index.ts'), 'multi-line import').toBe(true);
    expect(has('api/http/env.ts', 'api/deps.ts'), 'type-only import').toBe(true);
  });

  /** What the check reports: crossings that are not known, each with its rule's reason. */
  const unknownCrossings = (edges: Import[]) =>
    violationsOf(edges)
      .filter((v) => !known.has(key(v)))
      .map((v) => `${key(v)}: ${rules.find((rule) => rule.name === v.rule)?.why}`);

  test('no import crosses a layer the wrong way, beyond the known ones', () => {
    expect(unknownCrossings(edges)).toEqual([]);
  });

  test('a new import from a lower tier of areas to a higher one is refused, a known one and one downwards pass', () => {
    const fixture = [
      "import { queueMessage } from '../platform/messages.ts';",
      "import type { CustomerRecord } from '../support/customer-record.ts';",
      "import { syncZone } from '../dns/zone.ts';",
    ].join('\n');
    expect(unknownCrossings(importsOf('api/services/kernel/tokens.ts', fixture))).toEqual([
      `api/services/kernel/tokens.ts → api/services/support/customer-record.ts (${tierRule}): ${rules.find((rule) => rule.name === tierRule)?.why}`,
      `api/services/kernel/tokens.ts → api/services/dns/zone.ts (${tierRule}): ${rules.find((rule) => rule.name === tierRule)?.why}`,
    ]);
    // The same import from the file that is known to make it passes; from its neighbour it does not.
    expect(unknownCrossings(importsOf('api/services/domains/suspensions.ts', fixture))).toHaveLength(1);
    expect(unknownCrossings(importsOf('api/services/domains/domains.ts', fixture))).toHaveLength(2);
  });

  test('no import circles: every file can be read before the files that import it', () => {
    expect(findImportCircles(edges).map((loop) => loop.join(' → '))).toEqual([]);
  });

  test('the circle check finds circles of any length, and none in a one-way chain', () => {
    const edge = (from: string, to: string) => ({ from, to });
    expect(findImportCircles([edge('a.ts', 'b.ts'), edge('b.ts', 'c.ts'), edge('c.ts', 'a.ts'), edge('c.ts', 'd.ts')])).toEqual([
      ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
    ]);
    expect(findImportCircles([edge('a.ts', 'a.ts')])).toEqual([['a.ts', 'a.ts']]);
    expect(findImportCircles([edge('a.ts', 'b.ts'), edge('b.ts', 'c.ts'), edge('a.ts', 'c.ts'), edge('a.ts', 'package:zod')])).toEqual([]);
  });

  test('every known crossing still happens (remove the entry once it is fixed)', () => {
    const current = new Set(found.map(key));
    expect(knownViolations.map(key).filter((k) => !current.has(k))).toEqual([]);
  });

  test('each rule catches what it forbids, and lets the allowed direction through', () => {
    const cases: [Import, string | null][] = [
      [{ from: 'api/routes/domains.ts', to: 'api/db/client.ts' }, 'a route does not touch the database'],
      [{ from: 'api/routes/domains.ts', to: 'api/routes/carts.ts' }, 'a route does not import another route'],
      [{ from: 'api/routes/domains.ts', to: 'api/services/domains/domains.ts' }, null],
      [{ from: 'api/services/renewals/renewals.ts', to: 'api/http/app-error.ts' }, 'a service does not import api/http'],
      [{ from: 'api/services/renewals/renewals.ts', to: 'api/db/schema/index.ts' }, null],
      [{ from: 'api/contract/money.ts', to: 'api/db/schema/index.ts' }, 'api/contract imports nothing server-side'],
      [{ from: 'api/contract/money.ts', to: 'package:drizzle-orm' }, 'api/contract imports nothing server-side'],
      [{ from: 'api/contract/money.ts', to: 'package:zod' }, null],
      [{ from: 'account-app/src/routes.tsx', to: 'site/stores/cart.ts' }, 'the account app imports nothing from site/ but the kit'],
      [{ from: 'account-app/src/routes.tsx', to: 'site/kit/Modal.tsx' }, null],
      [{ from: 'admin-app/src/routes.tsx', to: 'site/kit/Modal.tsx' }, null],
      [{ from: 'admin-app/src/routes.tsx', to: 'site/stores/cart.ts' }, 'the back office imports nothing from site/ but the kit'],
      [{ from: 'admin-app/src/routes.tsx', to: 'account-app/src/swr.ts' }, 'the back office and the other front ends do not import each other'],
      [{ from: 'admin-app/src/shell/Shell.tsx', to: 'api/services/staff/staff-members.ts' }, 'the front ends reach the server only over HTTP'],
      [{ from: 'admin-app/src/shell/Shell.tsx', to: 'api/contract/staff/roles.ts' }, null],
      [{ from: 'site/kit/api.ts', to: 'site/stores/cart.ts' }, 'the kit imports only itself, the contract and content'],
      [{ from: 'site/islands/cart/CartPage.tsx', to: 'api/services/carts/carts.ts' }, 'the front ends reach the server only over HTTP'],
      // The tiers: down and sideways pass, up is refused, from the kernel to the operator's areas and one step up.
      [{ from: 'api/services/kernel/tokens.ts', to: 'api/services/support/customer-help.ts' }, tierRule],
      [{ from: 'api/services/auth/sign-in.ts', to: 'api/services/domains/domains.ts' }, tierRule],
      [{ from: 'api/services/dns/zone.ts', to: 'api/services/checkout/order-delivery.ts' }, tierRule],
      [{ from: 'api/services/domains/domains.ts', to: 'api/services/dns/zone.ts' }, tierRule],
      [{ from: 'api/services/support/customer-help.ts', to: 'api/services/kernel/tokens.ts' }, null],
      [{ from: 'api/services/checkout/orders.ts', to: 'api/services/renewals/renewals.ts' }, null],
      [{ from: 'api/services/dns/zone.ts', to: 'api/services/domains/domains.ts' }, null],
      [{ from: 'api/services/auth/second-factors/mfa.ts', to: 'api/services/auth/sign-in.ts' }, null],
      [{ from: 'api/routes/domains.ts', to: 'api/services/support/customer-help.ts' }, null],
      [{ from: 'api/jobs/domain-calendar.ts', to: 'api/services/renewals/domain-calendar.ts' }, null],
    ];
    for (const [edge, rule] of cases)
      expect(
        violationsOf([edge]).map((v) => v.rule),
        `${edge.from} → ${edge.to}`,
      ).toEqual(rule ? [rule] : []);
  });

  test('the reader resolves relative, aliased, multi-line, type-only and dynamic imports', () => {
    const source = [
      "import { a,\n  b } from '../db/schema/index.ts';",
      "import type { Auth } from '../http/env.ts';",
      "import '@kit/base.css';",
      "const lazy = import('./carts.ts');",
      "export { thing } from '@scope/pkg/deep';",
    ].join('\n');
    expect(importsOf('api/routes/x.ts', source).map((edge) => edge.to)).toEqual([
      'api/db/schema/index.ts',
      'api/http/env.ts',
      'site/kit/base.css',
      'api/routes/carts.ts',
      'package:@scope/pkg',
    ]);
  });
});
