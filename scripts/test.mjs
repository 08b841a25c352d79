// npm test: lint, type checks, domain/server/web tests, the PostgreSQL pass when TEST_DATABASE_URL is set,
// then the Chromium suite against a built app. Prints one closing line with the totals.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.tmp/test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
let passed = 0;
let failed = 0;
const problems = [];

function run(label, command, args, options = {}) {
  console.log(`\n── ${label} ──`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    ...options,
    env: { ...process.env, ...options.env },
  });
  if (result.status !== 0) problems.push(label);
  return result.status === 0;
}

function vitest(label, workspaceDir, extraEnv = {}, extraArgs = []) {
  const file = join(out, `${label.replace(/\W+/g, '-')}.json`);
  run(
    label,
    'npx',
    [
      'vitest',
      'run',
      '--root',
      workspaceDir,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
      ...extraArgs,
    ],
    { env: extraEnv },
  );
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  } else {
    failed += 1;
  }
}

const only = process.argv[2];
if (!only || only === 'static') {
  run('lint (biome)', 'npx', ['biome', 'check', '--error-on-warnings', '.']);
  for (const ws of ['packages/domain', 'apps/server', 'apps/web', 'e2e'])
    run(`types ${ws}`, 'npx', ['tsc', '--noEmit', '-p', ws]);
}
if (!only || only === 'unit') {
  vitest('domain', 'packages/domain');
  vitest('server (PGlite)', 'apps/server', { TEST_DATABASE_URL: '' });
  // .ci/run sets KANTORA_REQUIRE_POSTGRES=1: there a PostgreSQL pass that did not run, or ran no test, fails.
  const requirePostgres = process.env.KANTORA_REQUIRE_POSTGRES === '1';
  if (process.env.TEST_DATABASE_URL) {
    const before = passed + failed;
    vitest('server (PostgreSQL)', 'apps/server');
    if (requirePostgres && passed + failed === before) problems.push('server (PostgreSQL): no test ran');
  } else if (requirePostgres) problems.push('server (PostgreSQL): TEST_DATABASE_URL is not set');
  else console.log('\nTEST_DATABASE_URL is not set: the PostgreSQL pass of the server tests is left to CI (.ci/run).');
  vitest('web', 'apps/web');
}
if (!only || only === 'e2e') {
  if (run('build web', 'npm', ['run', 'build', '-w', '@kantora/web'])) {
    const before = failed;
    vitest('e2e (Chromium)', 'e2e');
    if (failed > before || problems.includes('e2e (Chromium)')) printFailures();
  } else failed += 1;
}

/** A failed e2e test leaves a shot and the page's HTML here (e2e/support/failures.ts): the log names them. */
function printFailures() {
  const folder = join(root, 'e2e/artifacts/failures');
  console.log(`\nFailed e2e tests left their pages in ${folder}`);
  if (!existsSync(folder)) return console.log('  (nothing was saved)');
  for (const file of readdirSync(folder, { recursive: true }).sort()) console.log(`  ${file}`);
}

console.log('');
if (problems.length > 0) console.log(`Failed steps: ${problems.join(', ')}`);
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(problems.length > 0 || failed > 0 ? 1 : 0);
