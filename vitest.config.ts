import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@kit': path.resolve(import.meta.dirname, 'site/kit') } },
  test: {
    globalSetup: ['tests/setup/global-db.ts'],
    setupFiles: ['tests/setup/ui-waits.ts'],
    include: ['tests/api/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/ui/**/*.test.tsx'],
    pool: typeof Bun !== 'undefined' ? 'threads' : 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    environment: 'node',
    // An error or rejection nobody handled fails the run, even when every test passed (tests/unit/test-runner.test.ts).
    dangerouslyIgnoreUnhandledErrors: false,
  },
});
