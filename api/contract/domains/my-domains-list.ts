/**
 * The read My Domains makes first (under /api): the account app asks it, and the server names it in the page's
 * preloads so it is on its way while the app downloads. Kept apart from the schemas so the list's first load carries
 * no validation library.
 */
export const myDomainsListPath = '/domains?$relations[]=dnsRecords&$relations[]=emails&$sort[domain]=1';
