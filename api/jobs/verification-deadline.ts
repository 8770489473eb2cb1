/** Hourly at :23: accounts whose registrant email is unverified 15 days on have their domains suspended. */
import { suspendUnverifiedRegistrants } from '../services/compliance/verification/registrant-verification.ts';
import type { JobKind } from './job-kind.ts';

export const verificationDeadlineJob: JobKind = {
  name: 'verification-deadline',
  cron: '23 * * * *',
  queue: { retryLimit: 2, retryDelay: 300, expireInSeconds: 1800 },
  run: (deps) => suspendUnverifiedRegistrants(deps),
};
