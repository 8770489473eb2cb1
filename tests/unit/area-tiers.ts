/**
 * The areas of api/services in tiers, lowest first (README "Layout"): an area imports its own tier and the tiers
 * below, never one above. What a lower area needs from a higher one is passed in, or moves down to where both belong.
 */
export const tiers: { name: string; areas: string[] }[] = [
  { name: 'kernel', areas: ['kernel', 'platform', 'audit', 'search'] },
  { name: 'accounts and auth', areas: ['accounts', 'auth'] },
  { name: 'domains and registry changes', areas: ['domains', 'rdap', 'registries'] },
  { name: 'what a domain has', areas: ['dns', 'email', 'websites'] },
  { name: 'commerce', areas: ['carts', 'promotions', 'billing', 'checkout', 'orders', 'renewals', 'transfers', 'selling', 'pricing'] },
  { name: 'the operator', areas: ['compliance', 'support', 'staff', 'dashboard', 'journal'] },
];

/**
 * Known imports from a lower tier of areas to a higher one (paths under api/services), grouped by the one reason each
 * still stands. The list only shrinks: fix an import rather than add it here; a listed import that no longer happens
 * fails below, so the list stays true.
 */
export const knownTierCrossings: { why: string; imports: [from: string, to: string][] }[] = [
  {
    why: "PATCH /api/domains/:id runs every area's field group (each *-update.ts, typed by domain-update-types.ts below them) in one transaction",
    imports: [
      ['domains/domain-update.ts', 'dns/dnssec-update.ts'],
      ['domains/domain-update.ts', 'dns/nameservers-update.ts'],
      ['domains/domain-update.ts', 'email/email-service-update.ts'],
      ['domains/domain-update.ts', 'renewals/renewal-settings-update.ts'],
      ['domains/domain-update.ts', 'selling/sale-update.ts'],
      ['domains/domain-update.ts', 'transfers/transfer-lock-update.ts'],
      ['domains/domain-update.ts', 'websites/website-update.ts'],
    ],
  },
  {
    why: "a domain that changes (a field group saved, suspended or lifted, departed) has its zone synced at once: syncZone is the zone's one writer",
    imports: [
      ['domains/domain-update.ts', 'dns/zone.ts'],
      ['domains/suspensions.ts', 'dns/zone.ts'],
      ['domains/departed-domains.ts', 'dns/zone.ts'],
    ],
  },
  {
    why: 'the registrar duties (ICANN notices, registrant verification) fire where a transfer or a registrant change completes, in that step',
    imports: [
      ['accounts/account-update.ts', 'compliance/transfer-duties.ts'],
      ['transfers/tdrp.ts', 'compliance/transfer-duties.ts'],
      ['transfers/inbound-transfers.ts', 'compliance/transfer-duties.ts'],
      ['transfers/transfer-release.ts', 'compliance/transfer-duties.ts'],
    ],
  },
  {
    why: 'a registrant change on the account waits for approval by the old registrant (TDRP), created in the same update',
    imports: [['accounts/account-update.ts', 'transfers/tdrp.ts']],
  },
  {
    why: "the account summary shows the next recurring bill beside the account's details, in one read",
    imports: [['accounts/account-summary.ts', 'billing/recurring-billing.ts']],
  },
  {
    why: "signing in adopts the visitor's cart into the account in the same sign-in",
    imports: [['auth/sign-in.ts', 'carts/sign-in-cart.ts']],
  },
  {
    why: 'turning on the paid email service charges the default card in the same request, as renewal settings do',
    imports: [['email/email-service-update.ts', 'billing/account-charges.ts']],
  },
  {
    why: "a suspension or its lift is a journal entry (the hold's row, its audit row and the intent commit together; clientHold follows after commit), as staff actions are",
    imports: [
      ['domains/suspensions.ts', 'journal/intent-kinds.ts'],
      ['domains/suspensions.ts', 'journal/registry-intents.ts'],
    ],
  },
];
