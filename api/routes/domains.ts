/** /api/domains: the caller's domains (list shape, filters, $sort, $relations[]=dnsRecords|emails, $renewalPricing); PATCH one. */
import { journalCustomerChange } from '../services/journal/customer-changes.ts';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { requireAccount } from '../http/auth.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { checkRelations, readListQuery } from '../http/list-query.ts';
import { parseBody, parseId } from '../http/validate.ts';
import { domainUpdateSchema } from '../contract/domains/domain-update.ts';
import { updateDomain } from '../services/domains/domain-update.ts';
import { domainRelations, findDomain, listDomains } from '../services/domains/domains.ts';
import { reconcileUnknownOrders } from '../services/checkout/reconcile-orders.ts';

export const domainsRoutes = new Hono<AppEnv>()
  // Gzipped: an account with hundreds of domains is half a megabyte of JSON, a few seconds on a phone's network.
  .get('/', compress(), async (c) => {
    const { accountId } = requireAccount(c);
    const query = readListQuery(c);
    checkRelations(query, domainRelations);
    c.header('Cache-Control', 'no-store');
    // An order whose registry answer never came is settled before the customer looks at their domains.
    await reconcileUnknownOrders(c.var.deps, { accountId });
    return answer(
      c,
      'GET /domains',
      await listDomains(c.var.deps.db, accountId, query, { defaultNameservers: c.var.deps.providers.registry.defaultNameservers }),
    );
  })
  .get('/:id', async (c) => {
    const { accountId } = requireAccount(c);
    const query = readListQuery(c);
    checkRelations(query, domainRelations);
    c.header('Cache-Control', 'no-store');
    return answer(
      c,
      'GET /domains/:id',
      await findDomain(c.var.deps.db, accountId, parseId(c), query, { defaultNameservers: c.var.deps.providers.registry.defaultNameservers }),
    );
  })
  .patch('/:id', async (c) => {
    const auth = requireAccount(c);
    const update = await parseBody(c, domainUpdateSchema);
    c.header('Cache-Control', 'no-store');
    return answer(
      c,
      'PATCH /domains/:id',
      await updateDomain(
        { deps: c.var.deps, ...auth, clientIp: c.var.clientIp, viaApiToken: Boolean(c.var.auth?.apiToken), journal: journalCustomerChange },
        parseId(c),
        update,
      ),
    );
  });
