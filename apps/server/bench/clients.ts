/**
 * The clients list at the "large" preset (20 000 clients): first page, 15 rows, default sort, without
 * and with each filter, as a manager (sees all) and as an employee (sees what access.ts allows),
 * against the same two queries (page and total) run directly.
 */
import { companyListQuery } from '@kantora/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { companies, users } from '../src/db/schema/index.ts';
import { companyListQueries } from '../src/modules/clients/companies.service.ts';
import type { Actor } from '../src/modules/logs/audit.ts';
import { firstStart } from '../src/seed/bootstrap.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { seedLargeClients } from '../src/seed/large-clients.ts';

type Measure = (label: string, task: () => Promise<unknown>) => Promise<{ p50: number; p95: number; rps: number }>;

export interface ClientsBenchRow {
  who: string;
  filter: string;
  directP95: number;
  httpP95: number;
  ratio: number;
}

export async function benchClients(database: Database, address: string, measure: Measure): Promise<ClientsBenchRow[]> {
  await firstStart(database.db, { adminEmail: 'admin@kantora.local', adminPassword: 'bench-admin-1', seedDemo: true });
  const added = await seedLargeClients(database.db, Number(process.env.BENCH_CLIENTS ?? 20_000));
  await database.db.execute(sql`vacuum analyze companies`);
  const [{ n }] = await database.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(companies);
  console.log(`clients: ${n} rows (${added} added now)`);

  const people = await database.db
    .select()
    .from(users)
    .where(inArray(users.email, ['manager@kantora.local', 'employee@kantora.local', 'employee2@kantora.local']));
  const person = (email: string) => people.find((p) => p.email === email)!;
  const actorOf = (email: string): Actor => {
    const row = person(email);
    return { id: row.id, access: row.access, fullName: row.firstName, email: row.email, locale: 'bg' };
  };
  const tokenOf = async (email: string) => {
    const response = await fetch(`${address}/api/auth/signIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password: DEMO_PASSWORD }) });
    return ((await response.json()) as { Result: { token: string } }).Result.token;
  };
  const [sample] = await database.db.select({ bulstat: companies.bulstat, vatNumber: companies.vatNumber }).from(companies).where(eq(companies.status, true)).orderBy(companies.created).limit(1).offset(5000);
  const employee2 = person('employee2@kantora.local').id;
  const cases: Array<[string, object]> = [
    ['default (active, by name)', {}],
    ['name', { name: 'пирин' }],
    ['bulstat', { bulstat: sample.bulstat.slice(0, 7) }],
    ['vatNumber', { vatNumber: sample.vatNumber }],
    ['status inactive', { status: false }],
    ['referent', { referent: employee2 }],
    ['managingUsers', { managingUsers: [employee2] }],
  ];

  const rows: ClientsBenchRow[] = [];
  for (const email of ['manager@kantora.local', 'employee@kantora.local']) {
    const who = email.split('@')[0];
    const actor = actorOf(email);
    const token = await tokenOf(email);
    for (const [filter, body] of cases) {
      const query = companyListQuery.parse(body);
      const direct = await measure(`clients ${who} ${filter}, SQL run directly`, () => Promise.all(companyListQueries(database.db, actor, query)));
      const http = await measure(`POST /api/companies/list ${who} ${filter}`, () =>
        fetch(`${address}/api/companies/list`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.arrayBuffer()),
      );
      const ratio = http.p95 / direct.p95;
      console.log(`ratio HTTP call / direct SQL (p95): ${ratio.toFixed(2)}`);
      rows.push({ who, filter, directP95: direct.p95, httpP95: http.p95, ratio });
    }
  }
  console.log('\n| who | filter | direct SQL p95 (ms) | HTTP p95 (ms) | ratio |\n| --- | --- | ---: | ---: | ---: |');
  for (const row of rows) console.log(`| ${row.who} | ${row.filter} | ${row.directP95.toFixed(2)} | ${row.httpP95.toFixed(2)} | ${row.ratio.toFixed(2)} |`);
  return rows;
}
