/**
 * The bench's data: the seed's large preset at the chosen volumes (`npm run seed -- --preset large`, run as its
 * own process) and the log rows, which the seed has no preset for (500 000 at "large", the volume the log list is budgeted at). Every part is
 * skipped when already there, so a scratch database given with --database-url is seeded once.
 */
import { performance } from 'node:perf_hooks';
import { Access } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/db/sql-helpers.ts';
import { exited, spawnTracked } from './children.ts';

/** `npm run seed -- --preset large --<part> <count> …`, as a process of its own. */
export async function seedPreset(
  serverDir: string,
  env: NodeJS.ProcessEnv,
  volumes: Record<string, number>,
): Promise<void> {
  const options = Object.entries(volumes).flatMap(([part, count]) => [`--${part}`, String(count)]);
  const seed = spawnTracked(process.execPath, ['--import', 'tsx', 'src/seed/cli.ts', '--preset', 'large', ...options], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await exited(seed);
  if (code !== 0) throw new Error(`the seed ended with ${code}`);
}

/** Entities and actions as the modules write them, spread over the staff and over a year back. */
const LOG_NAMES = [
  'Company',
  'Office',
  'Bank',
  'User',
  'DocumentFlow',
  'File',
  'Event',
  'Currency',
  'Service',
  'VatType',
  'InvoiceSettings',
  'Contract',
  'Invoice',
  'Timesheet',
  'Category',
  'Country',
  'Position',
];
const LOG_ACTIONS = [
  'save',
  'save',
  'save',
  'create',
  'update',
  'remove',
  'signIn',
  'signOut',
  'saveLocale',
  'upload',
  'removeFile',
  'invite',
];

/** A text[] parameter (an array literal, every element quoted). */
const textArray = (values: readonly string[]) =>
  sql`(${`{${values.map((value) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[])`;

export async function seedLogs(db: Db, count: number): Promise<number> {
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select cast(count(*) as integer) as n from logs`);
  if (n >= count) return 0;
  const started = performance.now();
  const staff = await queryRows<{
    id: string;
    first_name: { bg: string; it: string };
    last_name: { bg: string; it: string };
  }>(
    db,
    sql`select id, first_name, last_name from users where access in (${Access.admin}, ${Access.manager}, ${Access.employee}, ${Access.accountant}) order by email`,
  );
  const ids = staff.map((person) => person.id);
  const names = staff.map((person) =>
    JSON.stringify({
      bg: `${person.first_name.bg} ${person.last_name.bg}`,
      it: `${person.first_name.it} ${person.last_name.it}`,
    }),
  );
  const span = 365 * 86_400; // seconds
  const toAdd = count - n;
  await db.execute(
    sql`insert into logs (name, doc, model, type, action, documents, created_by, created_by_name, ip, created)
        select ${textArray(LOG_NAMES)}[1 + g % ${LOG_NAMES.length}],
               gen_random_uuid()::text,
               lower(${textArray(LOG_NAMES)}[1 + g % ${LOG_NAMES.length}]) || 's',
               (array['create', 'update', 'update', 'delete', 'event'])[1 + g % 5],
               ${textArray(LOG_ACTIONS)}[1 + (g / 7) % ${LOG_ACTIONS.length}],
               jsonb_build_object('old', jsonb_build_object('name', 'Стара стойност ' || g, 'status', true), 'new', jsonb_build_object('name', 'Нова стойност ' || g, 'status', g % 3 = 0)),
               (${textArray(ids)}::uuid[])[1 + g % ${ids.length}],
               (${textArray(names)}[1 + g % ${names.length}])::jsonb,
               '10.0.' || (g % 250) || '.' || (g % 200),
               now() - make_interval(secs => (g::float8 * ${span}) / ${toAdd})
        from generate_series(1, ${toAdd}) g`,
  );
  await db.execute(sql`vacuum analyze logs`);
  console.log(`bench data: ${toAdd} log rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return toAdd;
}
