/**
 * The front ends' OpenAPI document: every route in app-operations.ts (the token routes and the session routes the
 * account app, the back office and the islands call), built the way document.ts builds the public one. It is not
 * served: write-types.ts turns it into api/contract/api-paths.d.ts, the types the kit's client (site/kit/api-client.ts)
 * is made from, so a field renamed in a schema fails `tsc` at every call site that reads it.
 */
import type { z } from 'zod';
import { apiErrorSchema } from '../contract/errors.ts';
import { type AppOperationKey, appOperations } from './app-operations.ts';
import { componentPath, components, errorContent, type Io, openApiPath, parameters } from './document.ts';

/** `GET /domains/:id` → `getDomainsById`: unique, and readable in a stack of operations. */
function operationIdOf(key: string): string {
  const [method, path] = key.split(' ');
  const words = path
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by ${part.slice(1)}` : part))
    .join(' ')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0].toUpperCase() + w.slice(1))].join('');
}

export function buildAppOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  const named: { name: string; schema: z.ZodType; io: Io }[] = [{ name: 'Error', schema: apiErrorSchema, io: 'output' }];
  for (const key of Object.keys(appOperations).sort() as AppOperationKey[]) {
    const spec = appOperations[key];
    const [method, path] = key.split(' ');
    const failure = { description: 'A failure: `{ name, message, code, data? }`', content: errorContent };
    paths[openApiPath(path)] ??= {};
    paths[openApiPath(path)][method.toLowerCase()] = {
      operationId: operationIdOf(key),
      summary: spec.summary,
      parameters: [...parameters('path' in spec ? spec.path : undefined, 'path'), ...parameters('query' in spec ? spec.query : undefined, 'query')],
      ...('body' in spec && spec.body
        ? {
            requestBody: {
              required: !('optional' in spec.body && spec.body.optional),
              content: { 'application/json': { schema: { $ref: `${componentPath}${spec.body.name}` } } },
            },
          }
        : {}),
      responses: {
        [spec.response.status]: {
          description: spec.response.description,
          ...(spec.response.status === 204 ? {} : { content: { 'application/json': { schema: { $ref: `${componentPath}${spec.response.name}` } } } }),
        },
        default: failure,
      },
    };
    if ('body' in spec && spec.body) named.push({ ...spec.body, io: 'input' });
    if (spec.response.status !== 204) named.push({ name: spec.response.name, schema: spec.response.schema, io: 'output' });
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Dotspot front ends',
      version: '1',
      description:
        'Every route the account app, the back office and the site call, with the session cookie. Not published: these routes change with the front ends; tokens use /api/openapi.json.',
    },
    servers: [{ url: '/api' }],
    security: [{ session: [] }],
    paths,
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'session' } },
      schemas: components(named),
    },
  };
}
