/** The failed auto-renewal queue as the back office reads it (GET /api/admin/failedRenewals), and Retry now's outcome. */
import '../zod-config.ts';
import { z } from 'zod';

export const failedAutoRenewalSchema = z.strictObject({
  renewalOrderId: z.number().int(),
  accountId: z.number().int(),
  email: z.string().nullable(),
  domainId: z.number().int(),
  domain: z.string(),
  expireDate: z.string(),
  /** Cents the last attempt tried to charge (0 when it never got as far as pricing). */
  amount: z.number().int(),
  attempts: z.number().int(),
  status: z.enum(['retrying', 'failed']),
  lastError: z.string().nullable(),
  /** When the daily retry tries it next; null once the retries are used up. */
  nextAttemptDate: z.string().nullable(),
  /** False once the domain is renewed another way, its auto-renew is off, or it is past the grace period. */
  isRenewable: z.boolean(),
  modifyDate: z.string(),
});
export type FailedAutoRenewal = z.infer<typeof failedAutoRenewalSchema>;

export const retryOutcomeSchema = z.strictObject({
  renewalOrderId: z.number().int(),
  status: z.string(),
  renewed: z.boolean(),
  lastError: z.string().nullable(),
  attempts: z.number().int(),
});
export type RetryOutcome = z.infer<typeof retryOutcomeSchema>;

/** GET /api/admin/failedRenewals: a page of the queue. */
export const failedRenewalsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  skip: z.coerce.number().int().min(0).default(0),
});
