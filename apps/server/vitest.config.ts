import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    // A file's setup clones a database and signs in five users; on a busy 2-core machine that can take a minute.
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
