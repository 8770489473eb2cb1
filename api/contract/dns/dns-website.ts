/**
 * Which DNS records make a website "custom" (control-panel spec §4 "Website type auto-sync"). Free of zod: the card's
 * Service tab (the conflict panel) is in the account app's first load.
 */

/** Types whose records at the root or www point the website elsewhere. */
export const websiteRecordTypes = ['A', 'AAAA', 'ALIAS', 'CNAME', 'NS'] as const;
export const websiteHosts = ['@', 'www'] as const;

/** Spec §4: custom when custom nameservers, or root/www A, AAAA, ALIAS, CNAME or NS records, exist. */
export function isWebsiteRecord(record: { type: string; host: string }): boolean {
  return (websiteHosts as readonly string[]).includes(record.host) && (websiteRecordTypes as readonly string[]).includes(record.type);
}
