/** /api/dnsRecords (spec §7 Add / Update / Delete DNS): GET ?domainId=, POST, PATCH /:id, DELETE /:id. */
import { Hono } from 'hono';
import { dnsRecordCreateSchema, domainIdQuerySchema, dnsRecordUpdateSchema } from '../contract/dns/dns.ts';
import { requireAccount } from '../http/auth.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { parseBody, parseId, parseWith } from '../http/validate.ts';
import { zoneEditor } from '../http/zone-editor.ts';
import { createDnsRecord, deleteDnsRecord, listDnsRecords, updateDnsRecord } from '../services/dns/records.ts';

export const dnsRecordsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { accountId } = requireAccount(c);
    const { domainId } = parseWith(domainIdQuerySchema, c.req.query());
    c.header('Cache-Control', 'no-store');
    return answer(c, 'GET /dnsRecords', await listDnsRecords(c.var.deps.db, accountId, domainId));
  })
  .post('/', async (c) => {
    const { accountId } = requireAccount(c);
    const input = await parseBody(c, dnsRecordCreateSchema);
    return answer(c, 'POST /dnsRecords', await createDnsRecord(c.var.deps, accountId, input, await zoneEditor(c)));
  })
  .patch('/:id', async (c) => {
    const { accountId } = requireAccount(c);
    const input = await parseBody(c, dnsRecordUpdateSchema);
    return answer(c, 'PATCH /dnsRecords/:id', await updateDnsRecord(c.var.deps, accountId, parseId(c), input, await zoneEditor(c)));
  })
  .delete('/:id', async (c) => {
    const { accountId } = requireAccount(c);
    return answer(c, 'DELETE /dnsRecords/:id', await deleteDnsRecord(c.var.deps, accountId, parseId(c), await zoneEditor(c)));
  });
