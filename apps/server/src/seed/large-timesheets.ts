import { Access, sofiaDay, TIMESHEET_MAX_MINUTES, UserStatus, UserType } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/sql-helpers.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/index.ts';

const BATCH = 20_000;
const YEARS = 5;
const DAY_MS = 86_400_000;
/** Staff of the large preset besides the demo users: enough people for 2 000 000 rows over five years. */
const EMPLOYEES = 100;
/** The first row's comment: a second run adds nothing when it is there. */
const MARKER = 'Работа по договора № L-0000000';

const COMMENTS = [
  'Осчетоводяване на фактури',
  'Банкови извлечения',
  'Справка-декларация по ЗДДС',
  'Ведомости за заплати',
  'Консултация с клиента',
  'Преглед на договор',
  'Годишно приключване',
  'Registrazione fatture',
  'Chiusura mensile',
  'Инвентаризация',
  '',
  '',
];
const FIRST = [
  ['Иван', 'Ivan'],
  ['Мария', 'Maria'],
  ['Петър', 'Petar'],
  ['Анна', 'Anna'],
  ['Николай', 'Nikolay'],
  ['Десислава', 'Desislava'],
  ['Георги', 'Georgi'],
  ['Виктория', 'Viktoria'],
  ['Стефан', 'Stefan'],
  ['Йорданка', 'Yordanka'],
] as const;
const LAST = [
  ['Петров', 'Petrov'],
  ['Иванова', 'Ivanova'],
  ['Стоянов', 'Stoyanov'],
  ['Колева', 'Koleva'],
  ['Димитров', 'Dimitrov'],
  ['Маринова', 'Marinova'],
  ['Тодоров', 'Todorov'],
  ['Василева', 'Vasileva'],
  ['Христов', 'Hristov'],
  ['Ангелова', 'Angelova'],
] as const;

/** Independent pseudo-random draws: murmur3's finalizer of a (row, salt) key. */
function mix(key: number): number {
  let x = key;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** A PostgreSQL array literal of plain values (quoted, `"` and `\` escaped). */
const arrayLiteral = (values: readonly (string | number)[]) =>
  `{${values.map((value) => `"${String(value).replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/** The large preset's staff (employees who never sign in), created once. */
async function largeStaff(db: Db): Promise<string[]> {
  const emails = Array.from(
    { length: EMPLOYEES },
    (_, i) => `large.employee${String(i + 1).padStart(3, '0')}@kantora.local`,
  );
  const existing = await queryRows<{ email: string }>(
    db,
    sql`select email from users where email like 'large.employee%@kantora.local'`,
  );
  const missing = emails.filter((email) => !existing.some((row) => row.email === email));
  if (missing.length > 0) {
    const passwordHash = await hashPassword(crypto.randomUUID());
    await db.insert(users).values(
      missing.map((email) => {
        const i = emails.indexOf(email);
        const [firstBg, firstIt] = FIRST[i % FIRST.length];
        const [lastBg, lastIt] = LAST[Math.floor(i / FIRST.length) % LAST.length];
        return {
          email,
          firstName: { bg: firstBg, it: firstIt },
          lastName: { bg: lastBg, it: lastIt },
          passwordHash,
          type: UserType.employee,
          access: Access.employee,
          status: UserStatus.active,
        };
      }),
    );
  }
  const staff = await queryRows<{ id: string }>(
    db,
    sql`select id from users where email like 'large.employee%@kantora.local' or email in ('employee@kantora.local', 'employee2@kantora.local', 'manager@kantora.local') order by email`,
  );
  return staff.map((row) => row.id);
}

/**
 * The "large" preset's timesheets: `count` (2 000 000 by default) over five years, by the demo staff and 100
 * employees of the preset, each row on a registered or canceled contract (within its period, never after today)
 * and one of its services, entered the same day or up to three days later. Batches of 20 000 rows sent as arrays
 * (one `insert … select from unnest(…)` each), no Log rows (a seed is nobody's change). Answers how many rows it
 * added (0 when the preset is already there or there are no contracts with services).
 */
export async function seedLargeTimesheets(db: Db, count = 2_000_000): Promise<number> {
  const [existing] = await queryRows<{ id: string }>(
    db,
    sql`select id from timesheets where comment = ${MARKER} limit 1`,
  );
  if (existing) return 0;
  const today = sofiaDay();
  const earliest = sofiaDay(new Date(Date.now() - YEARS * 365 * DAY_MS));
  const contracts = await queryRows<{
    id: string;
    client: string;
    from_date: string;
    to_date: string;
    services: string[] | string;
  }>(
    db,
    sql`select k.id, k.customer_id as client, greatest(k.from_date, ${earliest}::date)::text as from_date, least(k.to_date, ${today}::date)::text as to_date,
               array_agg(cs.service_id order by cs.service_id) as services
        from contracts k join contract_services cs on cs.contract_id = k.id
        where k.status in (1, 2) and k.customer_id is not null and k.from_date <= ${today}::date and k.to_date >= ${earliest}::date
        group by k.id order by k.id`,
  );
  if (contracts.length === 0) return 0;
  const staff = await largeStaff(db);
  const serviceList = (value: string[] | string) =>
    Array.isArray(value) ? value : value.replace(/[{}]/g, '').split(',');
  const periods = contracts.map((contract) => {
    const from = Date.parse(`${contract.from_date}T00:00:00Z`);
    const days = Math.max(1, Math.round((Date.parse(`${contract.to_date}T00:00:00Z`) - from) / DAY_MS) + 1);
    return { ...contract, services: serviceList(contract.services), from, days };
  });
  // A row is one of all the contracts' days, each as likely as any other: a contract's share follows its days
  // (a contract that started yesterday has a day's rows, not as many as one of five years).
  const ends: number[] = [];
  for (const period of periods) ends.push((ends.at(-1) ?? 0) + period.days);
  const totalDays = ends.at(-1)!;
  const contractDay = (draw: number) => {
    const target = draw % totalDays;
    let low = 0;
    let high = ends.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (ends[middle] > target) high = middle;
      else low = middle + 1;
    }
    const period = periods[low];
    return { contract: period, day: period.from + (target - (ends[low] - period.days)) * DAY_MS };
  };
  const now = Date.now();

  let inserted = 0;
  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    const columns = {
      user: [] as string[],
      client: [] as string[],
      contract: [] as string[],
      service: [] as string[],
      date: [] as string[],
      duration: [] as number[],
      comment: [] as string[],
      created: [] as string[],
    };
    for (let k = 0; k < size; k += 1) {
      const i = start + k;
      const draw = (salt: number) => mix(Math.imul(i + 1, 0x9e3779b1) + Math.imul(salt, 0x632be5ab));
      const { contract, day } = contractDay(draw(1));
      const created = Math.min(day + 8 * 3_600_000 + (draw(3) % (3 * DAY_MS)), now - 60_000);
      columns.user.push(staff[draw(4) % staff.length]);
      columns.client.push(contract.client);
      columns.contract.push(contract.id);
      columns.service.push(contract.services[draw(5) % contract.services.length]);
      columns.date.push(new Date(day).toISOString().slice(0, 10));
      columns.duration.push(Math.min(TIMESHEET_MAX_MINUTES, 15 * (1 + (draw(6) % 32))));
      columns.comment.push(i === 0 ? MARKER : COMMENTS[draw(7) % COMMENTS.length]);
      columns.created.push(new Date(created).toISOString());
    }
    await db.execute(
      sql`insert into timesheets (user_id, client_id, contract_id, service_id, date, duration, comment, created, created_by)
          select u, c, k, s, d, m, t, cr, u
          from unnest(${arrayLiteral(columns.user)}::uuid[], ${arrayLiteral(columns.client)}::uuid[], ${arrayLiteral(columns.contract)}::uuid[],
                      ${arrayLiteral(columns.service)}::uuid[], ${arrayLiteral(columns.date)}::date[], ${arrayLiteral(columns.duration)}::int[],
                      ${arrayLiteral(columns.comment)}::text[], ${arrayLiteral(columns.created)}::timestamptz[]) as rows(u, c, k, s, d, m, t, cr)`,
    );
    inserted += size;
  }
  await db.execute(sql`analyze timesheets`);
  return inserted;
}
