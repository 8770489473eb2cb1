/**
 * Publishes one zone to PowerDNS as the database has it when the job runs. Stately queue keyed by zone name: one job
 * runs per zone at a time, and a change made while one waits adds nothing (the waiting one will read it). Retried
 * every minute at most, so a zone changed while PowerDNS was down is published within a minute of its return.
 */
import { publishZoneNow } from '../services/dns/publish.ts';
import { zonePublishQueue } from '../services/dns/zone.ts';
import type { JobKind } from './job-kind.ts';

export const dnsPublishJob: JobKind<{ zone: string }> = {
  name: zonePublishQueue,
  queue: {
    policy: 'stately',
    // 5 s, 10 s, 20 s, 40 s, then every minute for about an hour; past that the dns-reconcile job queues it again.
    retryLimit: 60,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 60,
    // Two or three PowerDNS calls of at most 10 s each: a job still active after 2 minutes is dead.
    expireInSeconds: 120,
    deleteAfterSeconds: 24 * 3600,
  },
  // A customer is looking at their change: look every half second (pg-boss's least). Four zones at a time, and the
  // next four at once while batches come back full (a backlog: a fresh PowerDNS, a reconcile's hourly slice).
  work: { batchSize: 4, burstWhenBatchFull: true, pollingIntervalSeconds: 0.5 },
  run: (deps, { zone }) => publishZoneNow(deps, zone),
};
