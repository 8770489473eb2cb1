/** Domain-name rules shared by the search box, the cart and the server. */

export const minLabelLength = 3;

export type NormalisedName = { ok: true; ascii: string; label: string; tld: string | null; unicode: string } | { ok: false; message: string };

const asciiLabel = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Spaces removed, lower-cased, IDN labels to punycode; the first label must have 3+ characters. */
export function normaliseDomainInput(input: string): NormalisedName {
  const compact = input
    .replace(/\s+/g, '')
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '')
    .replace(/^www\./, '');
  if (!compact) return { ok: false, message: 'Enter a domain name' };
  if (compact.startsWith('.') || compact.endsWith('.') || compact.includes('..')) {
    return { ok: false, message: 'A domain name cannot start or end with a dot' };
  }
  let ascii: string;
  try {
    ascii = new URL(`http://${compact}`).hostname;
  } catch {
    return { ok: false, message: 'Use only letters, numbers and hyphens' };
  }
  const hasUnicode = [...compact].some((ch) => ch.charCodeAt(0) > 0x7f);
  if (ascii !== compact && !hasUnicode) {
    return { ok: false, message: 'Use only letters, numbers and hyphens' };
  }
  const labels = ascii.split('.');
  if (!labels.every((label) => asciiLabel.test(label))) {
    return { ok: false, message: 'Use only letters, numbers and hyphens, and do not start or end with a hyphen' };
  }
  const label = labels[0];
  const unicodeLabel = compact.split('.')[0];
  if ([...unicodeLabel].length < minLabelLength) {
    return { ok: false, message: `The name must have at least ${minLabelLength} characters` };
  }
  const tld = labels.length > 1 ? labels.slice(1).join('.') : null;
  return { ok: true, ascii, label, tld, unicode: compact };
}

/** Whether `domain`, whose first dot is at `dotAt`, has the label `label`: a check without slicing the label out. */
export function hasLabel(domain: string, dotAt: number, label: string): boolean {
  return dotAt === label.length && domain.startsWith(label);
}

/** The top-level part of a full name: everything after the first label. */
export function tldOf(domain: string): string {
  const dot = domain.indexOf('.');
  return dot < 0 ? '' : domain.slice(dot + 1);
}

const fullDomain = /^(?=.{4,253}$)((?!-)[a-z0-9-]{1,63}(?<!-)\.)+[a-z][a-z0-9-]{1,62}$/;

/** A complete, already-normalised ASCII domain name such as `example.com` or `xn--caf-dma.com`. */
export function isDomainName(value: string): boolean {
  return fullDomain.test(value);
}
