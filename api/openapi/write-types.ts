/**
 * `npm run openapi:types`: writes api/openapi/schema.d.ts, the TypeScript types of the OpenAPI document as
 * openapi-typescript makes them (what a customer's client would generate). tests/api/auth/openapi-client.test.ts makes
 * them again in memory and fails when the committed file is stale.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildOpenApiDocument } from './document.ts';

export const openApiTypesPath = path.resolve(import.meta.dirname, 'schema.d.ts');

const header = '// Generated from GET /api/openapi.json by openapi-typescript: run `npm run openapi:types`, do not edit.\n\n';

export async function openApiTypes(): Promise<string> {
  // A field with a default may be left out of a request, so it is optional in the types (openapi-typescript's default
  // makes it required, which suits answers only).
  const ast = await openapiTS(buildOpenApiDocument() as unknown as Parameters<typeof openapiTS>[0], { defaultNonNullable: false });
  return header + astToString(ast);
}

if (import.meta.main) {
  writeFileSync(openApiTypesPath, await openApiTypes());
  console.log(`Wrote ${path.relative(process.cwd(), openApiTypesPath)}`);
}
