import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@kit': path.resolve(import.meta.dirname, 'site/kit') } },
  test: {
    globalSetup: ['tests/setup/global-db.ts'],
    setupFiles: ['tests/setup/ui-waits.ts'],
    pool: typeof Bun !== 'undefined' ? 'threads' : 'forks',
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where the files then run one by
    // one while each mostly waits for PostgreSQL or a child process. Two at least.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 60_000,
    environment: 'node',
    // An error or rejection nobody handled fails the run, even when every test passed (tests/unit/test-runner.test.ts).
    dangerouslyIgnoreUnhandledErrors: false,
    projects: [
      // The API and unit files share one module graph per worker (isolate: false): importing the app once instead of
      // per file was half of their time (the billing folder ran in 30 s instead of 90). What a module keeps between
      // files is reset where a file begins (tests/fixtures/test-app.ts); none mocks modules or changes the environment.
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts'], isolate: false } },
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], isolate: false } },
      // The islands' tests mock modules (vi.mock) and each has its own DOM: one file, one module graph.
      { extends: true, test: { name: 'ui', include: ['tests/ui/**/*.test.tsx'] } },
    ],
  },
});
