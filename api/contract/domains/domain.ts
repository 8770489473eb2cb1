/**
 * The account area's reads (control-panel spec §3): a domain as GET /api/domains answers it, with its DNS records and
 * mailboxes when asked, and the account. The server types its answers by these; the account app reads them.
 */
import '../zod-config.ts';
import { z } from 'zod';
import { contactSchema } from '../contact.ts';
import { dsRecordSchema } from '../dns/dnssec.ts';

/** A moment as JSON carries it: ISO 8601 in UTC (`2025-01-31T12:00:00.000Z`). */
const timestamp = z.iso.datetime();

export const dnsRecordTypes = ['A', 'AAAA', 'ALIAS', 'CNAME', 'MX', 'NS', 'SRV', 'TXT', 'CAA', 'HTTPS', 'SVCB', 'TLSA'] as const;

export const dnsRecordSchema = z.strictObject({
  dnsRecordId: z.number().int(),
  domainId: z.number().int(),
  type: z.enum(dnsRecordTypes),
  host: z.string(),
  data: z.string(),
  priority: z.number().int().nullable(),
  weight: z.number().int().nullable(),
  port: z.number().int().nullable(),
  ttl: z.number().int(),
  createDate: timestamp,
});
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

/** A mailbox or forward, never its password. */
export const domainEmailSchema = z.strictObject({
  emailId: z.number().int(),
  domainId: z.number().int(),
  address: z.string(),
  type: z.enum(['mailbox', 'forward']),
  destination: z.string().nullable(),
  /** Gigabytes used and allowed. */
  size: z.number(),
  quota: z.number(),
  status: z.enum(['active', 'deleted']),
  createDate: timestamp,
});
export type DomainEmail = z.infer<typeof domainEmailSchema>;

export const domainSchema = z.strictObject({
  domainId: z.number().int(),
  accountId: z.number().int(),
  domain: z.string(),
  status: z.enum(['active', 'transfer', 'expired', 'redemption', 'pendingDelete', 'deleted']),
  createDate: timestamp,
  modifyDate: timestamp,
  expireDate: timestamp,
  autoRenewEnabled: z.boolean(),
  autoRenewDate: timestamp.nullable(),
  locked: z.boolean(),
  /** Only once the domain is unlocked. */
  authCode: z.string().nullable(),
  authCodeExpireDate: timestamp.nullable(),
  privacyEnabled: z.boolean(),
  protectionEnabled: z.boolean(),
  /** Domain Protection is paid up to here: adding it again before then is free. */
  protectionPaidUntil: timestamp.nullable(),
  websiteType: z.enum(['builder', 'forward', 'park', 'custom']),
  forwardUrl: z.string().nullable(),
  parkType: z.enum(['blank', 'default']),
  builderEnabled: z.boolean(),
  builderUrl: z.string().nullable(),
  emailEnabled: z.boolean(),
  /** Monthly recurring charge in cents for the domain's plan. */
  mrc: z.number().int(),
  ns: z.array(z.string()),
  /** DNSSEC: the DS records published at the registry (none: unsigned). */
  dsRecords: z.array(dsRecordSchema),
  forSale: z.boolean(),
  listPrice: z.number().int().nullable(),
  floorPrice: z.number().int().nullable(),
  acceptOffers: z.boolean(),
  forSalePage: z.boolean(),
  outboundTransferStatus: z.string().nullable(),
  inboundTransferStatus: z.string().nullable(),
  /** Cents to be charged once a pending registry step goes ahead (a transfer waiting for a new auth code). */
  pendingCharge: z.number().int().nullable(),
  outboundTransferApprovalDeadline: timestamp.nullable(),
  redemptionPeriodStartDate: timestamp.nullable(),
  tdrpHoldDate: timestamp.nullable(),
  /** On hold (the registry's clientHold; our DNS does not answer for it) since then, and why, in the customer's words. */
  suspendedAt: timestamp.nullable(),
  suspensionReason: z.string().nullable(),
  $displayStatus: z.enum(['pending', 'expired', 'expiring', 'active']),
  $serviceLabel: z.enum(['Parking', 'Forwarding', 'Website', 'Email', 'Custom', "Spot's Suite"]),
  $activeNow: z.string().nullable(),
  $transferPending: z.boolean(),
  /** Nameservers other than ours (DNSSEC needs them: ours do not sign zones). */
  $customNameservers: z.boolean().optional(),
  /** With `$relations[]=emails`. */
  $emailOverLimit: z.boolean().optional(),
  /** With `$renewalPricing=true`: cents for a year's renewal, and the redemption fee of a domain in redemption. */
  renewPrice: z.number().int().nullable().optional(),
  redemptionPrice: z.number().int().nullable().optional(),
  /** In the answer to a change back to our nameservers: the DS records removed at the registry first (DNSSEC is off). */
  $dsRecordsRemoved: z.number().int().optional(),
  dnsRecords: z.array(dnsRecordSchema).optional(),
  emails: z.array(domainEmailSchema).optional(),
});
export type Domain = z.infer<typeof domainSchema>;

/** GET /api/accounts/0, with the billing figures derived from the account's domains. */
export const accountSchema = z.strictObject({
  accountId: z.number().int(),
  createDate: timestamp,
  modifyDate: timestamp,
  registrantContact: contactSchema.nullable(),
  whoisAdminContact: contactSchema.nullable(),
  whoisTechContact: contactSchema.nullable(),
  whoisBillingContact: contactSchema.nullable(),
  whoisRedactionOptOut: z.boolean(),
  tdrpOptOut: z.boolean(),
  advancedEnabled: z.boolean(),
  /** A business's EU VAT number and what VIES said of it: `confirmed` is reverse-charged, `unavailable` pays VAT until confirmed. */
  vatNumber: z.string().nullable(),
  vatStatus: z.enum(['confirmed', 'invalid', 'unavailable']).nullable(),
  $pendingChanges: z.boolean(),
  recurringBillDate: timestamp.nullable(),
  /** Cents a month, the sum of the domains' plans and the tax on them. */
  recurringBillAmount: z.number().int(),
  autoRenewDate: timestamp.nullable(),
  /** Cents the next auto-renewal charges: the one-year renew prices of the domains renewing that day, each with its tax. */
  autoRenewAmount: z.number().int(),
  autoPayDescription: z.string().nullable(),
  /**
   * The sales tax or VAT added to what is charged after checkout (renewals, Domain Protection, email, monthly plans):
   * its rate, what it is (`VAT 21% (Netherlands)`, or that VAT is reverse-charged), and whether the customer's country
   * expects prices shown with it (`included`: EU VAT) or before it (`added`: US sales tax); null when none applies.
   */
  chargeTax: z
    .strictObject({ rate: z.number(), note: z.string(), display: z.enum(['included', 'added', 'none']) })
    .nullable()
    .optional(),
});
export type Account = z.infer<typeof accountSchema>;
