import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Spec files run by name, one after another; E2E_ORDER=reverse runs them from the last name to the first (CI does, so
 * a spec that leans on what an earlier one left fails there).
 */
class NameSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = [...files].sort((a, b) => (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0));
    return process.env.E2E_ORDER === 'reverse' ? sorted.reverse() : sorted;
  }
}

export default defineConfig({
  test: {
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    // A failed test leaves a shot and the HTML of its open pages (support/failures.ts).
    setupFiles: ['support/failures.ts'],
    sequence: { sequencer: NameSequencer },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One server and one browser; spec files run one after another.
    fileParallelism: false,
    // No second try: a spec that fails under load has a cause to find (docs/decisions.md, end-to-end tests under load).
    retry: 0,
    pool: 'forks',
  },
});
