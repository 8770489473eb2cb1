/** What an evidence file really is, from its first bytes (text and saved emails by their content being text). */

const signatures: [string, number[]][] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38]],
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]],
];

function isText(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 4096);
  if (sample.includes(0)) return false;
  return !new TextDecoder('utf-8', { fatal: false }).decode(sample).includes('\uFFFD');
}

/** The file's type, or null when it is none we know; `declared` only tells a saved email from plain text. */
export function fileTypeFromBuffer(bytes: Buffer, declared: string): string | null {
  for (const [type, magic] of signatures) if (magic.every((b, i) => bytes[i] === b)) return type;
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (!isText(bytes)) return null;
  return declared === 'message/rfc822' || /^(Received|Return-Path|From|Message-ID|Delivered-To):/im.test(bytes.subarray(0, 2048).toString('utf8'))
    ? 'message/rfc822'
    : 'text/plain';
}
