/**
 * The OpenAPI 3.1 document of the public API (issue #15), GET /api/openapi.json: every route in token-routes.ts,
 * built from the zod schemas its route validates with (operations.ts) by zod's own JSON Schema output, whose draft
 * 2020-12 is OpenAPI 3.1's dialect. Nothing in it is written by hand but the words.
 */
import { z } from 'zod';
import { apiScopeLabels, apiScopes, apiTokenPrefix } from '../contract/api-tokens/api-scopes.ts';
import { apiErrorSchema } from '../contract/errors.ts';
import { apiTokenCallsPerMinute } from '../http/bearer-auth.ts';
import { tokenRoutes } from '../http/token-routes.ts';
import { type OperationSpec, operationSpecs } from './operations.ts';

type JsonSchema = Record<string, unknown>;
export type Io = 'input' | 'output';

export const componentPath = '#/components/schemas/';

/** Noise zod writes that says nothing to a reader: the safe-integer bounds and the date-time pattern beside its format. */
function tidy(ctx: { jsonSchema: JsonSchema }) {
  const schema = ctx.jsonSchema;
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
  if (schema.format === 'date-time') delete schema.pattern;
}

function toJsonSchema(schema: z.ZodType, io: Io): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'throw', override: tidy }) as JsonSchema;
  return json;
}

/** Named schemas as components, each referring to the others by $ref; requests read as input, answers as output. */
export function components(named: { name: string; schema: z.ZodType; io: Io }[]): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const io of ['input', 'output'] as const) {
    const registry = z.registry<{ id: string }>();
    for (const { name, schema } of named.filter((n) => n.io === io)) {
      const existing = registry.get(schema)?.id;
      if (existing && existing !== name) throw new Error(`One schema is named both ${existing} and ${name}`);
      if (!existing) registry.add(schema, { id: name });
    }
    const { schemas } = z.toJSONSchema(registry, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'throw',
      override: tidy,
      uri: (id) => `${componentPath}${id}`,
    });
    for (const [name, schema] of Object.entries(schemas)) {
      const { $schema: _, $id: __, ...json } = schema as JsonSchema;
      if (out[name] && JSON.stringify(out[name]) !== JSON.stringify(json)) throw new Error(`Component ${name} differs as a request and as an answer`);
      out[name] = json;
    }
  }
  return out;
}

/** An object schema's fields as OpenAPI parameters; an array is sent repeated (`?domain=a.com&domain=b.net`). */
export function parameters(schema: z.ZodObject | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = toJsonSchema(schema, 'input') as { properties: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || (json.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: rest,
      ...(rest.type === 'array' ? { style: 'form', explode: true } : {}),
      // `$sort[domain]=1`: an object is sent as deepObject, the way api/http/list-query.ts reads it.
      ...(rest.type === 'object' ? { style: 'deepObject', explode: true } : {}),
    };
  });
}

const errorResponses: Record<number, string> = {
  400: 'The request is malformed: `message` says what to fix; a field error is in `data.errors`',
  401: 'No valid token: missing, unknown, revoked, expired, or used from an address it does not allow',
  403: "The token lacks the route's scope (named in `data.missingScope`), or the object belongs to another account",
  404: 'No such object',
  429: 'Too many calls: wait the seconds in `Retry-After`',
};
const errorResponseNames: Record<number, string> = { 400: 'BadRequest', 401: 'Unauthorized', 403: 'Forbidden', 404: 'NotFound', 429: 'TooManyRequests' };

export const errorContent = { 'application/json': { schema: { $ref: `${componentPath}Error` } } };

/** `/domains/:id` → `/domains/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

function operation(spec: OperationSpec, scope: string | null) {
  const scopeText = scope ? `\n\nRequires the \`${scope}\` scope (${apiScopeLabels[scope as keyof typeof apiScopeLabels].label}).` : '';
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    description: `${spec.description}${scopeText}`,
    tags: [spec.tag],
    ...(scope ? { 'x-required-scope': scope } : {}),
    ...(spec.fieldScopes ? { 'x-field-scopes': spec.fieldScopes } : {}),
    // OpenAPI 3.1 lets a bearer requirement list role names: the scope. The catalogue needs no token at all.
    security: scope ? [{ apiToken: [scope] }] : spec.fieldScopes ? [{ apiToken: [...new Set(Object.values(spec.fieldScopes))] }] : [],
    parameters: [...parameters(spec.path, 'path'), ...parameters(spec.query, 'query')],
    ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: { $ref: `${componentPath}${spec.body.name}` } } } } } : {}),
    responses: {
      [spec.response.status]: {
        description: spec.response.description,
        content: { 'application/json': { schema: { $ref: `${componentPath}${spec.response.name}` } } },
      },
      ...Object.fromEntries(Object.keys(errorResponses).map((code) => [code, { $ref: `#/components/responses/${errorResponseNames[Number(code)]}` }])),
      ...Object.fromEntries(Object.entries(spec.errors ?? {}).map(([code, description]) => [code, { description, content: errorContent }])),
    },
  };
}

export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  const named: { name: string; schema: z.ZodType; io: Io }[] = [{ name: 'Error', schema: apiErrorSchema, io: 'output' }];
  const specs: Record<string, OperationSpec> = operationSpecs;
  for (const route of tokenRoutes) {
    const key = `${route.method} ${route.path}`;
    const spec = specs[key];
    if (!spec) throw new Error(`operations.ts does not describe ${key}`);
    paths[openApiPath(route.path)] ??= {};
    paths[openApiPath(route.path)][route.method.toLowerCase()] = operation(spec, route.scope);
    if (spec.body) named.push({ ...spec.body, io: 'input' });
    named.push({ name: spec.response.name, schema: spec.response.schema, io: 'output' });
  }
  const scopeList = apiScopes.map((scope) => `- \`${scope}\`: ${apiScopeLabels[scope].label}. ${apiScopeLabels[scope].description}.`).join('\n');
  return {
    openapi: '3.1.1',
    info: {
      title: 'Dotspot API',
      version: '1',
      description: [
        'Script your domains: list them, manage DNS records and registered nameservers, renew, turn auto-renew on or off, and check availability.',
        `Create a token in the account app (Account Information → API Tokens) and send it as \`Authorization: Bearer ${apiTokenPrefix}…\`. A token may call only what its scopes allow:\n\n${scopeList}`,
        `Each token may make ${apiTokenCallsPerMinute} calls a minute; a 429 answer says how long to wait in \`Retry-After\`. Money is in US cents. Every failure answers \`{ name, message, code, data? }\`.`,
      ].join('\n\n'),
    },
    servers: [{ url: '/api' }],
    security: [{ apiToken: [] }],
    tags: [...new Set(Object.values(operationSpecs).map((spec) => spec.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${apiTokenPrefix}…`,
          description: `An API token (${apiTokenPrefix}…) from Account Information → API Tokens`,
        },
      },
      schemas: components(named),
      responses: Object.fromEntries(
        Object.entries(errorResponses).map(([code, description]) => [
          errorResponseNames[Number(code)],
          {
            description,
            content: errorContent,
            ...(code === '429' ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } } : {}),
          },
        ]),
      ),
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
