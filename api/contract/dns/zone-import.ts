/** Zone file import (POST /api/dnsZoneFiles[/preview]) and its preview: what will be added, changed, removed and refused. */
import '../zod-config.ts';
import { z } from 'zod';
import type { ZoneRecordSnapshot } from './zone-history.ts';

export const zoneImportModes = ['merge', 'replace'] as const;
export type ZoneImportMode = (typeof zoneImportModes)[number];

/** 256 KB of text: about 2,000 records, well past the 500 a zone may hold. */
export const maxZoneFileBytes = 256 * 1024;

export const zoneImportSchema = z.strictObject({
  domainId: z.number().int().positive(),
  text: z.string().min(1, 'Paste a zone file or choose one to upload').max(maxZoneFileBytes, 'A zone file can be at most 256 KB'),
  mode: z.enum(zoneImportModes).default('merge'),
});

export type ZoneFileProblem = { line: number; text: string; reason: string };
export type ImportedRecord = ZoneRecordSnapshot & { line: number | null };

export type ZoneImportPreview = {
  mode: ZoneImportMode;
  added: ImportedRecord[];
  changed: { before: ZoneRecordSnapshot; after: ImportedRecord }[];
  removed: ZoneRecordSnapshot[];
  unchanged: number;
  /** Lines that will not be imported, and why. */
  refused: ZoneFileProblem[];
  /** Lines left out on purpose (our SOA and nameservers, repeats), and why. */
  skipped: ZoneFileProblem[];
  /** What the import would stop working (and still bill for), said before it happens; the preview only. */
  stops?: string[];
};

export type ZoneImportResult = ZoneImportPreview & { changeId: number | null };
