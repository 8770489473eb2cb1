/** POST /api/abuseReports: the public Report abuse form (multipart, with an optional evidence file; bot-checked, rate-limited). */
import { Hono } from 'hono';
import { abuseReportSchema } from '../contract/compliance/abuse.ts';
import { badRequest } from '../errors.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { parseWith, readJson } from '../http/validate.ts';
import { type EvidenceUpload, submitAbuseReport } from '../services/compliance/abuse/abuse-reports.ts';

export const abuseReportsRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const multipart = (c.req.header('content-type') ?? '').startsWith('multipart/form-data');
  const fields = multipart ? await c.req.parseBody() : ((await readJson(c)) as Record<string, unknown>);
  const { file: upload, ...rest } = fields;
  const { token, ...report } = parseWith(abuseReportSchema, rest);
  const verdict = await c.var.deps.providers.botCheck.verify(token);
  if (!verdict.ok) throw badRequest(verdict.message);
  let file: EvidenceUpload | null = null;
  if (upload instanceof File && upload.size > 0) file = { name: upload.name, type: upload.type, bytes: Buffer.from(await upload.arrayBuffer()) };
  return answer(c, 'POST /abuseReports', await submitAbuseReport(c.var.deps, { ...report, file }, c.var.clientIp));
});
