/**
 * The reads My Domains makes first (under /api): the account app asks them, and the server names them in the page's
 * preloads so they are on their way while the app downloads; the two must be the same text to be reused. Kept apart
 * from the schemas so the list's first load carries no validation library.
 */
export const myDomainsListPath = '/domains?$relations[]=dnsRecords&$relations[]=emails&$sort[domain]=1';
/** The same read as the account app's typed client sends it (tests/unit/typed-client.test.ts holds the two together). */
export const myDomainsListQuery: { '$relations[]': ('dnsRecords' | 'emails')[]; $sort: Record<string, 1 | -1> } = {
  '$relations[]': ['dnsRecords', 'emails'],
  $sort: { domain: 1 },
};

/** The signed-in customer's account (GET /api/accounts/0). */
export const accountPath = '/accounts/0';
