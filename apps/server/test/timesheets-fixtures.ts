import { Access, sofiaDay } from '@kantora/domain';
import { eq, sql } from 'drizzle-orm';
import { companies, timesheets } from '../src/db/schema/index.ts';
import {
  addService,
  type ContractResult,
  type ContractSetup,
  contractIn,
  setUpContracts,
  t,
} from './contracts-fixtures.ts';
import { call, type TestUser } from './helpers.ts';

export { errorsOf, t } from './contracts-fixtures.ts';

export interface TimesheetSetup extends ContractSetup {
  /** Registered contracts of the visible client: with services first+second, and with the first only. */
  contractA: ContractResult;
  contractB: ContractResult;
  /** A registered contract of the hidden client (no employee sees it). */
  hiddenContract: ContractResult;
  /** A second employee, who also manages the visible client. */
  employee2: TestUser;
}

/** Days before today (Europe/Sofia) as YYYY-MM-DD. */
export const daysAgo = (days: number) => sofiaDay(new Date(Date.now() - days * 86_400_000));

/** Contracts and services for timesheets; a second employee who also sees the visible client. */
export async function setUpTimesheets(env: Record<string, string> = {}): Promise<TimesheetSetup> {
  const s = await setUpContracts(env);
  const employee2User = await s.ctx.createUser(Access.employee, {
    firstName: t('Елена', 'Elena'),
    lastName: t('Втора', 'Seconda'),
  });
  const employee2: TestUser = {
    ...employee2User,
    access: Access.employee,
    token: await s.ctx.signIn(employee2User.email),
  };
  await s.ctx.database.db
    .update(companies)
    .set({ managingUsers: [s.ctx.users.employee.id, employee2.id] })
    .where(eq(companies.id, s.visible));
  const contractA = await contractIn(s, 'draft', { name: t('Счетоводство', 'Contabilità') });
  await addService(s, contractA._id, s.services.second);
  const registered = await call(s.ctx, 'POST', '/api/contracts/register', { contractId: contractA._id });
  if (registered.status !== 200) throw new Error(`not registered: ${JSON.stringify(registered.body)}`);
  const contractB = await contractIn(s, 'registered', { name: t('Правни услуги', 'Servizi legali') });
  const hiddenContract = await contractIn(s, 'registered', {
    customerId: s.hidden,
    customerBank: null,
    name: t('Скрит договор', 'Contratto nascosto'),
  });
  return { ...s, contractA: registered.body.Result, contractB, hiddenContract, employee2 };
}

/** A valid row for contract A (the first service, yesterday, 90 minutes). */
export function row(s: TimesheetSetup, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    client: s.visible,
    contract: s.contractA._id,
    service: s.services.first,
    date: daysAgo(1),
    duration: 90,
    comment: 'Осчетоводяване на фактури',
    ...extra,
  };
}

/** Saves rows as a user (an array); answers the saved views. */
export async function saveRows(s: TimesheetSetup, rows: Record<string, unknown>[], token = s.ctx.users.employee.token) {
  const response = await call(s.ctx, 'POST', '/api/timesheets/save', rows, token);
  if (response.status !== 200) throw new Error(`rows not saved: ${JSON.stringify(response.body)}`);
  return response.body.Result as Array<Record<string, any> & { _id: string }>;
}

/** Moves a row's creation back (the lock window counts from it). */
export async function backdate(s: TimesheetSetup, id: string, days: number) {
  await s.ctx.database.db
    .update(timesheets)
    .set({ created: sql`now() - make_interval(days => ${days})` })
    .where(eq(timesheets.id, id));
}
