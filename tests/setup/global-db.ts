/** Starts one throwaway embedded PostgreSQL per test run and migrates a template database that each test file clones. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, startEmbeddedPostgres } from '../../api/db/client.ts';
import { jobKinds } from '../../api/jobs/kinds.ts';
import { createJobQueue } from '../../api/jobs/queue.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
  }
}

export const templateDatabase = 'dotspot_template';

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'dotspot-test-pg-'));
  const server = await startEmbeddedPostgres(dir, templateDatabase, { durable: false });
  await migrateDatabase(server.url(templateDatabase));
  // pg-boss's schema and the queues go into the template too, so a test file's queue starts in milliseconds.
  const jobs = createJobQueue({ url: server.url(templateDatabase), role: 'web', kinds: jobKinds, max: 1 });
  await jobs.start();
  await jobs.stop();
  // A template must have no open connections while it is cloned.
  const admin = postgres(server.url('postgres'), { max: 1, onnotice: () => {} });
  await admin.unsafe(`alter database "${templateDatabase}" with is_template true`);
  await admin.end();
  project.provide('databaseServerUrl', server.url('postgres'));
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
