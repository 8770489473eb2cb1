/** The renew request's schema (control-panel spec §3 "Renew request"); the rules and answer types are in renew-rules.ts. */
import './zod-config.ts';
import { z } from 'zod';
import { maxRenewalPeriod, minRenewalPeriod, noDomainsSelectedMessage } from './renew-rules.ts';

export * from './renew-rules.ts';

export const renewRequestSchema = z.strictObject({
  renewalPeriod: z.coerce.number().int().min(minRenewalPeriod, 'The renewal period is 1 to 10 years').max(maxRenewalPeriod, 'The renewal period is 1 to 10 years').default(1),
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
