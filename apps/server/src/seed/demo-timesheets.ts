import { ContractStatus, sofiaDay } from '@kantora/domain';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { companies, contracts, contractServices, services, timesheets, users } from '../db/schema/index.ts';
import { writeLog } from '../modules/logs/index.ts';

const DAY_MS = 86_400_000;
/** Weeks of work before today. */
const WEEKS = 4;

interface Work {
  /** The client's Bulgarian name. */
  client: string;
  /** The service's code (one of the contract's). */
  service: string;
  comments: string[];
}

/** Who works on what: employee@ on the clients they manage, employee2@ on hers, the manager on the Italian ones. */
const WORK: Record<string, { perDay: number; every?: number; work: Work[] }> = {
  'employee@kantora.local': {
    perDay: 2,
    work: [
      {
        client: 'Алфа Трейд ООД',
        service: 'ACC-01',
        comments: [
          'Осчетоводяване на фактури за покупки',
          'Банкови извлечения и разплащания',
          'Справка-декларация по ЗДДС',
        ],
      },
      {
        client: 'Алфа Трейд ООД',
        service: 'PAY-01',
        comments: ['Ведомости за заплати', 'Болнични и отпуски', 'Декларации обр. 1 и 6'],
      },
      {
        client: 'Бета Строй ЕАД',
        service: 'ACC-01',
        comments: ['Осчетоводяване на продажби', 'Инвентаризация на склада'],
      },
      {
        client: 'Бета Строй ЕАД',
        service: 'LEG-01',
        comments: ['Преглед на договор с подизпълнител', 'Консултация по трудово право'],
      },
      {
        client: 'Бианки Мода АД',
        service: 'ACC-01',
        comments: ['Registrazione fatture / Осчетоводяване на фактури', 'Оборотна ведомост за месеца'],
      },
    ],
  },
  'employee2@kantora.local': {
    perDay: 2,
    work: [
      {
        client: 'Роси Кострузиони ООД',
        service: 'ACC-01',
        comments: ['Contabilità mensile / Месечно счетоводство', 'Осчетоводяване на банкови извлечения'],
      },
      {
        client: 'Роси Кострузиони ООД',
        service: 'TAX-01',
        comments: ['Справка-декларация по ЗДДС', 'Данъчна консултация за клона'],
      },
      { client: 'Бета Строй ЕАД', service: 'ACC-01', comments: ['Сверка с доставчици', 'Амортизационен план'] },
    ],
  },
  'manager@kantora.local': {
    perDay: 1,
    every: 2,
    work: [
      {
        client: 'Верди Храни ООД',
        service: 'ACC-01',
        comments: ['Chiusura mensile / Месечно приключване', 'Преглед на оборотната ведомост'],
      },
      { client: 'Верди Храни ООД', service: 'LEG-01', comments: ['Contratto di fornitura / Договор за доставка'] },
      { client: 'Роси Кострузиони ООД', service: 'TAX-01', comments: ['Среща с клиента за данъчния план'] },
    ],
  },
};

/**
 * employee@'s row created 11 days ago (past TIMESHEET_LOCK_DAYS: locked for them): its date is the last weekend
 * day before then, a day with no other demo row, so it is easy to find.
 */
export const DEMO_LOCKED_COMMENT = 'Инвентаризация на склада в събота';

/** 30 minutes to 4 hours in quarters, from a small deterministic sequence. */
const DURATIONS = [60, 90, 120, 45, 180, 30, 150, 240, 75, 105];

/**
 * A few weeks of timesheets of the demo staff on the registered contracts of clients they see: weekdays only,
 * each entered the same evening or a day or two later (rows older than TIMESHEET_LOCK_DAYS are locked for their
 * employee). Each row is logged like a save. Skips work whose client, contract or service is missing.
 */
export async function seedDemoTimesheets(tx: Tx): Promise<void> {
  const today = sofiaDay();
  const people = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.email, Object.keys(WORK)));
  const serviceIds = new Map(
    (await tx.select({ id: services.id, code: services.code }).from(services)).map((row) => [row.code, row.id]),
  );
  const active = await tx
    .select({
      contract: contracts.id,
      client: companies.id,
      clientName: sql<string>`${companies.name}->>'bg'`,
      service: contractServices.serviceId,
      fromDate: contracts.fromDate,
    })
    .from(contracts)
    .innerJoin(companies, eq(companies.id, contracts.customerId))
    .innerJoin(contractServices, eq(contractServices.contractId, contracts.id))
    .where(and(eq(contracts.status, ContractStatus.registered), gte(contracts.toDate, today)));

  let sequence = 0;
  for (const person of people) {
    const plan = WORK[person.email];
    const actor = {
      id: person.id,
      fullName: {
        bg: `${person.firstName.bg} ${person.lastName.bg}`,
        it: `${person.firstName.it} ${person.lastName.it}`,
      },
    };
    const work = plan.work.flatMap((item) => {
      const found = active.find(
        (row) => row.clientName === item.client && row.service === serviceIds.get(item.service),
      );
      return found ? [{ ...item, ...found }] : [];
    });
    if (work.length === 0) continue;
    for (let back = WEEKS * 7; back >= 0; back -= 1) {
      const day = sofiaDay(new Date(Date.now() - back * DAY_MS));
      const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
      if (weekday === 0 || weekday === 6 || (plan.every && back % plan.every !== 0)) continue;
      for (let n = 0; n < plan.perDay; n += 1) {
        sequence += 1;
        const item = work[(back + n * 2 + sequence) % work.length];
        if (item.fromDate > day) continue;
        // Entered that evening (17:30 Sofia, about 15:30 UTC), sometimes a day or two later; never in the future.
        const lag = sequence % 5 === 0 ? 2 : sequence % 3 === 0 ? 1 : 0;
        const created = Math.min(
          Date.parse(`${day}T15:30:00Z`) + lag * DAY_MS + (sequence % 7) * 60_000,
          Date.now() - 60_000,
        );
        const [row] = await tx
          .insert(timesheets)
          .values({
            userId: person.id,
            clientId: item.client,
            contractId: item.contract,
            serviceId: item.service,
            date: day,
            duration: DURATIONS[sequence % DURATIONS.length],
            comment: item.comments[sequence % item.comments.length],
            created: new Date(created).toISOString(),
            createdBy: person.id,
          })
          .returning();
        await writeLog(tx, {
          name: 'Timesheet',
          doc: row.id,
          model: 'timesheets',
          type: 'create',
          action: 'seed',
          new: row,
          actor,
        });
      }
    }
    if (person.email === 'employee@kantora.local') {
      const created = Date.now() - 11 * DAY_MS;
      let day = sofiaDay(new Date(created));
      while (![0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay()))
        day = sofiaDay(new Date(Date.parse(`${day}T12:00:00Z`) - DAY_MS));
      const item = work[0];
      const [row] = await tx
        .insert(timesheets)
        .values({
          userId: person.id,
          clientId: item.client,
          contractId: item.contract,
          serviceId: item.service,
          date: day,
          duration: 195,
          comment: DEMO_LOCKED_COMMENT,
          created: new Date(created).toISOString(),
          createdBy: person.id,
        })
        .returning();
      await writeLog(tx, {
        name: 'Timesheet',
        doc: row.id,
        model: 'timesheets',
        type: 'create',
        action: 'seed',
        new: row,
        actor,
      });
    }
  }
}
