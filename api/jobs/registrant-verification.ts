/** Starts registrant verification for an account (queued on registration, transfer in and a registrant change). */
import {
  registrantVerificationQueue,
  startRegistrantVerification,
  type VerificationTrigger,
} from '../services/compliance/verification/registrant-verification.ts';
import type { JobKind } from './job-kind.ts';

export const registrantVerificationJob: JobKind<{ accountId: number; trigger: VerificationTrigger }> = {
  name: registrantVerificationQueue,
  queue: { retryLimit: 6, retryDelay: 30, retryBackoff: true, retryDelayMax: 1800, expireInSeconds: 120 },
  work: { pollingIntervalSeconds: 2 },
  run: (deps, data) => startRegistrantVerification(deps, data),
};
