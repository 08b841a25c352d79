/**
 * npm run bench: latency of API calls against the same SQL run directly, measured in one run
 * (figures are ratios; the machines are shared and noisy). PGlite by default; set
 * BENCH_DATABASE_URL to a PostgreSQL server (a scratch database: it is migrated and written to).
 * BENCH_PARTS (comma-separated: auth, logs, clients; all by default) picks the cases.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, migrateDatabase, openPglite, openPostgres } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { firstStart, jwtSecret } from '../src/seed/bootstrap.ts';
import { benchClients } from './clients.ts';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'auth,logs,clients').split(',').map((part) => part.trim()));

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(label: string, task: () => Promise<unknown>) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < REQUESTS) {
      next += 1;
      const t0 = performance.now();
      await task();
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  const result = { label, p50: percentile(times, 50), p95: percentile(times, 95), rps: REQUESTS / seconds };
  console.log(`${label.padEnd(44)} p50 ${result.p50.toFixed(2)} ms  p95 ${result.p95.toFixed(2)} ms  ${result.rps.toFixed(0)} req/s`);
  return result;
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  const database: Database = url ? await openPostgres(url, CONCURRENCY) : await openPglite({ dataDir: null });
  await migrateDatabase(database);
  await firstStart(database.db, { adminEmail: 'admin@kantora.local', adminPassword: 'bench-admin-1', seedDemo: false });
  const config = loadConfig({ APP_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', SIGNIN_MAX_ATTEMPTS: '1000' });
  const app = await buildApp({ config, database, jwtSecret: await jwtSecret(database.db, undefined) });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await fetch(`${address}/api/auth/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@kantora.local', password: 'bench-admin-1' }),
  });
  const token = ((await signIn.json()) as { Result: { token: string } }).Result.token;
  const [admin] = await database.db.select({ id: users.id }).from(users).limit(1);
  console.log(`database: ${database.kind}, concurrency ${CONCURRENCY}, ${REQUESTS} requests per case`);

  if (PARTS.has('auth')) {
    const direct = await measure('auth query, SQL run directly', () =>
      database.db.execute(sql`select u.id, u.access, u.status, u.token_version, exists (select 1 from revoked_tokens r where r.jti = gen_random_uuid()) from users u where u.id = ${admin.id}::uuid limit 1`),
    );
    const call = await measure('GET /api/auth/getCurrentUserInfo over HTTP', () =>
      fetch(`${address}/api/auth/getCurrentUserInfo`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer()),
    );
    console.log(`ratio HTTP call / direct SQL (p95): ${(call.p95 / direct.p95).toFixed(2)}`);
  }

  if (PARTS.has('logs')) {
    // The log list at the "large" preset (500 000 rows): first page, default sort, with and without a filter.
    const logRows = Number(process.env.BENCH_LOG_ROWS ?? 500_000);
    await database.db.execute(
      sql`insert into logs (name, model, type, action, created_by, documents, created)
          select 'Entity' || (g % 30), 'model' || (g % 30), 'update', 'action' || (g % 40), ${admin.id}::uuid,
                 jsonb_build_object('old', jsonb_build_object('x', g), 'new', jsonb_build_object('x', g + 1)), now() - (g * interval '1 minute')
          from generate_series(1, ${logRows}) g`,
    );
    await database.db.execute(sql`vacuum analyze logs`);
    console.log(`logs: ${logRows} rows`);
    for (const [label, body, where] of [
      ['logs list, default', {}, sql`true`],
      ['logs list, action filter', { action: 'action7' }, sql`action = 'action7'`],
    ] as const) {
      const sqlDirect = await measure(`${label}, SQL run directly`, () =>
        Promise.all([
          database.db.execute(sql`select id, name, doc, model, type, action, created_by, created_by_name, ip, created from logs where ${where} order by created desc nulls last, id limit 15`),
          database.db.execute(sql`select count(*) from (select 1 from logs where ${where} limit 10001) c`),
        ]),
      );
      const overHttp = await measure(`POST /api/logs/list ${JSON.stringify(body)}`, () =>
        fetch(`${address}/api/logs/list`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.arrayBuffer()),
      );
      console.log(`ratio HTTP call / direct SQL (p95): ${(overHttp.p95 / sqlDirect.p95).toFixed(2)}`);
    }
  }

  if (PARTS.has('clients')) await benchClients(database, address, measure);
  await app.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
