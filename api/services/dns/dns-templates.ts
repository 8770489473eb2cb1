/**
 * One-click DNS templates: the providers in content/dns-templates.json, filled in for a domain, previewed against its
 * records (what is already there, what is in the way) and applied as one change in the zone's history. Records in
 * the way are removed only when the customer agreed; otherwise they stay and a template record that cannot sit
 * beside them (beside a CNAME, say) is left out and named.
 */
import { eq } from 'drizzle-orm';
import templateFile from '../../../content/dns-templates.json' with { type: 'json' };
import { findRecordConflict, validateDnsRecord } from '../../contract/dns/dns.ts';
import {
  type DnsTemplate,
  type DnsTemplatePreview,
  type DnsTemplateSummary,
  dnsTemplateFileSchema,
  fillTemplateText,
  templateConflict,
} from '../../contract/dns/dns-templates.ts';
import { snapshotKey, toSnapshot, type ZoneRecordSnapshot } from '../../contract/dns/zone-history.ts';
import { dnsRecords } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { ownedDomain } from './ownership.ts';
import { stopsOfZoneChange } from './change-stops.ts';
import { changeZoneRecords, type RecordRow, type ZoneEditor } from './zone-changes.ts';

/** Read once; a mistake in the file stops the start-up with its path (tests check every record too). */
export const dnsTemplates: DnsTemplate[] = dnsTemplateFileSchema.parse(templateFile).templates;

function summary(template: DnsTemplate): DnsTemplateSummary {
  return { id: template.id, name: template.name, description: template.description, docs: template.docs, recordCount: template.records.length };
}

export function listDnsTemplates(): DnsTemplateSummary[] {
  return dnsTemplates.map(summary);
}

function findTemplate(id: string): DnsTemplate {
  const template = dnsTemplates.find((t) => t.id === id);
  if (!template) throw new AppError(404, 'No such DNS template');
  return template;
}

/** The template's records for one domain, normalised as Add DNS would store them. */
export function templateRecords(template: DnsTemplate, domain: string): ZoneRecordSnapshot[] {
  return template.records.map((record) => {
    const checked = validateDnsRecord({ ...record, host: fillTemplateText(record.host, domain), data: fillTemplateText(record.data, domain) }, domain);
    if ('errors' in checked) throw new Error(`DNS template ${template.id}: ${Object.values(checked.errors).join('; ')}`);
    return checked.record;
  });
}

const sameRecord = (a: ZoneRecordSnapshot, b: ZoneRecordSnapshot) => snapshotKey({ ...a, ttl: 0 }) === snapshotKey({ ...b, ttl: 0 });

function plan(template: DnsTemplate, domain: string, existing: readonly RecordRow[]): DnsTemplatePreview {
  const records = templateRecords(template, domain);
  const conflicts: DnsTemplatePreview['conflicts'] = [];
  for (const row of existing) {
    const snapshot = toSnapshot(row);
    if (records.some((record) => sameRecord(record, snapshot))) continue;
    const reason = records.map((record) => templateConflict(record, snapshot)).find(Boolean);
    if (reason) conflicts.push({ ...snapshot, dnsRecordId: row.dnsRecordId, reason });
  }
  return {
    template: summary(template),
    records: records.map((record) => ({ ...record, present: existing.some((row) => sameRecord(record, toSnapshot(row))) })),
    conflicts,
  };
}

/** POST /api/dnsTemplates/:id/preview */
export async function previewDnsTemplate(deps: Deps, accountId: number, templateId: string, domainId: number): Promise<DnsTemplatePreview> {
  const template = findTemplate(templateId);
  const domain = await ownedDomain(deps.db, accountId, domainId);
  const existing = await deps.db.select().from(dnsRecords).where(eq(dnsRecords.domainId, domainId));
  const preview = plan(template, domain.domain, existing);
  const changes = preview.records.filter((record) => !record.present).map((record) => ({ record, before: null }));
  return { ...preview, stops: stopsOfZoneChange(deps.config, domain, existing, changes) };
}

/** POST /api/dnsTemplates/:id/apply: the records added (those not there yet), conflicts removed only with consent. */
export async function applyDnsTemplate(
  deps: Deps,
  accountId: number,
  templateId: string,
  input: { domainId: number; removeConflicts: boolean },
  editor: ZoneEditor,
) {
  const template = findTemplate(templateId);
  const { result, change } = await changeZoneRecords(
    deps,
    { accountId, domainId: input.domainId },
    { ...editor, source: 'template' },
    async (tx, domain, existing) => {
      const preview = plan(template, domain.domain, existing);
      const removed = input.removeConflicts ? preview.conflicts.map((c) => c.dnsRecordId) : [];
      for (const id of removed) await tx.delete(dnsRecords).where(eq(dnsRecords.dnsRecordId, id));
      const standing: Pick<ZoneRecordSnapshot, 'type' | 'host' | 'data' | 'priority' | 'weight' | 'port'>[] = existing.filter(
        (row) => !removed.includes(row.dnsRecordId),
      );
      const added: ZoneRecordSnapshot[] = [];
      const leftOut: { record: ZoneRecordSnapshot; reason: string }[] = [];
      for (const record of preview.records) {
        if (record.present) continue;
        const { present: _, ...snapshot } = record;
        const clash = findRecordConflict(snapshot, standing);
        if (clash) {
          leftOut.push({ record: snapshot, reason: clash.message });
          continue;
        }
        standing.push(snapshot);
        added.push(snapshot);
      }
      if (added.length) await tx.insert(dnsRecords).values(added.map((record) => ({ ...record, domainId: domain.domainId })));
      return { added, removed: preview.conflicts.filter((c) => removed.includes(c.dnsRecordId)), leftOut };
    },
    {
      summary: (diff) =>
        `Applied the ${template.name} template: ${diff.added.length + diff.changed.length} added, ${diff.removed.length + diff.changed.length} removed`,
    },
  );
  return { ...result, changeId: change?.changeId ?? null };
}
