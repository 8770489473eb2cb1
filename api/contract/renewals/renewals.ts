/** The renew request's schema (control-panel spec §3 "Renew request"); the rules and answer types are in renew-rules.ts. */
import '../zod-config.ts';
import { z } from 'zod';
import { maxRenewalPeriod, minRenewalPeriod, noDomainsSelectedMessage, type RenewAnswer, type RenewableDomain } from './renew-rules.ts';

export * from './renew-rules.ts';

export const renewRequestSchema = z.strictObject({
  renewalPeriod: z.coerce
    .number()
    .int()
    .min(minRenewalPeriod, 'The renewal period is 1 to 10 years')
    .max(maxRenewalPeriod, 'The renewal period is 1 to 10 years')
    .default(1),
  domains: z
    .array(z.strictObject({ domainId: z.number().int().positive(), protectionEnabled: z.boolean().default(false) }))
    .min(1, noDomainsSelectedMessage)
    .max(1000),
  commit: z.boolean().default(false),
  /** Chosen by the browser for one Place Order: a double click or a resend is the same order, charged once. */
  orderKey: z.string().trim().min(8).max(100).optional(),
  /** After the customer authenticated the card (3-D Secure), the intent to go on with. */
  paymentIntentId: z.string().trim().min(1).max(200).optional(),
});

/** GET /api/renewals: `?domainId=` lists that domain first. */
export const renewableListQuerySchema = z.object({
  domainId: z.coerce.number().int().positive().optional().meta({ description: 'A domain to list first' }),
});

const isoTime = z.iso.datetime();

export const renewableDomainSchema = z.strictObject({
  domainId: z.number().int(),
  domain: z.string(),
  status: z.enum(['active', 'expired', 'redemption']),
  expireDate: isoTime,
  renewPrice: z.number().int().nullable().meta({ description: 'Cents for one year; null when it cannot be renewed here (support can)' }),
  redemptionPrice: z.number().int().nullable().meta({ description: 'The restore fee of a domain in redemption, in cents' }),
  protectionEnabled: z.boolean(),
  isPremium: z.boolean(),
  maxRenewalPeriod: z.number().int().meta({ description: 'The most years it may still be renewed for (0 at the 10-year maximum)' }),
});

export const renewLineSchema = z.strictObject({
  domainId: z.number().int(),
  domain: z.string(),
  renewalPeriod: z.number().int(),
  expireDate: isoTime,
  newExpireDate: isoTime,
  renewPrice: z.number().int(),
  redemptionPrice: z.number().int().nullable(),
  protectionEnabled: z.boolean(),
  protectionPrice: z.number().int(),
  status: z.enum(['renewed', 'failed', 'unknown']).optional(),
  error: z.string().optional(),
});

export const renewAnswerSchema = z.strictObject({
  renewalPeriod: z.number().int(),
  domains: z.array(renewLineSchema),
  totalPrice: z.number().int().meta({ description: 'Cents: renewal, redemption and protection of every line' }),
  tax: z.number().int().optional().meta({ description: 'Cents of sales tax or VAT charged on top of totalPrice' }),
  taxNote: z.string().optional().meta({ description: 'Which tax: "VAT 21% (Netherlands)", or that VAT is reverse-charged' }),
  committed: z.boolean(),
  requiresAction: z.boolean().optional().meta({ description: 'The card needs 3-D Secure: confirm in the account app' }),
  clientSecret: z.string().optional(),
  paymentIntentId: z.string().optional(),
  cardDescription: z.string().optional(),
});

// The answer types in renew-rules.ts (read by the browser without zod) and these schemas are one shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShapes: [Same<z.infer<typeof renewableDomainSchema>, RenewableDomain>, Same<z.infer<typeof renewAnswerSchema>, RenewAnswer>] = [true, true];
void sameShapes;
