/**
 * npm run bench:memory [-- --data-dir <dir>] [--no-cap] [--runs <n>]
 *
 * The server's memory on the embedded database (PGlite) through the bench's print and export rows, one request at a
 * time and then 32 at once: the budget is 500 MB resident (DESIGN.md, "Budgets"). The server is started as `npm start`
 * starts it (scripts/server-command.mjs); its resident size (VmRSS) is sampled every 50 ms and the table gives each
 * step's time, the resident size after it and its peak. Exits with 1 when a peak passes the budget.
 *
 * The data: a PGlite directory with a reduced large preset (500 clients, 1 000 contracts, 200 000 timesheets, 500
 * invoices and proformas), seeded on the first run (about five minutes) and kept for the next ones (in the system's
 * temporary directory unless `--data-dir` names one). `--no-cap` starts the server without the embedded database's
 * heap cap (to compare); `--runs` multiplies the one-at-a-time steps' repetitions.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { EMBEDDED_HEAP_MB, serverArgs } from '../../../scripts/server-command.mjs';
import { openPglite } from '../src/db/client.ts';
import { queryRows } from '../src/db/sql-helpers.ts';
import { endAll, exited, processMemory, spawnTracked, waitForServer } from './children.ts';

const BUDGET_MB = 500;
const SERVER_ROOT = new URL('..', import.meta.url).pathname;
const REPO_ROOT = join(SERVER_ROOT, '../..');
const SEED = ['--preset', 'large', '--clients', '500', '--documents', '500', '--contracts', '1000'];
const SEED_VOLUMES = ['--timesheets', '200000', '--invoices', '500'];

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string', default: join(tmpdir(), 'kantora-bench-pglite') },
    'no-cap': { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
  },
});
const dataDir = values['data-dir']!;
const runs = Math.max(1, Number(values.runs) || 1);

interface Fixtures {
  invoice10: string;
  invoiceLong: { id: string; rows: number };
  client: string;
  month: string;
  from: string;
  to: string;
  timesheets: number;
}

/** Seeds the data directory unless it already holds the volumes, then reads the ids the steps use. */
async function prepare(): Promise<Fixtures> {
  const seeded = existsSync(dataDir) && readdirSync(dataDir).length > 0;
  if (!seeded) {
    console.log(`seeding ${dataDir} (about five minutes, once)…`);
    const seed = spawnSync(process.execPath, ['--import', 'tsx', 'src/seed/cli.ts', ...SEED, ...SEED_VOLUMES], {
      cwd: SERVER_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: 'inherit',
    });
    if (seed.status !== 0) throw new Error('the seed failed');
  }
  const database = await openPglite({ dataDir });
  try {
    const invoices = await queryRows<{ id: string; rows: number }>(
      database.db,
      sql`select d.id, cast(count(*) as integer) as rows
        from (select id from billing_documents where kind = 'invoice' and issued order by created desc, id limit 500) d
        join billing_items i on i.document_id = d.id group by d.id order by count(*) desc, d.id`,
    );
    const [range] = await queryRows<{ from: string; to: string; n: number }>(
      database.db,
      sql`select cast(min(date) as text) as "from", cast(max(date) as text) as "to", cast(count(*) as integer) as n
        from timesheets`,
    );
    const [month] = await queryRows<{ m: string }>(
      database.db,
      sql`select to_char(date, 'YYYY-MM') as m from billing_documents where issued group by 1 order by count(*) desc, 1
        limit 1`,
    );
    const [client] = await queryRows<{ id: string }>(
      database.db,
      sql`select customer_id as id from billing_documents where issued and customer_id is not null
        group by 1 order by count(*) desc, 1 limit 1`,
    );
    const small = invoices.find((invoice) => invoice.rows <= 10) ?? invoices.at(-1);
    if (!small || !invoices[0] || !month || !client || !range?.from)
      throw new Error(`${dataDir} holds no issued invoices or timesheets: remove it to seed it again`);
    return {
      invoice10: small.id,
      invoiceLong: invoices[0],
      client: client.id,
      month: month.m,
      from: range.from,
      to: range.to,
      timesheets: range.n,
    };
  } finally {
    await database.close();
  }
}

async function main() {
  const fixtures = await prepare();
  const port = 18000 + (process.pid % 1000);
  const base = `http://127.0.0.1:${port}`;
  const capped = !values['no-cap'];
  const args = serverArgs(REPO_ROOT, { embedded: true, cap: capped });
  const server = spawnTracked(process.execPath, args, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const memory = () => processMemory(server.pid);
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memory().rss);
  }, 50);
  await waitForServer(base, server);
  const signIn = await fetch(`${base}/api/auth/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'manager@kantora.local', password: 'demo1234' }),
  });
  const token = ((await signIn.json()) as { Result?: { token?: string } }).Result?.token;
  if (!token) throw new Error(`signing in as the demo manager failed (${signIn.status})`);
  const call = async (path: string, body?: unknown) => {
    const response = await fetch(base + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const bytes = (await response.arrayBuffer()).byteLength;
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return bytes;
  };

  const rows: string[] = [];
  let over = false;
  const step = async (label: string, times: number, parallel: number, request: () => Promise<number>) => {
    peak = memory().rss;
    const started = performance.now();
    let bytes = 0;
    for (let done = 0; done < times; done += parallel)
      bytes = (await Promise.all(Array.from({ length: Math.min(parallel, times - done) }, request))).at(-1)!;
    const seconds = (performance.now() - started) / 1000;
    const after = memory().rss;
    over ||= peak > BUDGET_MB;
    rows.push(
      `| ${label} | ${times}${parallel > 1 ? `, ${parallel} at once` : ''} | ${seconds.toFixed(1)} s | ${Math.round(bytes / 1024)} KB | ${after.toFixed(0)} | ${peak.toFixed(0)} |`,
    );
    console.log(rows.at(-1));
  };
  const started = memory();
  rows.push(`| started (idle, signed in) | | | | ${started.rss.toFixed(0)} | ${started.hwm.toFixed(0)} |`);
  console.log(rows.at(-1));
  const exportBody = { fromDate: fixtures.from, toDate: fixtures.to };
  const long = fixtures.invoiceLong;
  await step(`timesheets export (XLSX), ${fixtures.timesheets} rows`, 2, 1, () =>
    call('/api/timesheets/export', exportBody),
  );
  await step('print an invoice (PDF), 10 rows', 100 * runs, 1, () =>
    call(`/api/invoices/print/${fixtures.invoice10}?lang=bg`),
  );
  await step(`print an invoice (PDF), ${long.rows} rows`, 30 * runs, 1, () =>
    call(`/api/invoices/print/${long.id}?lang=bg`),
  );
  await step(`e-invoice, ${long.rows} rows`, 20 * runs, 1, () => call(`/api/invoices/einvoice/${long.id}`));
  await step('statement of account (PDF), the busiest client', 10 * runs, 1, () =>
    call('/api/receivables/statement', {
      clientId: fixtures.client,
      fromDate: '2020-01-01',
      toDate: new Date().toISOString().slice(0, 10),
      language: 'bg',
    }),
  );
  await step(`month package (zip), ${fixtures.month}`, 1, 1, () =>
    call('/api/invoices/monthPackage', { month: fixtures.month }),
  );
  await step(`print an invoice (PDF), ${long.rows} rows`, 96, 32, () => call(`/api/invoices/print/${long.id}?lang=it`));
  await step(`e-invoice, ${long.rows} rows`, 96, 32, () => call(`/api/invoices/einvoice/${long.id}`));
  await step('timesheets export (XLSX), all rows', 4, 4, () => call('/api/timesheets/export', exportBody));
  await step('timesheets export (XLSX), again', 1, 1, () => call('/api/timesheets/export', exportBody));
  clearInterval(sampler);
  const end = memory();
  server.kill('SIGTERM');
  await exited(server);

  console.log(
    `\nServer: node ${args.slice(0, -1).join(' ')} …/main.ts (${capped ? `heap cap ${EMBEDDED_HEAP_MB} MB` : 'no heap cap'}); ` +
      `PGlite in ${dataDir}; peak resident (VmHWM) ${end.hwm.toFixed(0)} MB; budget ${BUDGET_MB} MB.\n`,
  );
  console.log('| step | requests | time | answer | RSS after (MB) | peak (MB) |');
  console.log('| ---- | -------: | ---: | -----: | -------------: | --------: |');
  for (const row of rows) console.log(row);
  if (over || end.hwm > BUDGET_MB) {
    console.error(`\nover the budget: the peak passed ${BUDGET_MB} MB`);
    process.exitCode = 1;
  }
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => endAll());
