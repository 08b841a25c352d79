/**
 * npm run bench:cold-page [-- --runs 10] [-- --route /invoices] [-- --baseline <git rev>] [-- --at <git rev>] [-- --build]
 *
 * How long a signed-in user waits for a page's first table row in a new tab (an empty cache), in Chromium.
 * The built app (apps/web/dist; --build builds it first) is served by the real server with the demo data
 * (`node --import tsx apps/server/src/main.ts`, as `npm start` runs it on PGlite). The manager signs in through the
 * API once and the token goes into each new browser context as the app's session cookie. Each run opens a fresh
 * context at `/#<route>` and records, from the page's own clock (navigation start = 0):
 *   - first row: when the first data row of the list (`tbody tr.MuiTableRow-hover`, not a loading placeholder) enters
 *     the page;
 *   - scripts: the JavaScript files requested before that moment, their size (as sent, not compressed by the server),
 *     and the depth of their request chain: the longest sequence of scripts each requested only after the previous
 *     one had arrived (1 = everything requested at once, as a page with every module preloaded would);
 *   - API calls made before the first row.
 * --baseline <rev> also builds apps/web as it is at that git revision (exported into a temporary directory, with
 * this checkout's node_modules and packages/) and measures both builds in the same run, each against a server of its
 * own on a copy of the same seeded data, alternating run by run so that the machine's other load falls on both.
 * --at <rev> measures apps/web at that revision instead of apps/web/dist (`--baseline <rev>~1 --at <rev>`: one
 * commit's change alone, whatever else the working tree holds).
 * One warm-up run per build is not counted. --timeline prints every request of each build's last run (start, end). Everything started is stopped at the end and on Ctrl-C.
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium.ts';
import {
  fileName,
  firstMatchTime,
  isScript,
  longestChain,
  markFirstMatch,
  resourceTimings,
  type Timing,
} from '../support/request-chain.ts';
import { startServer, stopServer } from '../support/server.ts';

const repoDir = resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    route: { type: 'string', default: '/invoices' },
    baseline: { type: 'string' },
    at: { type: 'string' },
    build: { type: 'boolean', default: false },
    timeline: { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs takes a positive whole number');
const ACCOUNT = { username: 'manager@kantora.local', password: 'demo1234' };
const TOKEN_COOKIE = 'kantora_token';
const ROW_SELECTOR = 'table tbody tr.MuiTableRow-hover';

const workDir = mkdtempSync(join(os.tmpdir(), 'kantora-cold-page-'));
const servers = new Set<ChildProcess>();
let browser: Browser | undefined;

async function cleanUp() {
  await browser?.close().catch(() => undefined);
  await Promise.all([...servers].map(stopServer));
  rmSync(workDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and the browser`);
    void cleanUp().finally(() => process.exit(130));
  });
}

interface Build {
  label: string;
  dist: string;
}

/** apps/web as it is at `rev`, built in a directory of its own (this checkout's dependencies and packages/). */
function buildAtRevision(rev: string): Build {
  const root = mkdtempSync(join(workDir, 'build-'));
  const archive = execFileSync('git', ['archive', '--format=tar', rev, 'apps/web'], {
    cwd: repoDir,
    maxBuffer: 256 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', root], { input: archive });
  symlinkSync(join(repoDir, 'node_modules'), join(root, 'node_modules'));
  symlinkSync(join(repoDir, 'packages'), join(root, 'packages'));
  symlinkSync(join(repoDir, 'tsconfig.base.json'), join(root, 'tsconfig.base.json'));
  const web = join(root, 'apps/web');
  execFileSync(process.execPath, [join(repoDir, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: web,
    stdio: 'inherit',
  });
  const short = execFileSync('git', ['rev-parse', '--short', rev], { cwd: repoDir, encoding: 'utf8' }).trim();
  return { label: `${rev} (${short})`, dist: join(web, 'dist') };
}

/** The server as `npm start` runs it (production, PGlite in `dataDir`, the demo seeded on its first start). */
function startProductionServer(dataDir: string, dist: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  return startServer(dataDir, { APP_ENV: 'production', ADMIN_PASSWORD: 'cold-page-admin', WEB_DIST: dist }, (child) => {
    servers.add(child);
    child.once('exit', () => servers.delete(child));
  });
}

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ACCOUNT),
  });
  const body = (await response.json()) as { Result?: { token: string } };
  if (!response.ok || !body.Result) throw new Error(`Signing in answered ${response.status}`);
  return body.Result.token;
}

interface Measure {
  firstRow: number;
  scripts: number;
  scriptBytes: number;
  depth: number;
  chain: string[];
  apiCalls: number;
  /** Scripts requested by the page up to the network going quiet after the first row. */
  scriptsInAll: number;
  /** Every request of the run, by start (--timeline prints the last run's). */
  timeline: Timing[];
}

async function measureOnce(baseUrl: string, token: string, route: string): Promise<Measure> {
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'bg-BG',
    timezoneId: 'Europe/Sofia',
  });
  try {
    await context.addCookies([{ name: TOKEN_COOKIE, value: token, url: baseUrl, sameSite: 'Strict' }]);
    await markFirstMatch(context, ROW_SELECTOR);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/#${route}`, { waitUntil: 'commit' });
    await page.locator(ROW_SELECTOR).first().waitFor({ state: 'visible', timeout: 120_000 });
    await page.waitForLoadState('networkidle');
    const firstRow = await firstMatchTime(page);
    const entries = await resourceTimings(page);
    const beforeRow = entries.filter((entry) => entry.start < firstRow);
    const scripts = beforeRow.filter((entry) => isScript(entry.url));
    const chain = longestChain(scripts);
    return {
      firstRow,
      scripts: scripts.length,
      scriptBytes: scripts.reduce((sum, entry) => sum + entry.bytes, 0),
      depth: chain.length,
      chain: chain.map((entry) => fileName(entry.url)),
      apiCalls: beforeRow.filter((entry) => new URL(entry.url).pathname.startsWith('/api/')).length,
      scriptsInAll: entries.filter((entry) => isScript(entry.url)).length,
      timeline: [
        ...entries,
        { url: `${baseUrl}/(first row)`, start: firstRow, end: firstRow, bytes: 0, kind: 'row' },
      ].sort((a, b) => a.start - b.start),
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const range = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)}`;
const ms = (value: number) => Math.round(value).toString();

async function main() {
  const builds: Build[] = [];
  if (args.baseline) builds.push(buildAtRevision(args.baseline));
  if (args.at) {
    builds.push(buildAtRevision(args.at));
  } else {
    if (args.build) execFileSync('npm', ['run', 'build', '-w', '@kantora/web'], { cwd: repoDir, stdio: 'inherit' });
    const dist = join(repoDir, 'apps/web/dist');
    if (!existsSync(join(dist, 'index.html')))
      throw new Error('apps/web/dist has no build: run `npm run build -w @kantora/web` (or pass --build)');
    console.log(`apps/web/dist built ${statSync(join(dist, 'index.html')).mtime.toISOString()}`);
    builds.push({ label: 'working tree', dist });
  }
  const current = builds.at(-1)!;

  // The demo is seeded once; every build's server then runs on a copy of the same data.
  const seeded = join(workDir, 'data-seeded');
  console.log('seeding the demo data…');
  const first = await startProductionServer(seeded, current.dist);
  await stopServer(first.child);
  const targets: Array<Build & { baseUrl: string; token: string }> = [];
  for (const [index, build] of builds.entries()) {
    const dataDir = join(workDir, `data-${index}`);
    cpSync(seeded, dataDir, { recursive: true });
    const { baseUrl } = await startProductionServer(dataDir, build.dist);
    targets.push({ ...build, baseUrl, token: await signIn(baseUrl) });
  }

  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const results = targets.map((): Measure[] => []);
  for (const target of targets) await measureOnce(target.baseUrl, target.token, args.route); // warm-up
  const loads: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    loads.push(os.loadavg()[0]);
    // Alternate which build goes first, so that neither always follows the other.
    const order = run % 2 === 0 ? targets.keys() : [...targets.keys()].reverse();
    for (const index of order) {
      const target = targets[index];
      const measure = await measureOnce(target.baseUrl, target.token, args.route);
      results[index].push(measure);
      console.log(
        `run ${run + 1}/${RUNS} ${target.label}: first row ${ms(measure.firstRow)} ms, ${measure.scripts} scripts (chain ${measure.depth}), ${measure.apiCalls} API calls`,
      );
    }
  }

  console.log(
    `\nCold load of /#${args.route} as the manager, ${RUNS} runs per build (fresh browser context each), load average (1 min) ${range(loads.map((load) => Number(load.toFixed(1))))} on ${os.cpus().length} cores:\n`,
  );
  console.log(
    '| build | first row p50 (ms) | min–max | scripts before the row | their KB (as sent) | chain depth p50 (min–max) | API calls before the row | scripts by network idle |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [index, target] of targets.entries()) {
    const measures = results[index];
    const pick = (key: keyof Omit<Measure, 'chain' | 'timeline'>) => measures.map((measure) => measure[key]);
    console.log(
      `| ${target.label} | ${ms(median(pick('firstRow')))} | ${range(pick('firstRow').map(Math.round))} | ${median(pick('scripts'))} | ${(median(pick('scriptBytes')) / 1024).toFixed(0)} | ${median(pick('depth'))} (${range(pick('depth'))}) | ${median(pick('apiCalls'))} | ${median(pick('scriptsInAll'))} |`,
    );
  }
  if (targets.length === 2) {
    const [before, after] = results;
    const ratio = (key: 'firstRow' | 'scripts' | 'depth') =>
      (median(after.map((m) => m[key])) / median(before.map((m) => m[key]))).toFixed(2);
    console.log(
      `\n${targets[1].label} / ${targets[0].label} (medians): first row ${ratio('firstRow')}, scripts ${ratio('scripts')}, chain depth ${ratio('depth')}`,
    );
  }
  for (const [index, target] of targets.entries()) {
    const last = results[index].at(-1)!;
    console.log(`\n${target.label}, the last run's longest chain: ${last.chain.join(' → ')}`);
    if (!args.timeline) continue;
    for (const entry of last.timeline) {
      const path = new URL(entry.url).pathname;
      console.log(
        `${ms(entry.start).padStart(6)} ${ms(entry.end).padStart(6)} ms  ${entry.kind.padEnd(6)} ${(entry.bytes / 1024).toFixed(1).padStart(6)} KB  ${path}`,
      );
    }
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
