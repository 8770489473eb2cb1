/**
 * Every job kind the workers run. Still to come, each its own file here once the work it reconciles lands:
 * transfer-poll (asks the registry how pending inbound transfers stand) and order-reconcile (settles orders whose
 * registry or payment outcome was lost, through checkout's reconcileUnknownOrders), both scheduled.
 */
import { housekeepingJob } from './housekeeping.ts';
import type { JobKind } from './queue.ts';
import { sendMessageJob } from './send-message.ts';

export const jobKinds: readonly JobKind<any>[] = [sendMessageJob, housekeepingJob];
