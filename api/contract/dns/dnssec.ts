/**
 * DNSSEC delegation (DS records, RFC 4034 §5) a customer publishes at the registry for a domain whose nameservers sign
 * the zone. Algorithms and digest types follow IANA's registries and RFC 8624's guidance for what a registrar should
 * accept today; the deprecated ones are refused by name so the customer knows to re-sign rather than retype.
 */
import '../zod-config.ts';
import { z } from 'zod';

/** DNSSEC algorithm numbers (IANA "DNS Security Algorithm Numbers") accepted for new DS records. */
export const dnssecAlgorithms: Readonly<Record<number, string>> = {
  8: 'RSA/SHA-256',
  10: 'RSA/SHA-512',
  13: 'ECDSA P-256/SHA-256',
  14: 'ECDSA P-384/SHA-384',
  15: 'Ed25519',
  16: 'Ed448',
};

/** Algorithms RFC 8624 says must not be used for signing any more. */
const deprecatedAlgorithms: Readonly<Record<number, string>> = {
  1: 'RSA/MD5',
  3: 'DSA/SHA-1',
  5: 'RSA/SHA-1',
  6: 'DSA-NSEC3-SHA1',
  7: 'RSASHA1-NSEC3-SHA1',
  12: 'GOST R 34.10-2001',
};

/** DS digest types (IANA "Delegation Signer (DS) Resource Record Digest Algorithms") and their length in hex. */
export const dsDigestTypes: Readonly<Record<number, { name: string; hexLength: number }>> = {
  2: { name: 'SHA-256', hexLength: 64 },
  4: { name: 'SHA-384', hexLength: 96 },
};

export const maxDsRecords = 8;

const acceptedAlgorithms = Object.keys(dnssecAlgorithms).join(', ');

export function algorithmName(algorithm: number): string {
  return dnssecAlgorithms[algorithm] ?? deprecatedAlgorithms[algorithm] ?? `Algorithm ${algorithm}`;
}

export function digestTypeName(digestType: number): string {
  return dsDigestTypes[digestType]?.name ?? `Type ${digestType}`;
}

const wholeNumber = (message: string) => z.number(message).int(message);

export const dsRecordInput = z
  .strictObject({
    keyTag: wholeNumber('Key tag must be a whole number from 0 to 65535')
      .min(0, 'Key tag must be a whole number from 0 to 65535')
      .max(65535, 'Key tag must be a whole number from 0 to 65535'),
    algorithm: wholeNumber(`Algorithm must be one of ${acceptedAlgorithms}`).check((ctx) => {
      const algorithm = ctx.value;
      if (dnssecAlgorithms[algorithm]) return;
      const deprecated = deprecatedAlgorithms[algorithm];
      ctx.issues.push({
        code: 'custom',
        input: algorithm,
        message: deprecated
          ? `Algorithm ${algorithm} (${deprecated}) is deprecated and no longer accepted: re-sign the zone with one of ${acceptedAlgorithms} (13, ECDSA P-256, is the usual choice)`
          : `Algorithm must be one of ${acceptedAlgorithms}`,
      });
    }),
    digestType: wholeNumber('Digest type must be 2 (SHA-256) or 4 (SHA-384)').check((ctx) => {
      if (dsDigestTypes[ctx.value]) return;
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: ctx.value === 1 ? 'Digest type 1 (SHA-1) is deprecated: use 2 (SHA-256) or 4 (SHA-384)' : 'Digest type must be 2 (SHA-256) or 4 (SHA-384)',
      });
    }),
    digest: z
      .string('Digest must be hexadecimal')
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .pipe(z.string().min(1, { error: 'Please enter the digest', abort: true }).regex(/^[0-9A-F]+$/, 'Digest must be hexadecimal (0-9, A-F)')),
  })
  .check((ctx) => {
    const { digestType, digest } = ctx.value;
    const type = dsDigestTypes[digestType];
    // One message per field: a digest that is not hex at all is already refused for that.
    if (!type || digest.length === type.hexLength || !/^[0-9A-F]+$/.test(digest)) return;
    ctx.issues.push({
      code: 'custom',
      input: digest,
      path: ['digest'],
      message: `A ${type.name} digest (type ${digestType}) is ${type.hexLength} hex characters; this one has ${digest.length}`,
    });
  });
export type DsRecordInput = z.infer<typeof dsRecordInput>;

const sameDs = (a: DsRecordInput, b: DsRecordInput) => a.keyTag === b.keyTag && a.algorithm === b.algorithm && a.digestType === b.digestType && a.digest === b.digest;

/** The whole DS set a domain publishes: what PATCH /api/domains/:id { dsRecords } replaces it with ([] turns DNSSEC off). */
export const dsRecordsInput = z
  .array(dsRecordInput)
  .max(maxDsRecords, `A domain can have at most ${maxDsRecords} DS records`)
  .check((ctx) => {
    ctx.value.forEach((record, index) => {
      const first = ctx.value.findIndex((other) => sameDs(other, record));
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
});
export type DsRecord = z.infer<typeof dsRecordSchema>;
