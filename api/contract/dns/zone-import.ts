/** Zone file import (POST /api/dnsZoneFiles[/preview]) and its preview: what will be added, changed, removed and refused. */
import '../zod-config.ts';
import { z } from 'zod';
import { zoneRecordSnapshotSchema } from './zone-history.ts';

export const zoneImportModes = ['merge', 'replace'] as const;
export type ZoneImportMode = (typeof zoneImportModes)[number];

/** 256 KB of text: about 2,000 records, well past the 500 a zone may hold. */
export const maxZoneFileBytes = 256 * 1024;

export const zoneImportSchema = z.strictObject({
  domainId: z.number().int().positive(),
  text: z.string().min(1, 'Paste a zone file or choose one to upload').max(maxZoneFileBytes, 'A zone file can be at most 256 KB'),
  mode: z.enum(zoneImportModes).default('merge'),
});

const zoneFileProblemSchema = z.strictObject({ line: z.number().int(), text: z.string(), reason: z.string() });
export type ZoneFileProblem = z.infer<typeof zoneFileProblemSchema>;
const importedRecordSchema = zoneRecordSnapshotSchema.extend({ line: z.number().int().nullable() });
export type ImportedRecord = z.infer<typeof importedRecordSchema>;

export const zoneImportPreviewSchema = z.strictObject({
  mode: z.enum(zoneImportModes),
  added: z.array(importedRecordSchema),
  changed: z.array(z.strictObject({ before: zoneRecordSnapshotSchema, after: importedRecordSchema })),
  removed: z.array(zoneRecordSnapshotSchema),
  unchanged: z.number().int(),
  /** Lines that will not be imported, and why. */
  refused: z.array(zoneFileProblemSchema),
  /** Lines left out on purpose (our SOA and nameservers, repeats), and why. */
  skipped: z.array(zoneFileProblemSchema),
  /** What the import would stop working (and still bill for), said before it happens; the preview only. */
  stops: z.array(z.string()).optional(),
});
export type ZoneImportPreview = z.infer<typeof zoneImportPreviewSchema>;

export const zoneImportResultSchema = zoneImportPreviewSchema.extend({ changeId: z.number().int().nullable() });
export type ZoneImportResult = z.infer<typeof zoneImportResultSchema>;
