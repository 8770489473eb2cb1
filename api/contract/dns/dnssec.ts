/**
 * DNSSEC delegation (DS records, RFC 4034 §5) a customer publishes at the registry for a domain whose nameservers sign
 * the zone: the server's zod schemas, built from the checks in dnssec-rules.ts that the account app runs without zod.
 */
import '../zod-config.ts';
import { z } from 'zod';
import {
  algorithmProblem,
  digestFormProblem,
  digestLengthProblem,
  digestTypeProblem,
  type DsRecord,
  dsMessages,
  keyTagProblem,
  keyTagRange,
  maxDsRecords,
  normaliseDigest,
  sameDsRecord,
} from './dnssec-rules.ts';

export { algorithmName, digestTypeName, dnssecAlgorithms, dsDigestTypes, maxDsRecords } from './dnssec-rules.ts';

/** A whole number whose problems `problem` names (the same message for a value that is no number at all). */
const checkedNumber = (message: string, problem: (value: number) => string | null) =>
  z
    .number(message)
    .int(message)
    .check((ctx) => {
      const found = problem(ctx.value);
      if (found) ctx.issues.push({ code: 'custom', input: ctx.value, message: found });
    });

export const dsRecordInput = z
  .strictObject({
    // The bounds as zod's own checks too: the OpenAPI document shows them.
    keyTag: checkedNumber(dsMessages.keyTag, keyTagProblem).min(keyTagRange.min, dsMessages.keyTag).max(keyTagRange.max, dsMessages.keyTag),
    algorithm: checkedNumber(dsMessages.algorithm, algorithmProblem),
    digestType: checkedNumber(dsMessages.digestType, digestTypeProblem),
    digest: z
      .string(dsMessages.digestNotHex)
      .transform(normaliseDigest)
      .check((ctx) => {
        const found = digestFormProblem(ctx.value);
        if (found) ctx.issues.push({ code: 'custom', input: ctx.value, message: found, abort: true });
      }),
  })
  .check((ctx) => {
    const found = digestLengthProblem(ctx.value.digest, ctx.value.digestType);
    if (found) ctx.issues.push({ code: 'custom', input: ctx.value.digest, path: ['digest'], message: found });
  });
export type DsRecordInput = z.infer<typeof dsRecordInput>;

/** The whole DS set a domain publishes: what PATCH /api/domains/:id { dsRecords } replaces it with ([] turns DNSSEC off). */
export const dsRecordsInput = z
  .array(dsRecordInput)
  .max(maxDsRecords, `A domain can have at most ${maxDsRecords} DS records`)
  .check((ctx) => {
    ctx.value.forEach((record, index) => {
      const first = ctx.value.findIndex((other) => sameDsRecord(other, record));
      if (first < index) {
        ctx.issues.push({ code: 'custom', input: record, path: [index], message: `This DS record (key tag ${record.keyTag}) is already in the list` });
      }
    });
  });

/** A DS record as the domain answer shows it. */
export const dsRecordSchema = z.strictObject({
  keyTag: z.number().int(),
  algorithm: z.number().int(),
  digestType: z.number().int(),
  digest: z.string(),
}) satisfies z.ZodType<DsRecord>;
export type { DsRecord };
