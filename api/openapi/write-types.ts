/**
 * `npm run openapi:types`: writes the TypeScript types openapi-typescript makes of both documents: the public one's
 * (api/openapi/schema.d.ts, what a customer's client would generate) and the front ends' (api/contract/api-paths.d.ts,
 * which the kit's client is typed from; in the contract because the front ends may import nothing else of api/).
 * tests/api/auth/openapi-client.test.ts makes them again in memory and fails when a committed file is stale.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildAppOpenApiDocument } from './app-document.ts';
import { buildOpenApiDocument } from './document.ts';

export const openApiTypesPath = path.resolve(import.meta.dirname, 'schema.d.ts');
export const appApiTypesPath = path.resolve(import.meta.dirname, '../contract/api-paths.d.ts');

const header = (from: string) => `// Generated from ${from} by openapi-typescript: run \`npm run openapi:types\`, do not edit.\n\n`;

async function typesOf(document: object, from: string): Promise<string> {
  // A field with a default may be left out of a request, so it is optional in the types (openapi-typescript's default
  // makes it required, which suits answers only).
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], { defaultNonNullable: false });
  return header(from) + astToString(ast);
}

export const openApiTypes = () => typesOf(buildOpenApiDocument(), 'GET /api/openapi.json');
export const appApiTypes = () => typesOf(buildAppOpenApiDocument(), 'the front ends’ document (api/openapi/app-document.ts)');

if (import.meta.main) {
  writeFileSync(openApiTypesPath, await openApiTypes());
  writeFileSync(appApiTypesPath, await appApiTypes());
  console.log(`Wrote ${path.relative(process.cwd(), openApiTypesPath)} and ${path.relative(process.cwd(), appApiTypesPath)}`);
}
