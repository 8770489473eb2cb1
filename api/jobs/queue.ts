/**
 * The job queue: pg-boss in the application's PostgreSQL. Every process creates the queues before it sends; worker
 * processes (ROLE=all or worker) also work them and run the schedules, which pg-boss fires once per occurrence
 * however many workers run. stop() lets jobs in flight finish before the connections close.
 */
import { type Job, PgBoss, type Queue, type WorkOptions } from 'pg-boss';

export type Role = 'all' | 'web' | 'worker' | 'dns';

/** A kind of job, run with a context the queue knows nothing about (the application's Deps: api/jobs/job-kind.ts). */
export type QueueKind<Data extends object, Context> = {
  name: string;
  /**
   * Retries, backoff, expiry and retention for every job of the kind, and its policy (pg-boss's `stately`: one job
   * queued and one running per singleton key). The policy is set when the queue is first created.
   */
  queue: Omit<Queue, 'name'>;
  /**
   * Scheduled kinds: a cron expression, evaluated in UTC. Their handler does everything due as of `now()`,
   * idempotently, so a late, missed or repeated run changes nothing but when the work happens.
   */
  cron?: string;
  /** How workers take the kind's jobs; a `batchSize` above 1 runs a batch's jobs side by side, each settled on its own. */
  work?: WorkOptions;
  run(context: Context, data: Data): Promise<unknown>;
};

/** What the rest of the application sees of the queue. */
export interface JobQueue {
  /** `singletonKey`: under a `stately` queue, a job is not added while one with the same key is waiting to run. */
  send(name: string, data: object, options?: { singletonKey?: string }): Promise<void>;
  status(): { started: boolean; working: boolean; role: Role };
}

export type JobRunner<Context> = JobQueue & {
  readonly boss: PgBoss;
  readonly kinds: readonly QueueKind<any, Context>[];
  /** Connects, installs or upgrades pg-boss's schema and creates every queue. */
  start(): Promise<void>;
  /** Works every kind and upserts the schedules (ROLE=all or worker). */
  startWorkers(context: Context): Promise<void>;
  /** Stops taking jobs, waits up to `timeoutMs` for those in flight, then closes the connections. */
  stop(timeoutMs?: number): Promise<void>;
  /** One line per kind for the start-up banner. */
  describe(): string[];
};

export const runsWorker = (role: Role) => role === 'all' || role === 'worker';

/** A DNS process (ROLE=dns) neither sends nor works jobs: it does not connect the queue at all. */
export const usesQueue = (role: Role) => role !== 'dns';

export function createJobQueue<Context>(options: {
  url: string;
  role: Role;
  kinds: readonly QueueKind<any, Context>[];
  /** How often a worker looks for schedules that fell due (pg-boss allows 1 to 45 s). */
  scheduleCheckSeconds?: number;
  max?: number;
}): JobRunner<Context> {
  const { role, kinds } = options;
  const worker = runsWorker(role);
  const scheduleCheckSeconds = options.scheduleCheckSeconds ?? 30;
  const boss = new PgBoss({
    connectionString: options.url,
    application_name: `dotspot-${role}`,
    max: options.max ?? (worker ? 6 : 3),
    // Only workers run the cron pass and pg-boss's maintenance; a web process only creates queues and sends.
    schedule: worker,
    supervise: worker,
    // Workers poll instead of LISTENing: pg-boss 12.35 drops the listener's error handler before closing it, so a
    // database going down with us (Ctrl-C reaches the embedded PostgreSQL too) crashed the process mid-shutdown.
    useListenNotify: false,
    cronMonitorIntervalSeconds: scheduleCheckSeconds,
    cronWorkerIntervalSeconds: scheduleCheckSeconds,
  });
  let started = false;
  let working = false;
  let stopping = false;
  // Once stopping, connection errors are expected (Ctrl-C stops the embedded PostgreSQL alongside us).
  boss.on('error', (error) => {
    if (!stopping) console.error(`Job queue: ${error.message}`);
  });

  async function runJob(kind: QueueKind<any, Context>, context: Context, job: Job<object>) {
    try {
      return await kind.run(context, job.data);
    } catch (error) {
      console.warn(`Job ${kind.name} ${job.id} failed (attempt ${job.retryCount + 1}): ${(error as Error).message}`);
      throw error;
    }
  }

  return {
    boss,
    kinds,
    async start() {
      await boss.start();
      for (const kind of kinds) await boss.createQueue(kind.name, kind.queue);
      started = true;
    },
    async startWorkers(context) {
      for (const kind of kinds) {
        // createQueue keeps an existing queue as it was; this brings its retry and retention settings up to date.
        const { policy: _policy, partition: _partition, ...options } = kind.queue;
        if (Object.keys(options).length > 0) await boss.updateQueue(kind.name, options);
        if ((kind.work?.batchSize ?? 1) > 1) {
          // A batch runs side by side, each job settled on its own (one failing retries alone).
          await boss.work<object>(kind.name, { ...kind.work, perJobResults: true as const }, (jobs) =>
            Promise.all(
              jobs.map(async (job) => {
                try {
                  return { id: job.id, status: 'completed' as const, output: (await runJob(kind, context, job)) ?? null };
                } catch (error) {
                  return { id: job.id, status: 'failed' as const, output: { message: (error as Error).message } };
                }
              }),
            ),
          );
        } else await boss.work<object>(kind.name, { ...kind.work }, ([job]) => runJob(kind, context, job));
        if (kind.cron) await boss.schedule(kind.name, kind.cron, null, { tz: 'UTC' });
      }
      working = true;
    },
    async send(name, data, options) {
      await boss.send(name, data, options);
    },
    status: () => ({ started, working, role }),
    async stop(timeoutMs = 20_000) {
      if (!started) return;
      stopping = true;
      working = false;
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
      started = false;
    },
    describe: () =>
      kinds.map((kind) => {
        const retries = kind.queue.retryLimit ?? 2;
        const when = kind.cron ? `scheduled "${kind.cron}" UTC` : 'on demand';
        const backoff = kind.queue.retryBackoff ? `, backoff from ${kind.queue.retryDelay ?? 1} s` : '';
        return `${kind.name}: ${when}, ${retries} retries${backoff}`;
      }),
  };
}
