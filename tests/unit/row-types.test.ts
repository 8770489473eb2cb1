/**
 * A table's row type is declared once, beside its table in api/db/schema/, and imported from there: a second
 * `type XRow = typeof table.$inferSelect` elsewhere is one more name for the same thing to drift from. The services
 * that still declare one are listed below; the list may only shrink (move each to its schema file and drop its line).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { repoRoot, sourceFiles } from './source-files.ts';

const rowAlias = /^\s*(?:export\s+)?type\s+\w+\s*=\s*typeof\s+\w+\.\$inferSelect\s*;/gm;

const knownElsewhere = [
  'api/services/billing/billing-documents.ts: type DocumentRow = typeof billingDocuments.$inferSelect;',
  'api/services/billing/payment-methods.ts: export type PaymentMethodRow = typeof paymentMethods.$inferSelect;',
  'api/services/billing/recurring-billing.ts: type Bill = typeof recurringBills.$inferSelect;',
  'api/services/billing/refund-names.ts: type TransactionRow = typeof transactions.$inferSelect;',
  'api/services/billing/refund-names.ts: type RefundRow = typeof refunds.$inferSelect;',
  'api/services/billing/refunds.ts: type RefundRow = typeof refunds.$inferSelect;',
  'api/services/billing/tax-customer.ts: type AccountRow = typeof accounts.$inferSelect;',
  'api/services/compliance/escrow/escrow-deposit.ts: type DepositRow = typeof escrowDeposits.$inferSelect;',
  'api/services/dns/registered-nameservers.ts: export type Row = typeof registeredNameservers.$inferSelect;',
  'api/services/dns/zone-changes.ts: type ChangeRow = typeof dnsChanges.$inferSelect;',
  'api/services/domains/suspensions.ts: export type Suspension = typeof domainSuspensions.$inferSelect;',
  'api/services/email/emails.ts: type EmailRow = typeof emails.$inferSelect;',
  'api/services/orders/order-confirmation.ts: type LineRow = typeof orderLines.$inferSelect;',
  'api/services/promotions/promo-codes.ts: export type PromoCodeRow = typeof promoCodes.$inferSelect;',
  'api/services/selling/payouts.ts: type PayoutRow = typeof sellerPayouts.$inferSelect;',
  'api/services/staff/staff-members.ts: export type StaffRow = typeof staffMembers.$inferSelect;',
  'api/services/transfers/outbound-answers.ts: type OutboundRow = typeof outboundTransfers.$inferSelect;',
  'api/services/websites/websites.ts: export type WebsiteRow = typeof websites.$inferSelect;',
];

test('row types are declared only beside their tables in api/db/schema/, beyond the known ones', () => {
  const elsewhere = sourceFiles('api', ['.ts'])
    .filter((file) => !file.startsWith('api/db/schema/'))
    .flatMap((file) => [...readFileSync(path.join(repoRoot, file), 'utf8').matchAll(rowAlias)].map((match) => `${file}: ${match[0].trim()}`));
  expect(elsewhere.filter((found) => !knownElsewhere.includes(found))).toEqual([]);
  expect(
    knownElsewhere.filter((known) => !elsewhere.includes(known)),
    'moved to its schema: drop its line',
  ).toEqual([]);
  // The check sees the declarations it is about.
  expect(readFileSync(path.join(repoRoot, 'api/db/schema/domains.ts'), 'utf8').match(rowAlias)).not.toBeNull();
});
