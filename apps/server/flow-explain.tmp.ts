import { documentFlowListQuery } from '@kantora/domain';
import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openPostgres } from './src/db/client.ts';
import { companies, documentFlowCategories, users } from './src/db/schema/index.ts';
import { documentFlowListQueries } from './src/modules/documents-flow/documents-flow.queries.ts';

const database = await openPostgres(process.env.DATABASE_URL!, 4);
const db = database.db;
const [admin] = await db.select({ id: users.id, access: users.access }).from(users).where(eq(users.access, 0)).limit(1);
const [employee] = await db.select({ id: users.id, access: users.access }).from(users).where(eq(users.email, 'employee@kantora.local'));
const [client] = await db.select({ id: users.id, access: users.access }).from(users).where(eq(users.email, 'client@kantora.local'));
const [company] = await db.select({ id: companies.id }).from(companies).limit(1).offset(5000);
const [category] = await db.select({ id: documentFlowCategories.id }).from(documentFlowCategories).limit(1);
const filters: Record<string, object> = {
  none: {},
  company: { company: company.id },
  category: { category: category.id },
  dates: { fromDate: '2025-01-01', toDate: '2025-01-31' },
  uploaded: { uploadedFrom: '2025-03-01', uploadedTo: '2025-03-10' },
  fileName: { fileName: 'faktura-0123' },
  description: { description: 'извлечение' },
};
for (const [who, actor, scope] of [['admin', admin, 'staff'], ['employee', employee, 'staff'], ['client', client, 'portal']] as const) {
  for (const [name, filter] of Object.entries(filters)) {
    const query = documentFlowListQuery.parse({ ...filter });
    const queries = documentFlowListQueries(actor, scope, query);
    const times: number[] = [];
    const dialect = new PgDialect();
    for (const q of [queries.ids, sql`select cast(count(*) as integer) as n from (${queries.count} limit 10001) capped`]) {
      const { sql: text, params } = dialect.sqlToQuery(q);
      // warm
      await database.pool!.query(text, params);
      const started = performance.now();
      for (let i = 0; i < 5; i += 1) await database.pool!.query(text, params);
      times.push((performance.now() - started) / 5);
      if (process.env.PLAN === `${who}:${name}`) {
        const plan = await database.pool!.query(`explain (analyze, buffers off) ${text}`, params);
        console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
    }
    console.log(`${who.padEnd(8)} ${name.padEnd(12)} page ${times[0].toFixed(2)} ms  count ${times[1].toFixed(2)} ms`);
  }
}
await database.close();
