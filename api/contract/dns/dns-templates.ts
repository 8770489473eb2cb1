/**
 * One-click DNS templates (content/dns-templates.json, a file anyone can extend): the file's schema, and the answers of
 * GET /api/dnsTemplates and its preview. What conflicts with a template is decided here, so the preview and the apply
 * agree: its MX records replace the MX records at their host, an SPF record the SPF record, a DMARC record the
 * DMARC record, and a CNAME everything at its host (RFC 1034 §3.6.2); anything at a CNAME's host is in the way too.
 */
import '../zod-config.ts';
import { z } from 'zod';
import { dnsRecordTypes } from '../domains/domain.ts';
import { type ZoneRecordSnapshot, zoneRecordSnapshotSchema } from './zone-history.ts';

export const dnsTemplateRecordSchema = z.strictObject({
  type: z.enum(dnsRecordTypes),
  host: z.string(),
  data: z.string(),
  priority: z.number().int().optional(),
  weight: z.number().int().optional(),
  port: z.number().int().optional(),
  ttl: z.number().int().optional(),
});

export const dnsTemplateSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  description: z.string().min(1),
  docs: z.url(),
  records: z.array(dnsTemplateRecordSchema).min(1),
});
export type DnsTemplate = z.infer<typeof dnsTemplateSchema>;

export const dnsTemplateFileSchema = z.object({ templates: z.array(dnsTemplateSchema) });

export const dnsTemplateApplySchema = z.strictObject({
  domainId: z.number().int().positive(),
  /** The customer agreed to remove the records in the way; without it they stay and a record that cannot sit beside them is left out. */
  removeConflicts: z.boolean().default(false),
});
export const dnsTemplatePreviewSchema = dnsTemplateApplySchema.pick({ domainId: true });

export const dnsTemplateSummarySchema = dnsTemplateSchema
  .pick({ id: true, name: true, description: true, docs: true })
  .extend({ recordCount: z.number().int() });
export type DnsTemplateSummary = z.infer<typeof dnsTemplateSummarySchema>;

const templateConflictSchema = zoneRecordSnapshotSchema.extend({ dnsRecordId: z.number().int(), reason: z.string() });

export const dnsTemplatePreviewAnswerSchema = z.strictObject({
  template: dnsTemplateSummarySchema,
  /** The template's records for this domain, each marked when the zone already has it. */
  records: z.array(zoneRecordSnapshotSchema.extend({ present: z.boolean() })),
  /** Records of the zone the template replaces: removed only with consent. */
  conflicts: z.array(templateConflictSchema),
  /** What adding the records would stop working (and still bill for): the account app asks before applying. */
  stops: z.array(z.string()).optional(),
});
export type DnsTemplatePreview = z.infer<typeof dnsTemplatePreviewAnswerSchema>;

/** POST /api/dnsTemplates/:id/apply: what was added, what was removed with consent, and what stayed out and why. */
export const dnsTemplateAppliedSchema = z.strictObject({
  added: z.array(zoneRecordSnapshotSchema),
  removed: z.array(templateConflictSchema),
  leftOut: z.array(z.strictObject({ record: zoneRecordSnapshotSchema, reason: z.string() })),
  changeId: z.number().int().nullable(),
});

/** `{domain}` and `{domainDashed}` filled in for one domain. */
export function fillTemplateText(text: string, domain: string): string {
  return text.replaceAll('{domainDashed}', domain.replaceAll('.', '-')).replaceAll('{domain}', domain);
}

const isSpf = (r: Pick<ZoneRecordSnapshot, 'type' | 'data'>) => r.type === 'TXT' && /^v=spf1(\s|$)/i.test(r.data);
const isDmarc = (r: Pick<ZoneRecordSnapshot, 'type' | 'data'>) => r.type === 'TXT' && /^v=DMARC1(;|\s|$)/i.test(r.data);

/** Why `existing` must go for `incoming` to work, or null when they can stand side by side. */
export function templateConflict(
  incoming: Pick<ZoneRecordSnapshot, 'type' | 'host' | 'data'>,
  existing: Pick<ZoneRecordSnapshot, 'type' | 'host' | 'data'>,
): string | null {
  if (incoming.host !== existing.host) return null;
  const at = incoming.host === '@' ? 'the root' : incoming.host;
  if (incoming.type === 'CNAME' && !(existing.type === 'CNAME' && existing.data === incoming.data)) return `A CNAME at ${at} must be the only record there`;
  if (existing.type === 'CNAME' && incoming.type !== 'CNAME') return `The CNAME at ${at} leaves no room for other records`;
  if (incoming.type === 'MX' && existing.type === 'MX') return `Mail for ${at} would go to both providers`;
  if (isSpf(incoming) && isSpf(existing)) return `Two SPF records at ${at} make SPF fail`;
  if (isDmarc(incoming) && isDmarc(existing)) return `Two DMARC records at ${at} make DMARC fail`;
  return null;
}
