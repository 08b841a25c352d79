import { Access, UserStatus, UserType } from '@kantora/domain';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/index.ts';
import { writeLog } from '../modules/logs/index.ts';
import { seedDemoCalendar } from './demo-calendar.ts';
import { seedDemoClients } from './demo-clients.ts';
import { seedDemoBilling } from './demo-billing.ts';
import { seedDemoContracts } from './demo-contracts.ts';
import { seedDemoDocumentsFlow } from './demo-documents-flow.ts';
import { seedDemoPortal } from './demo-portal.ts';
import { seedDemoPayments } from './demo-payments.ts';
import { seedDemoSettings } from './demo-settings.ts';
import { seedDemoTimesheets } from './demo-timesheets.ts';
import { seedReferenceData } from './reference.ts';

/** Password of every demo user (the administrator's is configured or printed at first start). */
export const DEMO_PASSWORD = 'demo1234';

const demoUsers = [
  {
    email: 'manager@kantora.local',
    access: Access.manager,
    first: ['Мария', 'Maria'],
    last: ['Петрова', 'Petrova'],
    gender: 1,
  },
  {
    email: 'employee@kantora.local',
    access: Access.employee,
    first: ['Георги', 'Giorgio'],
    last: ['Иванов', 'Ivanov'],
    gender: 0,
  },
  {
    email: 'employee2@kantora.local',
    access: Access.employee,
    first: ['Елена', 'Elena'],
    last: ['Димитрова', 'Dimitrova'],
    gender: 1,
  },
  {
    email: 'accountant@kantora.local',
    access: Access.accountant,
    first: ['Стефан', 'Stefano'],
    last: ['Николов', 'Nikolov'],
    gender: 0,
  },
  {
    email: 'client@kantora.local',
    access: Access.client,
    first: ['Лучия', 'Lucia'],
    last: ['Бианки', 'Bianchi'],
    gender: 1,
  },
] as const;

/** The demo dataset in both languages; later areas add their part here. */
export async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    // The demo builds on the reference data every database gets (seeded here when the start sequence has not yet).
    await seedReferenceData(tx);
    for (const person of demoUsers) {
      const [user] = await tx
        .insert(users)
        .values({
          firstName: { bg: person.first[0], it: person.first[1] },
          lastName: { bg: person.last[0], it: person.last[1] },
          gender: person.gender,
          email: person.email,
          phone: '+359 2 000 0000',
          address: {
            country: 'България / Bulgaria',
            state: 'София',
            city: 'София / Sofia',
            zipCode: '1000',
            street: 'бул. Витоша 1',
          },
          passwordHash,
          type: person.access === Access.client ? UserType.client : UserType.employee,
          access: person.access,
          status: UserStatus.active,
        })
        .onConflictDoNothing()
        .returning();
      if (user)
        await writeLog(tx, { name: 'User', doc: user.id, model: 'users', type: 'create', action: 'seed', new: user });
    }
    await seedDemoSettings(tx);
    await seedDemoClients(tx);
    await seedDemoContracts(tx);
    await seedDemoBilling(tx);
    await seedDemoPayments(tx);
    await seedDemoCalendar(tx);
    await seedDemoDocumentsFlow(tx);
    await seedDemoTimesheets(tx);
    await seedDemoPortal(tx);
  });
}
