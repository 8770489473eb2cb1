/**
 * What the typed client promises (issue: "a renamed field fails `tsc`, not a customer"): the server answers with the
 * type the published response schema infers, the client reads the type openapi-typescript generated from the same
 * document, and renaming a response field makes `tsc` refuse a call site that reads the old name. The last is shown
 * by compiling a call site against the types of the document with `domain` renamed in its Domain schema.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, describe, expect, expectTypeOf, test } from 'vitest';
import type { Domain } from '../../api/contract/domains/domain.ts';
import { myDomainsListPath, myDomainsListQuery } from '../../api/contract/domains/first-reads.ts';
import { buildAppOpenApiDocument } from '../../api/openapi/app-document.ts';
import type { AppAnswer } from '../../api/openapi/app-operations.ts';
import { type ApiAnswer, type ApiKey, apiClient, apiKey } from '../../site/kit/api-client.ts';
import { isFailure } from '../../site/kit/api.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('the types on both sides', () => {
  test("a route answers exactly what its operation's response schema infers", () => {
    expectTypeOf<AppAnswer<'GET /domains/:id'>>().toEqualTypeOf<Domain>();
    expectTypeOf<AppAnswer<'PATCH /domains/:id'>>().toEqualTypeOf<Domain>();
  });

  test('a call reads the answer the document gives, and no field it does not', () => {
    expectTypeOf<ApiAnswer<'/domains/{id}', 'get'>['domain']>().toEqualTypeOf<string>();
    expectTypeOf(apiKey('/accounts/0')).toEqualTypeOf<ApiKey<ApiAnswer<'/accounts/0', 'get'>>>();
    const read = async () => {
      const domain = await apiClient.GET('/domains/{id}', { params: { path: { id: 1 } } });
      if (isFailure(domain)) return;
      // @ts-expect-error no such field in the Domain schema
      return domain.domainName;
    };
    // @ts-expect-error the path parameter is required
    const unnamed = () => apiClient.GET('/domains/{id}', {});
    expect([read, unnamed]).toHaveLength(2);
  });

  test('no answer has a field that can only be null (openapi-fetch drops such a field from the types)', () => {
    const document = buildAppOpenApiDocument();
    const components = document.components.schemas as Record<string, unknown>;
    const onlyNull: string[] = [];
    const seen = new Set<string>();
    const walk = (schema: unknown, where: string) => {
      if (typeof schema !== 'object' || schema === null) return;
      const node = schema as Record<string, unknown>;
      if (typeof node.$ref === 'string') {
        const name = node.$ref.split('/').at(-1) as string;
        if (seen.has(name)) return;
        seen.add(name);
        walk(components[name], name);
        return;
      }
      for (const [name, property] of Object.entries((node.properties as Record<string, Record<string, unknown>>) ?? {})) {
        if (property.type === 'null' || (property.const === null && !property.type)) onlyNull.push(`${where}.${name}`);
      }
      for (const [key, value] of Object.entries(node)) walk(value, `${where}/${key}`);
    };
    // Every answer's schema, and the schemas it refers to.
    for (const operations of Object.values(document.paths)) {
      for (const operation of Object.values(operations) as { responses: Record<string, { content?: unknown }> }[]) {
        for (const [status, response] of Object.entries(operation.responses)) if (status.startsWith('2')) walk(response.content, status);
      }
    }
    expect(seen.size).toBeGreaterThan(50);
    expect(onlyNull).toEqual([]);
  });

  test("the account app's first read is the text the server preloads", () => {
    expect(apiKey('/domains', { params: { query: myDomainsListQuery } })).toBe(myDomainsListPath);
  });
});

describe('a response field renamed in the document', () => {
  const scratchRoot = path.join(root, 'node_modules/.cache');
  mkdirSync(scratchRoot, { recursive: true });
  const scratch = mkdtempSync(path.join(scratchRoot, 'typed-client-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  test('fails tsc at a call site that reads the old name', { timeout: 120_000 }, async () => {
    const document = buildAppOpenApiDocument();
    const renamed = structuredClone(document);
    const domainComponent = renamed.components.schemas.Domain as { properties: Record<string, unknown>; required: string[] };
    domainComponent.properties.domainName = domainComponent.properties.domain;
    delete domainComponent.properties.domain;
    domainComponent.required = domainComponent.required.map((field) => (field === 'domain' ? 'domainName' : field));

    // The kit's client as it is, typed by each document's generated paths; one call site reading `domain` against each.
    const client = readFileSync(path.join(root, 'site/kit/api-client.ts'), 'utf8').replace("from './api.ts'", `from '${path.join(root, 'site/kit/api.ts')}'`);
    for (const [name, doc] of [
      ['kept', document],
      ['renamed', renamed],
    ] as const) {
      const types = astToString(await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0], { defaultNonNullable: false }));
      writeFileSync(path.join(scratch, `${name}-paths.d.ts`), types);
      writeFileSync(path.join(scratch, `${name}-client.ts`), client.replace('../../api/contract/api-paths.d.ts', `./${name}-paths.d.ts`));
      writeFileSync(
        path.join(scratch, `${name}-call.ts`),
        [
          `import { apiClient } from './${name}-client.ts';`,
          `import { isFailure } from '${path.join(root, 'site/kit/api.ts')}';`,
          `export async function shout(id: number) {`,
          `  const domain = await apiClient.GET('/domains/{id}', { params: { path: { id } } });`,
          `  return isFailure(domain) ? null : domain.domain.toUpperCase();`,
          `}`,
        ].join('\n'),
      );
    }
    const compilerOptions = {
      strict: true,
      noEmit: true,
      target: 'ES2023',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      allowImportingTsExtensions: true,
      skipLibCheck: true,
      types: [],
    };
    writeFileSync(path.join(scratch, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['kept-call.ts', 'renamed-call.ts'] }));
    const run = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', scratch], { cwd: scratch, encoding: 'utf8' });
    const errors = run.stdout.split('\n').filter((line) => line.includes('error TS'));
    expect(errors.filter((line) => !line.startsWith('renamed-call.ts'))).toEqual([]);
    expect(errors).toEqual([expect.stringMatching(/^renamed-call\.ts\(5,\d+\): error TS(2339|2551): Property 'domain' does not exist/)]);
  });
});
