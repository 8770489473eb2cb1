/**
 * DNSSEC delegation rules without zod (RFC 4034 §5 DS records): the algorithm and digest tables and each field's
 * check, so the account app's domain card can show and check DS records without loading zod (~24 KB gzipped) on
 * My Domains' first load. dnssec.ts builds the server's schemas from the same checks, so a message is the same in the
 * form and in a 400. Algorithms and digest types follow IANA's registries and RFC 8624's guidance for what a
 * registrar should accept today; the deprecated ones are refused by name so the customer knows to re-sign.
 */

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

/** A DS record as the domain answer shows it and PATCH /api/domains/:id { dsRecords } takes it. */
export type DsRecord = { keyTag: number; algorithm: number; digestType: number; digest: string };
export type DsField = keyof DsRecord;

const acceptedAlgorithms = Object.keys(dnssecAlgorithms).join(', ');

export const dsMessages = {
  keyTag: 'Key tag must be a whole number from 0 to 65535',
  algorithm: `Algorithm must be one of ${acceptedAlgorithms}`,
  digestType: 'Digest type must be 2 (SHA-256) or 4 (SHA-384)',
  digestMissing: 'Please enter the digest',
  digestNotHex: 'Digest must be hexadecimal (0-9, A-F)',
} as const;

export function algorithmName(algorithm: number): string {
  return dnssecAlgorithms[algorithm] ?? deprecatedAlgorithms[algorithm] ?? `Algorithm ${algorithm}`;
}

export function digestTypeName(digestType: number): string {
  return dsDigestTypes[digestType]?.name ?? `Type ${digestType}`;
}

/** A key tag is an unsigned 16-bit number (RFC 4034 §5.1.1). */
export const keyTagRange = { min: 0, max: 65535 } as const;

export function keyTagProblem(keyTag: number): string | null {
  return Number.isInteger(keyTag) && keyTag >= keyTagRange.min && keyTag <= keyTagRange.max ? null : dsMessages.keyTag;
}

export function algorithmProblem(algorithm: number): string | null {
  if (dnssecAlgorithms[algorithm]) return null;
  const deprecated = Number.isInteger(algorithm) ? deprecatedAlgorithms[algorithm] : undefined;
  return deprecated
    ? `Algorithm ${algorithm} (${deprecated}) is deprecated and no longer accepted: re-sign the zone with one of ${acceptedAlgorithms} (13, ECDSA P-256, is the usual choice)`
    : dsMessages.algorithm;
}

export function digestTypeProblem(digestType: number): string | null {
  if (dsDigestTypes[digestType]) return null;
  return digestType === 1 ? 'Digest type 1 (SHA-1) is deprecated: use 2 (SHA-256) or 4 (SHA-384)' : dsMessages.digestType;
}

/** Digests are pasted with spaces and line breaks, in either case: stored without them, upper-cased. */
export function normaliseDigest(digest: string): string {
  return digest.replace(/\s+/g, '').toUpperCase();
}

/** The form of a normalised digest: present and hexadecimal. */
export function digestFormProblem(digest: string): string | null {
  if (digest.length === 0) return dsMessages.digestMissing;
  return /^[0-9A-F]+$/.test(digest) ? null : dsMessages.digestNotHex;
}

/** A hexadecimal digest of the wrong length for its (accepted) type; null when the type or form is wrong instead. */
export function digestLengthProblem(digest: string, digestType: number): string | null {
  const type = dsDigestTypes[digestType];
  // One message per field: a digest that is not hex at all is already refused for that.
  if (!type || digest.length === type.hexLength || !/^[0-9A-F]+$/.test(digest)) return null;
  return `A ${type.name} digest (type ${digestType}) is ${type.hexLength} hex characters; this one has ${digest.length}`;
}

export const sameDsRecord = (a: DsRecord, b: DsRecord) =>
  a.keyTag === b.keyTag && a.algorithm === b.algorithm && a.digestType === b.digestType && a.digest === b.digest;

/** One DS record checked field by field (numbers already parsed; NaN for text that is no number): the record or each field's first problem. */
export function checkDsRecord(input: DsRecord): { record: DsRecord } | { errors: Partial<Record<DsField, string>> } {
  const digest = normaliseDigest(input.digest);
  const errors: Partial<Record<DsField, string>> = {};
  const keyTag = keyTagProblem(input.keyTag);
  const algorithm = algorithmProblem(input.algorithm);
  const digestType = digestTypeProblem(input.digestType);
  const digestProblem = digestFormProblem(digest) ?? digestLengthProblem(digest, input.digestType);
  if (keyTag) errors.keyTag = keyTag;
  if (algorithm) errors.algorithm = algorithm;
  if (digestType) errors.digestType = digestType;
  if (digestProblem) errors.digest = digestProblem;
  return Object.keys(errors).length ? { errors } : { record: { ...input, digest } };
}
