/** Where an ALIAS record may point: the rule the form checks and the built-in server applies before asking anyone. */

/**
 * Names no ALIAS may send a public client to: RFC 6761 special-use names (and their RFC 6762, 7686, 8375, 9476
 * relatives), ICANN's `.internal`, the private names RFC 6762 Appendix G lists, reverse-mapping trees, and single labels.
 */
const refusedSuffixes = [
  'localhost',
  'invalid',
  'test',
  'example',
  'example.com',
  'example.net',
  'example.org',
  'local',
  'onion',
  'alt',
  'internal',
  'arpa',
  'intranet',
  'private',
  'corp',
  'home',
  'lan',
];

export function isRefusedAliasTarget(name: string): boolean {
  const target = name.toLowerCase().replace(/\.$/, '');
  if (!target.includes('.')) return true;
  return refusedSuffixes.some((suffix) => target === suffix || target.endsWith(`.${suffix}`));
}
