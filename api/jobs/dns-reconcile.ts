/** Every minute: every zone's serial in PowerDNS checked against the database, each zone's content once an hour; drift queues a publish. */
import { reconcileDnsZones } from '../services/dns/publish.ts';
import type { JobKind } from './job-kind.ts';

export const dnsReconcileJob: JobKind = {
  name: 'dns-reconcile',
  cron: '* * * * *',
  // A failed run (PowerDNS down) is the next minute's work.
  queue: { retryLimit: 0, expireInSeconds: 60, deleteAfterSeconds: 3600 },
  run: (deps) => reconcileDnsZones(deps),
};
