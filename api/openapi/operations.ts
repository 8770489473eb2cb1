/**
 * What the OpenAPI document says about each route in token-routes.ts: its name, the zod schemas its route validates
 * with (path, query, body) and the schema of its answer. document.ts turns these into OpenAPI; a test checks that
 * this table and `tokenRoutes` name the same routes, and validates real answers against the response schemas.
 */
import { z } from 'zod';
import { tldSchema } from '../contract/search/catalogue.ts';
import { listPageQuerySchema } from '../contract/list.ts';
import { domainCheckAnswerSchema, domainCheckQuerySchema } from '../contract/search/domain-check.ts';
import {
  dnsRecordCreateSchema,
  dnsRecordUpdateSchema,
  domainIdQuerySchema,
  registeredNameserverCreateSchema,
  registeredNameserverSchema,
  registeredNameserverUpdateSchema,
} from '../contract/dns/dns.ts';
import { dnsRecordSchema, domainSchema } from '../contract/domains/domain.ts';
import { domainUpdateSchema } from '../contract/domains/domain-update.ts';
import { renewableDomainSchema, renewableListQuerySchema, renewAnswerSchema, renewRequestSchema } from '../contract/renewals/renewals.ts';
import { tokenDomainFields } from '../http/token-routes.ts';
import { idParamSchema } from '../http/validate.ts';

/** What a route takes and answers, as zod schemas: what both documents (document.ts) are built from. */
export type RouteSchemas = {
  path?: z.ZodObject;
  query?: z.ZodObject;
  /** Components by name: the request body and the answer ($ref'd from the operation). `optional`: the route also takes no body at all. */
  body?: { name: string; schema: z.ZodType; optional?: boolean };
  response: { status: 200 | 201; name: string; schema: z.ZodType; description: string };
};

export type OperationSpec = RouteSchemas & {
  operationId: string;
  summary: string;
  description: string;
  tag: 'Catalogue' | 'Search' | 'Domains' | 'DNS records' | 'Registered nameservers' | 'Renewals';
  /** A route whose scope depends on the fields sent (PATCH /domains/:id): each field's scope. */
  fieldScopes?: Readonly<Record<string, string>>;
  /** Failures particular to this route, beyond 400/401/403/404/429. */
  errors?: Record<number, string>;
};

/** A list answer (`{ total, limit, skip, data }`). */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.strictObject({ total: z.number().int(), limit: z.number().int(), skip: z.number().int(), data: z.array(item) });

const idPath = z.object({ id: idParamSchema.meta({ description: 'The id' }) });

/**
 * The list query words of /api/tlds and /api/domains (api/http/list-query.ts): paging by the schema the reader uses;
 * `$sort[field]=1|-1` and `field=value` filters are described in the text.
 */
const pageQuery = listPageQuerySchema;

export const domainListQuery = pageQuery.extend({
  '$relations[]': z
    .array(z.enum(['dnsRecords', 'emails']))
    .optional()
    .meta({ description: "Include each domain's DNS records and/or mailboxes" }),
  $renewalPricing: z.enum(['true', 'false']).optional().meta({ description: 'Include `renewPrice` and `redemptionPrice` in cents' }),
});

/** PATCH /domains/:id as a token may send it: only `tokenDomainFields`, each naming its scope. */
const tokenDomainUpdateSchema = z
  .strictObject(
    Object.fromEntries(
      Object.entries(tokenDomainFields).map(([field, scope]) => {
        const schema = domainUpdateSchema.shape[field as keyof typeof domainUpdateSchema.shape];
        const was = z.globalRegistry.get(schema)?.description;
        return [field, schema.meta({ description: `${was ? `${was} ` : ''}Needs the \`${scope}\` scope.` })];
      }),
    ),
  )
  .meta({ description: 'Send only the fields to change.' });

// `satisfies`, not a type annotation: each entry keeps its own schemas' types, which routes answer with (api/http/answer.ts).
export const operationSpecs = {
  'GET /tlds': {
    operationId: 'listTlds',
    summary: 'List extensions',
    description:
      'The extensions we sell with their prices in cents for each year of a term (`newPricing[0]` is one year). Filter with `tld=com`, `categories=popular`; sort with `$sort[priority]=1`. Needs no token.',
    tag: 'Catalogue',
    query: pageQuery,
    response: { status: 200, name: 'TldList', schema: listOf(tldSchema), description: 'The extensions' },
  },
  'GET /tlds/:tld': {
    operationId: 'getTld',
    summary: 'Get an extension',
    description: 'One extension and its prices; 404 for one we do not sell. Needs no token.',
    tag: 'Catalogue',
    path: z.object({ tld: z.string().meta({ description: 'The extension, such as `com` or `co.uk`' }) }),
    response: { status: 200, name: 'Tld', schema: tldSchema, description: 'The extension' },
  },
  'GET /domainSearch/check': {
    operationId: 'checkDomains',
    summary: 'Check availability',
    description:
      'Availability and first-year price of up to 10 full names, each answered as the storefront search answers it (premium names at the registry price). 400 names a malformed name or an extension we do not sell.',
    tag: 'Search',
    query: domainCheckQuerySchema,
    response: { status: 200, name: 'DomainCheckList', schema: domainCheckAnswerSchema, description: 'One result per distinct name, in the order asked' },
    errors: { 503: 'The registry did not answer; try again' },
  },
  'GET /domains': {
    operationId: 'listDomains',
    summary: 'List domains',
    description: "The account's domains, by name. Filter with `status=active`; sort with `$sort[expireDate]=1`.",
    tag: 'Domains',
    query: domainListQuery,
    response: { status: 200, name: 'DomainList', schema: listOf(domainSchema), description: 'The domains' },
  },
  'GET /domains/:id': {
    operationId: 'getDomain',
    summary: 'Get a domain',
    description: 'One domain of the account (403 for another account’s).',
    tag: 'Domains',
    path: idPath,
    query: domainListQuery.pick({ '$relations[]': true, $renewalPricing: true }),
    response: { status: 200, name: 'Domain', schema: domainSchema, description: 'The domain' },
  },
  'PATCH /domains/:id': {
    operationId: 'updateDomain',
    summary: 'Update a domain',
    description: `Change nameservers (\`ns\`, scope \`${tokenDomainFields.ns}\`), the DNSSEC DS records (\`dsRecords\`, the whole set; \`[]\` turns DNSSEC off; only with nameservers other than ours; scope \`${tokenDomainFields.dsRecords}\`) or auto-renew (\`autoRenewEnabled\`, scope \`${tokenDomainFields.autoRenewEnabled}\`). Other settings are changed in the account app; a token sending them gets 403. A value the domain already has is answered without asking the registry; changes that reach it are limited (by default 10 per domain and 60 per account, every token included, in 10 minutes), then 429 with \`Retry-After\`.`,
    tag: 'Domains',
    path: idPath,
    fieldScopes: tokenDomainFields,
    body: { name: 'DomainUpdate', schema: tokenDomainUpdateSchema },
    response: { status: 200, name: 'Domain', schema: domainSchema, description: 'The domain as it is now' },
  },
  'GET /dnsRecords': {
    operationId: 'listDnsRecords',
    summary: 'List DNS records',
    description: "A domain's DNS records.",
    tag: 'DNS records',
    query: domainIdQuerySchema,
    response: { status: 200, name: 'DnsRecordList', schema: listOf(dnsRecordSchema), description: 'The records' },
  },
  'POST /dnsRecords': {
    operationId: 'createDnsRecord',
    summary: 'Add a DNS record',
    description:
      'Adds a record; `host` is relative to the domain (`@` or empty for the domain itself), `ttl` defaults to 3600. A 400 names the field at fault in `data.errors`.',
    tag: 'DNS records',
    body: { name: 'DnsRecordCreate', schema: dnsRecordCreateSchema },
    response: { status: 201, name: 'DnsRecord', schema: dnsRecordSchema, description: 'The record as stored' },
    errors: { 409: 'The domain cannot be changed now (for example during a transfer)' },
  },
  'PATCH /dnsRecords/:id': {
    operationId: 'updateDnsRecord',
    summary: 'Update a DNS record',
    description: "Changes a record's host, value or numbers; its type stays.",
    tag: 'DNS records',
    path: idPath,
    body: { name: 'DnsRecordUpdate', schema: dnsRecordUpdateSchema },
    response: { status: 200, name: 'DnsRecord', schema: dnsRecordSchema, description: 'The record as stored' },
    errors: { 409: 'The domain cannot be changed now' },
  },
  'DELETE /dnsRecords/:id': {
    operationId: 'deleteDnsRecord',
    summary: 'Delete a DNS record',
    description: 'Deletes a record.',
    tag: 'DNS records',
    path: idPath,
    response: { status: 200, name: 'DnsRecordDeleted', schema: z.strictObject({ dnsRecordId: z.number().int() }), description: 'The deleted record’s id' },
    errors: { 409: 'The domain cannot be changed now' },
  },
  'GET /registeredNameservers': {
    operationId: 'listRegisteredNameservers',
    summary: 'List registered nameservers',
    description: "A domain's registered (glue) nameservers: host names under the domain with their IP address.",
    tag: 'Registered nameservers',
    query: domainIdQuerySchema,
    response: { status: 200, name: 'RegisteredNameserverList', schema: listOf(registeredNameserverSchema), description: 'The nameservers' },
  },
  'POST /registeredNameservers': {
    operationId: 'addRegisteredNameserver',
    summary: 'Add a registered nameserver',
    description: 'Registers a host name under the domain (such as `ns1.example.com`) with its IP address at the registry.',
    tag: 'Registered nameservers',
    body: { name: 'RegisteredNameserverCreate', schema: registeredNameserverCreateSchema },
    response: { status: 201, name: 'RegisteredNameserver', schema: registeredNameserverSchema, description: 'The nameserver' },
    errors: { 409: 'The domain cannot be changed now' },
  },
  'PATCH /registeredNameservers/:id': {
    operationId: 'updateRegisteredNameserver',
    summary: 'Update a registered nameserver',
    description: "Changes a registered nameserver's host name or IP address.",
    tag: 'Registered nameservers',
    path: idPath,
    body: { name: 'RegisteredNameserverUpdate', schema: registeredNameserverUpdateSchema },
    response: { status: 200, name: 'RegisteredNameserver', schema: registeredNameserverSchema, description: 'The nameserver' },
    errors: { 409: 'The domain cannot be changed now' },
  },
  'DELETE /registeredNameservers/:id': {
    operationId: 'deleteRegisteredNameserver',
    summary: 'Delete a registered nameserver',
    description: 'Deletes it at the registry; refused while a domain still uses it as a nameserver.',
    tag: 'Registered nameservers',
    path: idPath,
    response: {
      status: 200,
      name: 'RegisteredNameserverDeleted',
      schema: z.strictObject({ id: z.number().int() }),
      description: 'The deleted nameserver’s id',
    },
    errors: { 409: 'A domain still uses it' },
  },
  'GET /renewals': {
    operationId: 'listRenewableDomains',
    summary: 'List renewable domains',
    description: 'The domains that can be renewed now, soonest expiry first, with the price of a year in cents.',
    tag: 'Renewals',
    query: renewableListQuerySchema,
    response: { status: 200, name: 'RenewableDomainList', schema: listOf(renewableDomainSchema), description: 'The renewable domains' },
  },
  'POST /renewals': {
    operationId: 'renewDomains',
    summary: 'Renew domains',
    description:
      'Without `commit` (or with `commit: false`) prices the renewal; with `commit: true` and an `orderKey` of your choosing renews and charges the default card once (sending the same `orderKey` again answers the same order, never charging twice). A card asking for 3-D Secure answers `requiresAction`: finish it in the account app.',
    tag: 'Renewals',
    body: { name: 'RenewRequest', schema: renewRequestSchema },
    response: { status: 200, name: 'RenewAnswer', schema: renewAnswerSchema, description: 'The priced renewal, or the order placed' },
    errors: { 402: 'No default card, or the card was declined' },
  },
} satisfies Record<string, OperationSpec>;
