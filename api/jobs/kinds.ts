/** Every job kind the workers run (README "Jobs and scale-out" lists them with their schedules). */
import { glueReviewJob } from './glue-review.ts';
import { housekeepingJob } from './housekeeping.ts';
import { orderReconcileJob } from './order-reconcile.ts';
import type { JobKind } from './queue.ts';
import { sendMessageJob } from './send-message.ts';
import { transferPollJob } from './transfer-poll.ts';

export const jobKinds: readonly JobKind<any>[] = [sendMessageJob, housekeepingJob, orderReconcileJob, transferPollJob, glueReviewJob];
