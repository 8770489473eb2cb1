/** My Domains as the account app reads and changes it: the list in its sort, the whole PATCH, the account, price rises. */
import { z } from 'zod';
import { accountSchema, domainSchema } from '../../contract/domains/domain.ts';
import { domainUpdateSchema } from '../../contract/domains/domain-update.ts';
import { priceRiseViewSchema } from '../../contract/pricing/price-rises.ts';
import { idParamSchema } from '../../http/validate.ts';
import { domainListQuery, listOf, operationSpecs } from '../operations.ts';
import { answers } from './answers.ts';

const idPath = z.object({ id: idParamSchema });
/** `$sort[field]=1|-1`, as api/http/list-query.ts reads it. */
export const sortQuery = z.record(z.string(), z.union([z.literal(1), z.literal(-1)])).optional();

export const domainAppOperations = {
  'GET /domains': { ...operationSpecs['GET /domains'], query: domainListQuery.extend({ $sort: sortQuery }) },
  'PATCH /domains/:id': {
    summary: 'Change a domain: any field group the account app shows (a token may send only its few)',
    path: idPath,
    body: { name: 'DomainUpdate', schema: domainUpdateSchema },
    response: answers('Domain', domainSchema),
  },
  'GET /accounts/0': { summary: "The signed-in customer's account", response: answers('Account', accountSchema) },
  'GET /priceRises': { summary: 'Renewal price rises waiting for an answer', response: answers('PriceRiseList', listOf(priceRiseViewSchema)) },
  'POST /priceRises/:id/accept': {
    summary: 'Accept a price rise: auto-renew is on again',
    path: idPath,
    response: answers('PriceRiseAccepted', z.strictObject({ accepted: z.literal(true) })),
  },
};
