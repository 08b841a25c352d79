import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One server and one browser; spec files run one after another.
    fileParallelism: false,
    // A browser on a shared 2-core machine: one more try for a step that timed out under load.
    retry: 1,
    pool: 'forks',
  },
});
