/** The failed auto-renewal queue as the back office reads it (GET /api/admin/failedRenewals). */

export type FailedAutoRenewal = {
  renewalOrderId: number;
  accountId: number;
  email: string | null;
  domainId: number;
  domain: string;
  expireDate: string;
  /** Cents the last attempt tried to charge (0 when it never got as far as pricing). */
  amount: number;
  attempts: number;
  status: 'retrying' | 'failed';
  lastError: string | null;
  /** When the daily retry tries it next; null once the retries are used up. */
  nextAttemptDate: string | null;
  /** False once the domain is renewed another way, its auto-renew is off, or it is past the grace period. */
  isRenewable: boolean;
  modifyDate: string;
};

export type RetryOutcome = { renewalOrderId: number; status: string; renewed: boolean; lastError: string | null; attempts: number };
