import { sofiaDay } from '@kantora/domain';
import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { eventCategories, eventInvitations, events, users } from '../db/schema/index.ts';
import { writeLog } from '../modules/logs/index.ts';

const t = (bg: string, it: string) => ({ bg, it });

/** Today in Europe/Sofia plus some days, as `YYYY-MM-DD`. */
function sofiaDayPlus(plusDays: number): string {
  const [y, m, d] = sofiaDay().split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + plusDays)).toISOString().slice(0, 10);
}

/** A Sofia wall time as a timestamp. */
const at = (day: string, time: string) => sql`((${`${day} ${time}`})::timestamp at time zone 'Europe/Sofia')`;
const dayStart = (day: string) => sql`((${day})::date::timestamp at time zone 'Europe/Sofia')`;

type Who = 'manager' | 'employee' | 'employee2' | 'accountant';
type Answer = null | true | string;

interface DemoEvent {
  day: number;
  /** Last day of an all-day event (offset); a timed event has times instead. */
  lastDay?: number;
  times?: [string, string];
  category: number;
  owner: Who;
  title: string;
  comment?: string;
  invited?: Partial<Record<Who, Answer>>;
}

/** A month of events around today, with invitations (pending, accepted and one refused). */
const DEMO_EVENTS: DemoEvent[] = [
  { day: -14, lastDay: -12, category: 3, owner: 'employee2', title: 'Отпуск', comment: 'Планиран годишен отпуск' },
  {
    day: -10,
    times: ['10:00', '11:30'],
    category: 1,
    owner: 'manager',
    title: 'Тримесечен преглед',
    comment: 'Резултати и цели за тримесечието',
    invited: { employee: true, employee2: true },
  },
  {
    day: -6,
    lastDay: -6,
    category: 2,
    owner: 'manager',
    title: 'Краен срок: справки-декларации по ДДС',
    invited: { employee: true, accountant: true },
  },
  {
    day: -3,
    times: ['14:00', '15:00'],
    category: 0,
    owner: 'employee',
    title: 'Среща с „Алфа Трейд“ ООД',
    comment: 'Годишно приключване',
    invited: { manager: 'Заета съм с друга среща' },
  },
  {
    day: 0,
    times: ['09:30', '10:00'],
    category: 1,
    owner: 'manager',
    title: 'Седмична среща на екипа',
    invited: { employee: null, employee2: null },
  },
  {
    day: 2,
    times: ['11:00', '12:30'],
    category: 0,
    owner: 'employee2',
    title: 'Консултация с „Бета Строй“ АД',
    comment: 'Трудови договори и осигуровки',
    invited: { employee: null },
  },
  { day: 5, lastDay: 7, category: 3, owner: 'employee', title: 'Отпуск' },
  {
    day: 9,
    lastDay: 9,
    category: 2,
    owner: 'accountant',
    title: 'Краен срок: ГДД',
    comment: 'Годишни данъчни декларации на клиентите',
  },
  {
    day: 12,
    times: ['13:00', '17:00'],
    category: 1,
    owner: 'manager',
    title: 'Обучение: електронни фактури',
    invited: { employee: null, employee2: null, accountant: null },
  },
  {
    day: 15,
    times: ['10:00', '11:00'],
    category: 0,
    owner: 'employee',
    title: 'Среща с „Гама Логистик“ ЕООД',
    invited: { manager: null },
  },
];

/** Client meeting, internal meeting, deadline, leave: `category` of a demo event indexes this list. */
const DEMO_CATEGORIES: Array<[string, string, string]> = [
  ['Среща с клиент', 'Incontro con il cliente', '#8B0000'],
  ['Вътрешна среща', 'Riunione interna', '#1565C0'],
  ['Краен срок', 'Scadenza', '#EF6C00'],
  ['Отпуск', 'Ferie', '#2E7D32'],
];

const EMAILS: Record<Who, string> = {
  manager: 'manager@kantora.local',
  employee: 'employee@kantora.local',
  employee2: 'employee2@kantora.local',
  accountant: 'accountant@kantora.local',
};

/** Event categories when none exist yet, then the demo events and their invitations, each logged. */
export async function seedDemoCalendar(tx: Tx): Promise<void> {
  let existing = await tx.select({ id: eventCategories.id, name: eventCategories.name }).from(eventCategories);
  if (existing.length === 0) {
    const rows = await tx
      .insert(eventCategories)
      .values(DEMO_CATEGORIES.map(([bg, it, color]) => ({ name: t(bg, it), color })))
      .returning();
    for (const row of rows)
      await writeLog(tx, {
        name: 'EventCategory',
        doc: row.id,
        model: 'event_categories',
        type: 'create',
        action: 'seed',
        new: row,
      });
    existing = rows;
  }
  // The demo events' categories by name (the settings demo has the same four), else any category.
  const categories = DEMO_CATEGORIES.map(
    ([bg], index) => existing.find((category) => category.name.bg === bg) ?? existing[index % existing.length],
  );
  const people = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.email, Object.values(EMAILS)));
  const who = (name: Who) => people.find((person) => person.email === EMAILS[name]);
  for (const demo of DEMO_EVENTS) {
    const owner = who(demo.owner);
    const category = categories[demo.category];
    if (!owner || !category) continue;
    const invitees = Object.entries(demo.invited ?? {})
      .map(([name, answer]) => ({ user: who(name as Who), answer }))
      .filter((entry): entry is { user: NonNullable<typeof entry.user>; answer: Answer } => Boolean(entry.user));
    const allDay = !demo.times;
    const [event] = await tx
      .insert(events)
      .values({
        userId: owner.id,
        categoryId: category.id,
        allDay,
        fromDate: allDay ? dayStart(sofiaDayPlus(demo.day)) : at(sofiaDayPlus(demo.day), demo.times![0]),
        toDate: allDay ? dayStart(sofiaDayPlus(demo.lastDay ?? demo.day)) : at(sofiaDayPlus(demo.day), demo.times![1]),
        title: demo.title,
        comment: demo.comment ?? '',
        invited: invitees.map((entry) => entry.user.id),
        createdBy: owner.id,
        createdByName: {
          bg: `${owner.firstName.bg} ${owner.lastName.bg}`,
          it: `${owner.firstName.it} ${owner.lastName.it}`,
        },
      })
      .returning();
    await writeLog(tx, { name: 'Event', doc: event.id, model: 'events', type: 'create', action: 'seed', new: event });
    for (const { user, answer } of invitees) {
      const [invitation] = await tx
        .insert(eventInvitations)
        .values({
          eventId: event.id,
          userId: user.id,
          createdBy: owner.id,
          status: answer === null ? null : answer === true,
          acceptedOn: answer === true ? sql`now()` : null,
          refusedOn: typeof answer === 'string' ? sql`now()` : null,
          refusedReason: typeof answer === 'string' ? answer : null,
        })
        .returning();
      await writeLog(tx, {
        name: 'EventInvitation',
        doc: invitation.id,
        model: 'event_invitations',
        type: 'create',
        action: 'seed',
        new: invitation,
      });
    }
  }
}
