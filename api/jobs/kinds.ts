/** Every job kind the workers run (README "Jobs and scale-out" lists them with their schedules). */
import { dnsPublishJob } from './dns-publish.ts';
import { dnsReconcileJob } from './dns-reconcile.ts';
import { abuseAcknowledgeJob } from './abuse-acknowledge.ts';
import { abuseClocksJob } from './abuse-clocks.ts';
import { abuseMailboxJob } from './abuse-mailbox.ts';
import { domainCalendarJob } from './domain-calendar.ts';
import { domainCleanupJob } from './domain-cleanup.ts';
import { forSaleOffersJob } from './for-sale-offers.ts';
import { escrowDepositJob } from './escrow-deposit.ts';
import { glueReviewJob } from './glue-review.ts';
import { housekeepingJob } from './housekeeping.ts';
import { orderFollowUpJob } from './order-follow-up.ts';
import { orderReconcileJob } from './order-reconcile.ts';
import { priceSyncJob } from './price-sync.ts';
import type { JobKind } from './job-kind.ts';
import { recurringBillingJob } from './recurring-billing.ts';
import { registrantVerificationJob } from './registrant-verification.ts';
import { registryContactsJob } from './registry-contacts.ts';
import { sendMessageJob } from './send-message.ts';
import { tdrpExpireJob } from './tdrp-expire.ts';
import { transferAwayJob } from './transfer-away.ts';
import { transferPollJob } from './transfer-poll.ts';
import { verificationDeadlineJob } from './verification-deadline.ts';
import { verificationRestoreJob } from './verification-restore.ts';
import { wdrpRemindersJob } from './wdrp-reminders.ts';

export const jobKinds: readonly JobKind<any>[] = [
  sendMessageJob,
  housekeepingJob,
  orderReconcileJob,
  transferPollJob,
  transferAwayJob,
  recurringBillingJob,
  registryContactsJob,
  tdrpExpireJob,
  domainCalendarJob,
  glueReviewJob,
  dnsPublishJob,
  dnsReconcileJob,
  domainCleanupJob,
  forSaleOffersJob,
  abuseAcknowledgeJob,
  abuseClocksJob,
  abuseMailboxJob,
  registrantVerificationJob,
  verificationDeadlineJob,
  verificationRestoreJob,
  wdrpRemindersJob,
  escrowDepositJob,
  orderFollowUpJob,
  priceSyncJob,
];
