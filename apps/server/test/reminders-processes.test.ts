/**
 * The daily reminder run with two API instances on one database (two buildApp; on PostgreSQL each with its own
 * connection pool): both clocks looking at the same moment run the day once, and runs by hand on both at once send
 * each reminder once (docs/decisions.md, "Receivables: the daily reminder run").
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openPostgres } from '../src/db/client.ts';
import { queryRows } from '../src/db/sql-helpers.ts';
import type { AppInstance } from '../src/http/types.ts';
import { raceIt } from './concurrency.ts';
import { bearer } from './helpers.ts';
import { overdueInvoice, plusDays, type ReminderSetup, reminderRows, setUpReminders } from './reminders-fixtures.ts';

let r: ReminderSetup;
let other: AppInstance;
let otherDatabase: Database | null = null;

beforeAll(async () => {
  r = await setUpReminders();
  const template = inject('dbTemplate');
  let database = r.s.ctx.database;
  if (template.kind === 'postgres') {
    const [{ name }] = await queryRows<{ name: string }>(r.s.ctx.database.db, sql`select current_database() as name`);
    const url = new URL(template.url);
    url.pathname = `/${name}`;
    otherDatabase = await openPostgres(url.toString(), 10);
    database = otherDatabase;
  }
  other = await buildApp({ config: r.s.ctx.config, database, jwtSecret: 'test-secret-'.padEnd(48, 'x') });
  await other.ready();
}, 120_000);

afterAll(async () => {
  await other?.close();
  await otherDatabase?.close();
  await r?.s.ctx.close();
  await r?.smtp.close();
});

const mailsOf = async (ids: string[]) =>
  (
    await queryRows<{ n: number }>(
      r.s.ctx.database.db,
      sql`select count(*)::int as n from mail_messages where entity_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    )
  )[0].n;

raceIt(
  'two instances whose clocks look at the same moment run the day once',
  async () => {
    const invoices = [
      await overdueInvoice(r, r.client, 10),
      await overdueInvoice(r, r.client, 30),
      await overdueInvoice(r, r.italian, 50),
    ];
    const ids = invoices.map((one) => one._id);
    // Tomorrow at 09:00 in Sofia (07:00 UTC in winter, 10:00 in summer): 11, 31 and 51 days overdue.
    const tomorrow = plusDays(r.today, 1);
    const now = new Date(`${tomorrow}T07:00:00Z`);
    const results = await Promise.all([
      r.s.ctx.app.reminders.tick(now),
      other.reminders.tick(now),
      other.reminders.tick(now),
    ]);
    const ran = results.filter((result) => result !== null);
    expect(ran).toEqual([{ queued: 3, runDate: tomorrow }]);
    expect((await reminderRows(r, ids)).map((row) => [row.stage, row.runDate])).toEqual(
      expect.arrayContaining([
        [1, tomorrow],
        [2, tomorrow],
        [3, tomorrow],
      ]),
    );
    expect(await reminderRows(r, ids)).toHaveLength(3);
    expect(await mailsOf(ids)).toBe(3);
    // Later looks of either instance do nothing that day.
    expect(await r.s.ctx.app.reminders.tick(new Date(`${tomorrow}T12:00:00Z`))).toBeNull();
    expect(await other.reminders.tick(new Date(`${tomorrow}T12:00:00Z`))).toBeNull();
    const jobs = await queryRows<{ n: number }>(
      r.s.ctx.database.db,
      sql`select count(*)::int as n from job_runs where job = 'reminders' and run_date = ${tomorrow}::date and finished_at is not null`,
    );
    expect(jobs[0].n).toBe(1);
    await r.s.ctx.app.mail.drain();
    await other.mail.drain();
    expect(
      r.smtp.received.filter((one) => invoices.some((i) => one.parsed.subject?.includes(i.number ?? '-'))),
    ).toHaveLength(3);
  },
  120_000,
);

raceIt(
  'runs by hand on both instances at once send each reminder once',
  async () => {
    const invoices = [
      await overdueInvoice(r, r.client, 8),
      await overdueInvoice(r, r.client, 25),
      await overdueInvoice(r, r.client, 46),
      await overdueInvoice(r, r.italian, 9),
    ];
    const ids = invoices.map((one) => one._id);
    const run = (app: AppInstance) =>
      app
        .inject({
          method: 'POST',
          url: '/api/receivables/reminders/run',
          headers: bearer(r.s.ctx.users.admin.token),
          payload: {},
        })
        .then((response) => {
          expect(response.statusCode).toBe(200);
          return response.json().Result.queued as number;
        });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => run(i % 2 ? other : r.s.ctx.app)));
    expect(results.reduce((sum, one) => sum + one, 0)).toBe(4);
    expect((await reminderRows(r, ids)).map((row) => row.stage).sort()).toEqual([1, 1, 2, 3]);
    expect(await mailsOf(ids)).toBe(4);
  },
  120_000,
);
