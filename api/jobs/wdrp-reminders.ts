/** Daily at 09:11 UTC: the yearly WDRP reminder to each account on the anniversary of its opening. */
import { sendWdrpReminders } from '../services/compliance/wdrp.ts';
import type { JobKind } from './job-kind.ts';

export const wdrpRemindersJob: JobKind = {
  name: 'wdrp-reminders',
  cron: '11 9 * * *',
  queue: { retryLimit: 3, retryDelay: 600, expireInSeconds: 3600 },
  run: (deps) => sendWdrpReminders(deps),
};
