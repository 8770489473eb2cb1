/**
 * PATCH /api/domains/:id (control-panel spec §7 "Domain update"): partial fields, grouped by the feature that owns
 * them. A request may carry fields of one or more groups; each group is applied by its own service
 * (api/services/domain-updates/) and the answer is the domain as GET /api/domains/:id gives it (with `authCode` once
 * unlocked).
 */
import '../zod-config.ts';
import { z } from 'zod';
import { dsRecordsInput } from '../dns/dnssec.ts';

/** Renewals (#12): auto-renew and Domain Protection. */
export const renewalSettingsUpdate = z.strictObject({
  autoRenewEnabled: z.boolean().optional(),
  protectionEnabled: z.boolean().optional(),
  /** Adding protection after the customer authenticated the card (3-D Secure): the intent to go on with. */
  $paymentIntentId: z.string().trim().min(1).max(200).optional(),
});

/** Transfers away and in (#12): lock / auth code, outbound transfer answers, a new inbound auth code. */
export const transferUpdate = z.strictObject({
  locked: z.boolean().optional(),
  /** Regenerate the auth code (also unlocks). */
  $generateNewAuthCode: z.literal(true).optional(),
  $rejectOutboundTransfer: z.literal(true).optional(),
  $resendOutboundTransferApprovalEmail: z.literal(true).optional(),
  $restartInboundTransfer: z.string().trim().min(1, 'Please enter the auth code').max(64).optional(),
});

/** WHOIS privacy (#12). */
export const privacyUpdate = z.strictObject({ privacyEnabled: z.boolean().optional() });

/** Selling (#12): list prices in cents. */
export const saleUpdate = z.strictObject({
  forSale: z.boolean().optional(),
  listPrice: z.number().int().optional(),
  floorPrice: z.number().int().optional(),
  acceptOffers: z.boolean().optional(),
  forSalePage: z.boolean().optional(),
});

/** Nameservers (#13). */
export const nameserversUpdate = z.strictObject({ ns: z.array(z.string()).max(13).optional() });

/** DNSSEC: the DS records the registry publishes (replaces the whole set; [] turns DNSSEC off). */
export const dnssecUpdate = z.strictObject({
  dsRecords: dsRecordsInput
    .optional()
    .meta({ description: 'The DS records to publish at the registry, replacing the current set (at most 8; [] turns DNSSEC off).' }),
});

/**
 * What the domain shows (#13): builder, forward, park, custom. `forwardUrl` follows api/contract/websites/forward-url.ts (checked
 * by the service, which answers its spec message); `forwardKeepPath` and `forwardPermanent` are the forward's options
 * (append the visitor's path; 301 rather than 302), kept in the websites table.
 */
export const websiteUpdate = z.strictObject({
  websiteType: z.enum(['builder', 'forward', 'park', 'custom']).optional(),
  parkType: z.enum(['blank', 'default']).optional(),
  forwardUrl: z.string().max(2000, 'Please enter a valid website address').optional(),
  forwardKeepPath: z.boolean().optional(),
  forwardPermanent: z.boolean().optional(),
  builderEnabled: z.boolean().optional(),
});

/** The email service (#13). */
export const emailServiceUpdate = z.strictObject({
  emailEnabled: z.boolean().optional(),
  /** Buying again after the card's 3-D Secure step: the intent the first answer named. */
  $paymentIntentId: z.string().max(255).optional(),
});

export const domainUpdateGroups = {
  renewalSettings: renewalSettingsUpdate,
  transfer: transferUpdate,
  privacy: privacyUpdate,
  sale: saleUpdate,
  nameservers: nameserversUpdate,
  dnssec: dnssecUpdate,
  website: websiteUpdate,
  emailService: emailServiceUpdate,
} as const;
export type DomainUpdateGroup = keyof typeof domainUpdateGroups;

export const domainUpdateSchema = z.strictObject({
  ...renewalSettingsUpdate.shape,
  ...transferUpdate.shape,
  ...privacyUpdate.shape,
  ...saleUpdate.shape,
  ...nameserversUpdate.shape,
  ...dnssecUpdate.shape,
  ...websiteUpdate.shape,
  ...emailServiceUpdate.shape,
});
export type DomainUpdate = z.infer<typeof domainUpdateSchema>;
