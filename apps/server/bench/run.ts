/**
 * npm run bench [-- --quick] [-- --only <text>] [-- --write] [-- --database-url <url>] [-- --processes 1,2]
 *
 * Measures the server as it runs in production: a throw-away PostgreSQL (scripts/test-postgres.sh in a
 * directory and on a port of its own; or the scratch database of --database-url / BENCH_DATABASE_URL, which is
 * seeded and written to), seeded with the large preset (--quick: small volumes); the server in its own
 * process (`node --import tsx src/main.ts`, as `npm start` runs it); autocannon in another process drives it;
 * the same SQL runs directly in a third. With --processes N (or a list, 1,2) N server processes
 * run on the one database, each with its own pool, and the load is spread over them; each case is measured at each N. Every row of bench/cases.ts is measured in turn and printed; the table
 * goes to stdout and, with --write, into docs/performance.md. Everything started is ended on exit and on Ctrl-C.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openPostgres } from '../src/db/client.ts';
import { queryRows } from '../src/db/sql-helpers.ts';
import { firstStart } from '../src/seed/bootstrap.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { MailSender, queueMail } from '../src/modules/mail/index.ts';
import { type BenchCase, benchCases } from './cases.ts';
import {
  atExit,
  endAll,
  exited,
  isEnding,
  processMemory,
  spawnTracked,
  startWorker,
  waitForServer,
} from './children.ts';
import { seedLogs, seedPreset } from './data.ts';
import type { DirectRequest } from './direct.ts';
import { BENCH_USERS, type BenchRole, type Fixtures, loadFixtures } from './fixtures.ts';
import type { LoadRequest } from './load.ts';
import { startMailSink } from './mail-sink.ts';
import { describeVolumes, PRESETS } from './presets.ts';
import { type CaseResult, ratioOf, singleRatioOf, tableOf, writeRegion } from './report.ts';
import { memoryShown, type Sample, summarize } from './stats.ts';

const serverDir = resolve(import.meta.dirname, '..');
const repoDir = resolve(serverDir, '../..');

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
    only: { type: 'string', multiple: true },
    'database-url': { type: 'string' },
    connections: { type: 'string', default: '32' },
    keep: { type: 'boolean', default: false },
    seeded: { type: 'boolean', default: false },
    processes: { type: 'string', default: '1' },
  },
});

/** The shortest turn per side a budget may leave a list case (a few dozen requests at 32 connections). */
const MIN_SIDE_SECONDS = 0.1;
const secondsShown = (values: number[]) => {
  const [low, high] = [Math.min(...values), Math.max(...values)].map((value) => value.toFixed(value < 1 ? 2 : 1));
  return values.length === 0 ? '–' : low === high ? low : `${low}–${high}`;
};

const ADMIN_PASSWORD = process.env.BENCH_ADMIN_PASSWORD ?? 'bench-admin-1';
/** Each server process's pool (DATABASE_POOL_SIZE, its default) is the direct side's too. */
const POOL_SIZE = 20;
/** The runner's own connections (migrations, fixtures, checks) besides the servers' and the direct side's pools. */
const OWN_CONNECTIONS = 4;

/** `--processes 2` or `--processes 1,2`: the numbers of server processes to measure each case at, ascending. */
function processCounts(text: string): number[] {
  const counts = [...new Set(text.split(',').map((part) => Number(part.trim())))].sort((a, b) => a - b);
  if (counts.length === 0 || counts.some((n) => !Number.isInteger(n) || n < 1 || n > 16))
    throw new Error(`--processes ${text}: one number of processes (1–16) or a list of them, 1,2`);
  return counts;
}
const processesShown = (n: number) => `${n} process${n === 1 ? '' : 'es'}`;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** A PostgreSQL of the run's own (initdb in a temporary directory), stopped and removed at exit. */
async function startPostgres(): Promise<string> {
  const port = await freePort();
  const dir = join(os.tmpdir(), `kantora-bench-pg-${process.pid}`);
  const env = { ...process.env, KANTORA_TEST_PGDIR: dir, KANTORA_TEST_PGPORT: String(port) };
  const script = join(repoDir, 'scripts/test-postgres.sh');
  let url = '';
  atExit(() => {
    if (args.keep && !isEnding()) {
      console.log(
        `\nPostgreSQL kept (--keep): ${url}\nstop it with: KANTORA_TEST_PGDIR=${dir} KANTORA_TEST_PGPORT=${port} bash scripts/test-postgres.sh stop && rm -rf ${dir}`,
      );
      return;
    }
    spawnSync('bash', [script, 'stop'], { env, stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  });
  const started = spawnSync('bash', [script, 'start'], { env, encoding: 'utf8' });
  if (started.status !== 0) throw new Error(`PostgreSQL did not start: ${started.stderr}`);
  url = started.stdout.trim().split('\n').at(-1)!;
  return url;
}

/**
 * The server's resident memory around a case (Linux): its peak (VmHWM) is reset through /proc/<pid>/clear_refs, then
 * read after the runs. Answers a function giving `RSS a MB before, b MB after, peak c MB`, or undefined where /proc cannot do it.
 */
function serverMemory(pid: number): (() => string) | undefined {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    return undefined;
  }
  const before = processMemory(pid).rss;
  return () => {
    const { rss, hwm } = processMemory(pid);
    return `RSS ${before.toFixed(0)} MB before, ${rss.toFixed(0)} MB after, peak ${hwm.toFixed(0)} MB`;
  };
}

async function signIn(base: string, role: BenchRole): Promise<string> {
  const response = await fetch(`${base}/api/auth/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_USERS[role], password: role === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD }),
  });
  const answer = (await response.json()) as { Result?: { token?: string }; Message?: string };
  if (!answer.Result?.token)
    throw new Error(`sign-in of ${BENCH_USERS[role]} failed: ${response.status} ${answer.Message ?? ''}`);
  return answer.Result.token;
}

/** One call, checked: 2xx, and a JSON answer of the house envelope with Type 1. Answers a short description. */
async function check(request: LoadRequest): Promise<string> {
  const response = await fetch(request.urls[0], {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`${response.status} ${bytes.toString('utf8').slice(0, 200)}`);
  if (!(response.headers.get('content-type') ?? '').includes('json')) {
    // A package that says how many documents it holds (the month package) has them in its answer.
    const count = response.headers.get('x-document-count');
    const documents = count === null ? '' : `, ${count} documents`;
    return `${response.headers.get('content-type')?.split(';')[0]}, ${(bytes.length / 1024).toFixed(0)} KB${documents}`;
  }
  const answer = JSON.parse(bytes.toString('utf8')) as {
    Type: number;
    Message?: string;
    Result?: { Items?: unknown[]; Total?: number; Estimated?: boolean };
  };
  if (answer.Type !== 1) throw new Error(`Type ${answer.Type} ${answer.Message ?? ''}`);
  const result = answer.Result;
  if (result && Array.isArray(result.Items))
    return `${result.Items.length} of ${result.Estimated ? '~' : ''}${result.Total}`;
  return 'ok';
}

async function main() {
  const begun = performance.now();
  const preset = PRESETS[args.quick ? 'quick' : 'full'];
  const connections = Number(args.connections);
  const processCountsRun = processCounts(args.processes);
  const maxProcesses = processCountsRun.at(-1)!;
  const only = args.only ?? [];
  const cases = benchCases.filter(
    (c) => only.length === 0 || only.some((text) => c.name.includes(text) || c.area === text),
  );
  if (cases.length === 0) throw new Error(`no case matches ${only.join(', ')}`);
  if (args.write && only.length > 0)
    throw new Error('--write replaces the whole table in docs/performance.md: run every case (no --only)');
  const names = new Set<string>();
  for (const c of benchCases) {
    if (names.has(c.name)) throw new Error(`two cases are named ${c.name}`);
    names.add(c.name);
  }

  // 1. The database and its data.
  const givenUrl = args['database-url'] ?? process.env.BENCH_DATABASE_URL;
  const databaseUrl = givenUrl ?? (await startPostgres());
  console.log(
    `database: ${givenUrl ? 'given scratch database' : 'throw-away PostgreSQL'} ${databaseUrl.replace(/\/\/[^@]*@/, '//')}`,
  );
  const baseEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL: BENCH_USERS.admin,
    ADMIN_PASSWORD,
    APP_ENV: 'production',
  };
  const seedStarted = performance.now();
  // Migrated, with the administrator and the demo users, before the seed and the server start side by side.
  const first = await openPostgres(databaseUrl, 2);
  try {
    await migrateDatabase(first);
    await firstStart(first.db, { adminEmail: BENCH_USERS.admin, adminPassword: ADMIN_PASSWORD, seedDemo: true });
    // Every server process has a pool of its own: all of them, the direct side's and the runner's must fit.
    const [{ max_connections: maxConnections }] = await queryRows<{ max_connections: string }>(
      first.db,
      sql`show max_connections`,
    );
    const needed = maxProcesses * POOL_SIZE + POOL_SIZE + OWN_CONNECTIONS;
    if (needed > Number(maxConnections))
      throw new Error(
        `${processesShown(maxProcesses)} × ${POOL_SIZE} connections, the direct side's ${POOL_SIZE} and the runner's ${OWN_CONNECTIONS} need ${needed}: more than the database's max_connections ${maxConnections}`,
      );
  } finally {
    await first.close();
  }
  // --seeded: the given scratch database already holds the preset's data (a run before this one seeded it).
  if (args.seeded && !givenUrl) throw new Error('--seeded needs --database-url (a scratch database seeded before)');
  const seeding = args.seeded ? Promise.resolve() : seedPreset(serverDir, baseEnv, preset.seed);

  // 2. The servers (one unless --processes), each in its own process as `npm start` runs it (its log in a file), with
  // its own pool, starting while the seed runs. Each sends mail with a From of its own (the mail row tells who sent).
  const logDir = join(os.tmpdir(), `kantora-bench-${process.pid}`);
  mkdirSync(logDir, { recursive: true });
  atExit(() => rmSync(logDir, { recursive: true, force: true }));
  // The SMTP server the servers' mail senders deliver to (the mail row).
  const sink = await startMailSink();
  atExit(() => void sink.close());
  const serverStarted = performance.now();
  const servers: Array<{ process: ReturnType<typeof spawnTracked>; base: string; logFile: string; from: string }> = [];
  for (let index = 0; index < maxProcesses; index += 1) {
    const port = await freePort();
    const logFile = join(logDir, `server-${index + 1}.log`);
    const log = openSync(logFile, 'a');
    const from = `bench${index + 1}@kantora.local`;
    const child = spawnTracked(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...baseEnv,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: '0',
        SMTP_URL: sink.url,
        MAIL_POLL_MS: '200',
        MAIL_FROM: `Kantora ${index + 1} <${from}>`,
        DATABASE_POOL_SIZE: String(POOL_SIZE),
      },
      stdio: ['ignore', log, log],
    });
    servers.push({ process: child, base: `http://127.0.0.1:${port}`, logFile, from });
  }
  // 3. The load generator and the direct-SQL client, each a process of its own.
  const load = startWorker<LoadRequest, Sample>(join(import.meta.dirname, 'load.ts'));
  const direct = startWorker<DirectRequest, Sample>(join(import.meta.dirname, 'direct.ts'), {
    ...process.env,
    BENCH_DIRECT_DATABASE_URL: databaseUrl,
    BENCH_POOL_SIZE: String(POOL_SIZE),
  });
  let serverReady: number | undefined;
  const base = servers[0].base;
  const serverUp = Promise.all(servers.map((one) => waitForServer(one.base, one.process, one.logFile))).then(() => {
    serverReady = (performance.now() - serverStarted) / 1000;
  });
  serverUp.catch(() => {}); // awaited below
  await seeding;

  // 4. The log rows, statistics, and the fixtures the cases' bodies need.
  const database = await openPostgres(databaseUrl, 2);
  let fixtures: Fixtures;
  let postgresVersion: string;
  let tables: Array<{ name: string; n: number }>;
  try {
    if (!args.seeded) await seedLogs(database.db, preset.logs);
    // Everything analysed and all-visible, so autovacuum has nothing left to do while we measure.
    await database.db.execute(sql`vacuum analyze`);
    fixtures = await loadFixtures(database.db);
    tables = await queryRows<{ name: string; n: number }>(
      database.db,
      sql`select relname as name, cast(reltuples as integer) as n from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples >= 1000 order by reltuples desc`,
    );
    [{ server_version: postgresVersion }] = await queryRows<{ server_version: string }>(
      database.db,
      sql`show server_version`,
    );
  } finally {
    await database.close();
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  await serverUp;
  console.log(
    `${servers.length === 1 ? 'server' : `${servers.length} servers`}: ${servers.map((one) => `pid ${one.process.pid} at ${one.base}`).join(', ')}, answering ${serverReady!.toFixed(1)} s after the start`,
  );
  const tokens = new Map<BenchRole, string>();
  for (const role of new Set(cases.map((c) => c.role))) tokens.set(role, await signIn(base, role));

  // Seconds per side of a list case: the preset's, or (with a budget) what is left of it shared by the list cases
  // still to run, less what a case takes besides its two sides (the check, one connection, start-up), as measured.
  let concurrent = preset.concurrent;
  let overhead = 0.5;
  const used: number[] = [];
  const singleShown = preset.single ? (preset.budget > 0 ? 'as long' : `${preset.single} s`) : 'no run';
  console.log(
    `preset ${args.quick ? 'quick' : 'full'} (${describeVolumes(preset)}) seeded in ${seedSeconds.toFixed(0)} s; ` +
      `${cases.length} cases, ${connections} connections, ${preset.budget > 0 ? `about ${preset.budget} s in all` : `${concurrent} s per side`}, ${singleShown} at 1 connection`,
  );

  // The runner's own connection: the outbox's and the number registers' checks.
  const control = await openPostgres(databaseUrl, 2);
  atExit(() => void control.close());
  /** Bodies a change serves once (a draft issued), across the cases and the numbers of processes of the run. */
  const served = new Set<string>();
  /** The server processes' memory around a case: one reading per process the load is spread over. */
  const serversMemory = (which: typeof servers) => {
    const readings = which.map((one) => (one.process.pid ? serverMemory(one.process.pid) : undefined));
    if (readings.some((reading) => !reading)) return undefined;
    return () =>
      which.length === 1
        ? `server ${readings[0]!()}`
        : readings.map((reading, index) => `server ${index + 1} ${reading!()}`).join('; ');
  };
  /**
   * The numbers a register gave since it stood at `from`: each on exactly one issued document, as many as the issues
   * that succeeded (`expected`), so gapless and none twice; or what is wrong.
   */
  const numbersFrom = async (kind: string, from: number, expected: number) => {
    const [{ next }] = await queryRows<{ next: string }>(
      control.db,
      sql`select next from number_registers where kind = ${kind}`,
    );
    const to = Number(next);
    const [found] = await queryRows<{ n: number; distinct: number }>(
      control.db,
      sql`select cast(count(*) as integer) as n, cast(count(distinct number) as integer) as distinct
          from billing_documents where kind = ${kind} and issued and number is not null
            and cast(number as bigint) >= ${from} and cast(number as bigint) < ${to}`,
    );
    const taken = to - from;
    const gapless = taken === expected && found.n === taken && found.distinct === taken;
    return {
      gapless,
      shown: gapless
        ? `numbers ${from}–${to - 1}: ${taken} issued, gapless, none twice`
        : `**numbers ${from}–${to - 1}: ${taken} taken for ${expected} issues, on ${found.n} documents (${found.distinct} distinct)**`,
    };
  };

  const results: CaseResult[] = [];
  const measureCase = async (c: BenchCase, processes: number): Promise<CaseResult> => {
    const spread = servers.slice(0, processes);
    const name = processCountsRun.length > 1 || processes > 1 ? `${c.name}, ${processesShown(processes)}` : c.name;
    // A body served once (a draft issued) is not served again by a later case or number of processes.
    const bodies = c.bodies?.(fixtures).filter((one) => !served.has(JSON.stringify(one)));
    const body = bodies?.[0] ?? c.body?.(fixtures) ?? {};
    const path = typeof c.path === 'string' ? c.path : c.path(fixtures);
    const request: LoadRequest = {
      urls: spread.map((one) => `${one.base}${path}`),
      method: c.method,
      headers: {
        authorization: `Bearer ${tokens.get(c.role)}`,
        ...(c.method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      ...(c.method === 'POST' ? { body: JSON.stringify(body) } : {}),
      connections,
    };
    const debug = process.env.BENCH_DEBUG
      ? (label: string) => console.log(`  ${label} ${(performance.now() - caseStarted).toFixed(0)} ms`)
      : () => {};
    const caseStarted = performance.now();
    const register = c.numbers
      ? Number(
          (
            await queryRows<{ next: string }>(
              control.db,
              sql`select next from number_registers where kind = ${c.numbers}`,
            )
          )[0].next,
        )
      : 0;
    if (bodies?.[0]) served.add(JSON.stringify(bodies[0]));
    const answer = await check(request);
    debug('checked');
    const directOf = (plan: Omit<DirectRequest, 'caseName' | 'body' | 'fixtures'>) =>
      direct.call({ ...plan, caseName: c.name, body, fixtures });
    const httpSamples: Sample[] = [];
    const sqlSamples: Sample[] = [];
    if (c.delivery) {
      // The messages queued in one transaction (a sender of this process registered so that they are 'queued', not
      // 'held'; it sends nothing itself); the servers' senders, each polling every 200 ms, deliver them to the sink.
      const count = c.delivery;
      const printed = await fetch(`${base}/api/invoices/print/${fixtures.printing.invoice10}?lang=bg`, {
        headers: { authorization: `Bearer ${tokens.get(c.role)}` },
      });
      if (!printed.ok) throw new Error(`print ${printed.status}`);
      const pdf = Buffer.from(await printed.arrayBuffer());
      const before = sink.arrivals.length;
      const memory = serversMemory(servers);
      const queuing = await openPostgres(databaseUrl, 2);
      const queuer = new MailSender(queuing.db, {
        smtpUrl: sink.url,
        from: 'Kantora <bench@kantora.local>',
        retryBaseMs: 60_000,
        maxAttempts: 8,
        leaseSeconds: 300,
        pollMs: 60_000,
      });
      let queued = 0;
      const ids: string[] = [];
      try {
        queuer.start({ background: false });
        await queuing.db.transaction(async (tx) => {
          for (let i = 0; i < count; i += 1) {
            const mail = await queueMail(tx, null, {
              to: [`client${i}@example.test`],
              subject: `Фактура ${i}`,
              text: 'Здравейте,\nприлагаме фактурата.',
              html: '<p>Здравейте,<br>прилагаме фактурата.</p>',
              language: 'bg',
              kind: 'document',
              entity: null,
              attachments: [{ filename: `invoice-${i}.pdf`, contentType: 'application/pdf', content: pdf }],
            });
            ids.push(mail._id);
          }
        });
        queued = performance.now();
      } finally {
        await queuer.stop();
        await queuing.close();
      }
      await sink.waitFor(before + count);
      const times = [queued, ...sink.arrivals.slice(before, before + count)];
      const gaps = times.slice(1).map((time, index) => time - times[index]);
      httpSamples.push({ latencies: gaps, failed: 0, seconds: (times.at(-1)! - queued) / 1000 });
      const memoryNote = memory?.();
      // Each message sent once (one attempt, state sent), whichever process's sender claimed it.
      const [outbox] = await queryRows<{ sent: number }>(
        control.db,
        sql`select cast(count(*) as integer) as sent from mail_messages where state = 'sent' and attempts = 1 and id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
      const bySender = servers.map((one) => sink.senders.slice(before).filter((from) => from === one.from).length);
      const onceNote =
        outbox.sent === count && sink.arrivals.length === before + count
          ? 'each sent once'
          : `**${outbox.sent} of ${count} sent once, ${sink.arrivals.length - before} arrived**`;
      await directOf({ connections: 1, amount: 1 });
      sqlSamples.push(await directOf({ connections: 1, amount: count }));
      const http = summarize(httpSamples);
      const directMemory = sqlSamples.at(-1)?.memory;
      const notes = [
        `${count} messages, ${(pdf.length / 1024).toFixed(0)} KB PDF each: ${servers.length > 1 ? "the servers' senders" : "the server's sender"} ${http.rps.toFixed(0)}/s`,
        servers.length > 1 && `${onceNote}, by the ${servers.length} processes ${bySender.join(' + ')}`,
        memoryNote,
        directMemory && `direct (nodemailer alone) ${memoryShown(directMemory)}`,
      ].filter(Boolean);
      return {
        name: `${c.name}${servers.length > 1 ? `, ${processesShown(servers.length)}` : ''}`,
        area: c.area,
        answer: notes.join('; '),
        http,
        direct: summarize(sqlSamples),
        sequential: count,
        failed: onceNote !== 'each sent once',
      };
    }
    if (c.sequential) {
      const runs = Math.max(3, Math.round(c.sequential * preset.runs));
      const at = Math.min(c.connections ?? 1, runs);
      // A change a body serves once: the check took the first body; each side then takes its own, one per request.
      const own = (from: number, amount: number) => (bodies ? { bodies: bodies.slice(from, from + amount) } : {});
      if (bodies && bodies.length < 3 + 2 * runs)
        throw new Error(`${bodies.length} bodies left for ${3 + 2 * runs} requests`);
      for (const one of bodies?.slice(0, 3 + 2 * runs) ?? []) served.add(JSON.stringify(one));
      const httpBodies = (from: number, amount: number) =>
        bodies ? { bodies: bodies.slice(from, from + amount).map((b) => JSON.stringify(b)) } : {};
      await load.call({ ...request, connections: 1, amount: 1, ...httpBodies(1, 1) });
      await directOf({ connections: 1, amount: 1, ...own(2, 1) });
      const memory = c.memory ? serversMemory(spread) : undefined;
      httpSamples.push(await load.call({ ...request, connections: at, amount: runs, ...httpBodies(3, runs) }));
      const memoryNote = memory?.();
      sqlSamples.push(await directOf({ connections: at, amount: runs, ...own(3 + runs, runs) }));
      // The direct side does the same work in its own process: its RSS and heap before and after the runs.
      const directMemory = sqlSamples.at(-1)?.memory;
      // Every issue that answered: the check, each side's warm-up and runs.
      const issued = 3 + 2 * runs - [...httpSamples, ...sqlSamples].reduce((sum, sample) => sum + sample.failed, 0);
      const numbers = c.numbers ? await numbersFrom(c.numbers, register, issued) : undefined;
      const notes = [answer, numbers?.shown, memoryNote, directMemory && `direct ${memoryShown(directMemory)}`].filter(
        Boolean,
      );
      const http = summarize(httpSamples);
      const sqlStats = summarize(sqlSamples);
      return {
        name,
        area: c.area,
        answer: notes.join('; '),
        http,
        direct: sqlStats,
        sequential: runs,
        at,
        ...(at === 1 ? { single: http, singleDirect: sqlStats } : {}),
        failed: numbers ? !numbers.gapless : false,
      };
    }
    if (preset.warmup > 0) {
      await load.call({ ...request, duration: preset.warmup });
      await directOf({ connections, duration: preset.warmup });
      debug('warm');
    }
    for (let round = 0; round < preset.rounds; round += 1) {
      httpSamples.push(await load.call({ ...request, duration: concurrent / preset.rounds }));
      debug('http');
      sqlSamples.push(await directOf({ connections, duration: concurrent / preset.rounds }));
      debug('sql');
    }
    // One request at a time: the HTTP call, then its SQL run directly for as long.
    const seconds = preset.single > 0 ? Math.min(preset.single, preset.budget > 0 ? concurrent : preset.single) : 0;
    const single = seconds > 0 ? await load.call({ ...request, connections: 1, duration: seconds }) : undefined;
    const singleDirect = seconds > 0 ? await directOf({ connections: 1, duration: seconds }) : undefined;
    debug('single');
    return {
      name,
      area: c.area,
      answer,
      http: summarize(httpSamples),
      single: single && summarize([single]),
      singleDirect: singleDirect && summarize([singleDirect]),
      direct: summarize(sqlSamples),
    };
  };

  // Each case at each number of processes in turn (the mail row once, at the most: every process's sender runs).
  const runs = cases.flatMap((c) => (c.delivery ? [maxProcesses] : processCountsRun).map((n) => ({ c, n })));
  // Sides per list case in seconds of `concurrent`: the two at `connections`, and the two one at a time.
  const sides = preset.single > 0 ? 4 : 2;
  const loads: number[] = [];
  const measureStarted = performance.now();
  for (const [index, { c, n }] of runs.entries()) {
    if (isEnding()) return;
    loads.push(os.loadavg()[0]);
    if (preset.budget > 0) {
      const left = preset.budget - (performance.now() - measureStarted) / 1000;
      const listLeft = Math.max(1, runs.slice(index).filter((other) => !other.c.sequential).length);
      concurrent = Math.min(preset.concurrent, Math.max(MIN_SIDE_SECONDS, (left / listLeft - overhead) / sides));
    }
    const caseStarted = performance.now();
    let result: CaseResult;
    try {
      result = await measureCase(c, n);
    } catch (error) {
      if (isEnding()) return;
      result = {
        name: processCountsRun.length > 1 || n > 1 ? `${c.name}, ${processesShown(n)}` : c.name,
        area: c.area,
        answer: '',
        error: error instanceof Error ? error.message.split('\n')[0] : String(error),
      };
    }
    if (!c.sequential && !result.error) {
      used.push(concurrent);
      overhead = 0.7 * overhead + 0.3 * Math.max(0, (performance.now() - caseStarted) / 1000 - sides * concurrent);
    }
    results.push(result);
    const ratio = ratioOf(result);
    const ratioSingle = singleRatioOf(result);
    console.log(
      result.error
        ? `✗ ${result.name}: ${result.error}`
        : `${result.name.padEnd(52)} ${result.answer.padEnd(14)} ${result.http!.rps.toFixed(0).padStart(5)} req/s  p95 ${result.http!.p95.toFixed(1).padStart(6)} ms  SQL p95 ${result.direct!.p95.toFixed(1).padStart(6)} ms  ratio ${ratio!.toFixed(2)}${result.single && !result.sequential ? `  1 conn. p95 ${result.single.p95.toFixed(1)} ms  SQL ${result.singleDirect?.p95.toFixed(1)} ms  ratio ${ratioSingle?.toFixed(2)}` : ''}`,
    );
  }
  const measureSeconds = (performance.now() - measureStarted) / 1000;
  await Promise.all([load.close(), direct.close()]);

  const cpu = os.cpus();
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const flags = [args.quick && '--quick', args.processes !== '1' && `--processes ${processCountsRun.join(',')}`].filter(
    Boolean,
  );
  const summary = [
    `Run of ${when} UTC, \`npm run bench${flags.length > 0 ? ` -- ${flags.join(' ')}` : ''}\`: preset ${args.quick ? 'quick' : 'full'} (${describeVolumes(preset)}),`,
    `rows: ${tables.map((table) => `${table.name} ${table.n}`).join(', ')};`,
    `PostgreSQL ${postgresVersion}, Node ${process.version}, ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB;`,
    `load average (1 min) ${Math.min(...loads).toFixed(1)}–${Math.max(...loads, os.loadavg()[0]).toFixed(1)} while measuring (PostgreSQL, the server, the load generator and the direct SQL share the machine with whatever else runs);`,
    `${processCountsRun.map(processesShown).join(' and ')} of the server (each its own pool of ${POOL_SIZE} connections${maxProcesses > 1 ? ', the load spread over them' : ''});`,
    `${secondsShown(used)} s per case and side at ${connections} connections${preset.rounds > 1 ? ` in ${preset.rounds} turns` : ''}, ${singleShown} at 1 (the HTTP call, then its SQL);`,
    `measured in ${measureSeconds.toFixed(0)} s, ${((performance.now() - begun) / 1000).toFixed(0)} s with the database, the seed and the server's start.`,
  ].join('\n');
  const table = tableOf(results, connections);
  console.log(`\n${summary}\n\n${table}`);
  if (args.write) {
    writeRegion(join(repoDir, 'docs/performance.md'), `${summary}\n\n${table}`);
    console.log('\ndocs/performance.md: the results region is updated');
  }

  for (const one of servers) one.process.kill('SIGTERM');
  await Promise.all(servers.map((one) => exited(one.process)));
  if (
    results.some(
      (result) =>
        result.error ||
        result.failed ||
        (result.http?.failed ?? 0) > 0 ||
        (result.direct?.failed ?? 0) > 0 ||
        (result.singleDirect?.failed ?? 0) > 0,
    )
  )
    process.exitCode = 1;
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  })
  .finally(() => endAll());
