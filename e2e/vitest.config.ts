import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One server and one browser; spec files run one after another.
    fileParallelism: false,
    // No second try: a spec that fails under load has a cause to find (docs/decisions.md, end-to-end tests under load).
    retry: 0,
    pool: 'forks',
  },
});
