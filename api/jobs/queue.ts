/**
 * The job queue: pg-boss in the application's PostgreSQL. Every process creates the queues before it sends; worker
 * processes (ROLE=all or worker) also work them and run the schedules, which pg-boss fires once per occurrence
 * however many workers run. stop() lets jobs in flight finish before the connections close.
 */
import { type Job, PgBoss, type Queue, type WorkOptions } from 'pg-boss';
import type { JobQueue, Role } from '../deps.ts';

export type { JobQueue, Role };

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

/** A failed job's output as pg-boss stores it (the thrown error, serialised). */
function errorText(output: unknown): string | null {
  if (!output || typeof output !== 'object') return typeof output === 'string' ? output : null;
  const message = (output as { message?: unknown }).message;
  return typeof message === 'string' ? message : JSON.stringify(output).slice(0, 500);
}

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
    async health() {
      const names = kinds.map((kind) => kind.name);
      const db = boss.getDb();
      // Read from pg-boss's job table (its default schema), not getQueues(): those counts are refreshed only by a
      // worker's monitor pass, and pg-boss has no call listing jobs by state.
      const depths = await db.executeSql(
        `select name,
           count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as ready,
           count(*) filter (where state in ('created', 'retry') and start_after > now())::int as deferred,
           count(*) filter (where state = 'active')::int as active,
           count(*) filter (where state = 'failed')::int as failed
         from pgboss.job where name = any($1::text[]) group by name`,
        [names],
      );
      const queues = depths.rows as { name: string; ready: number; deferred: number; active: number; failed: number }[];
      const failed = await db.executeSql(
        `select id, name, retry_count, completed_on, output from pgboss.job
         where state = 'failed' and name = any($1::text[]) order by completed_on desc nulls last limit 50`,
        [names],
      );
      const scheduled = kinds.filter((kind) => kind.cron);
      const runs = await db.executeSql(
        `select distinct on (name) name, state, started_on, completed_on from pgboss.job
         where name = any($1::text[]) and state in ('completed', 'failed') order by name, completed_on desc nulls last`,
        [scheduled.map((kind) => kind.name)],
      );
      const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
      const lastRuns = new Map(
        (runs.rows as { name: string; state: 'completed' | 'failed'; started_on: unknown; completed_on: unknown }[]).map((row) => [row.name, row]),
      );
      return {
        queues: names.map((name) => {
          const queue = queues.find((q) => q.name === name);
          return {
            name,
            ready: Number(queue?.ready ?? 0),
            deferred: Number(queue?.deferred ?? 0),
            active: Number(queue?.active ?? 0),
            failed: Number(queue?.failed ?? 0),
          };
        }),
        failedJobs: (failed.rows as { id: string; name: string; retry_count: number; completed_on: unknown; output: unknown }[]).map((row) => ({
          id: row.id,
          name: row.name,
          retryCount: Number(row.retry_count),
          failedOn: iso(row.completed_on),
          error: errorText(row.output),
        })),
        schedules: scheduled.map((kind) => {
          const run = lastRuns.get(kind.name);
          return {
            name: kind.name,
            cron: kind.cron ?? '',
            lastRun: run ? { state: run.state, startedOn: iso(run.started_on), completedOn: iso(run.completed_on) } : null,
          };
        }),
      };
    },
    async retryFailedJob(name, id) {
      if (!kinds.some((kind) => kind.name === name)) return false;
      const [job] = await boss.findJobs(name, { id });
      if (job?.state !== 'failed') return false;
      await boss.retry(name, id);
      return true;
    },
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
