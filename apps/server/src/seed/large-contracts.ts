import { randomUUID } from 'node:crypto';
import { Access, ContractStatus, type PartySnapshot, sofiaDay } from '@kantora/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  banks,
  companies,
  contracts,
  contractServices,
  currencies,
  myCompany,
  offices,
  services,
  users,
} from '../db/schema/index.ts';
import { buildParties } from '../modules/contracts/index.ts';

const BATCH = 1000;
const YEARS = 5;
const DAY_MS = 86_400_000;
const EURO_DAY = '2026-01-01';
const empty = { bg: '', it: '' };

const TITLES: Array<[string, string]> = [
  ['Счетоводно обслужване', 'Servizi di contabilità'],
  ['ТРЗ и личен състав', 'Paghe e personale'],
  ['Абонаментно правно обслужване', 'Assistenza legale in abbonamento'],
  ['Годишно приключване', 'Chiusura annuale'],
  ['Данъчни консултации', 'Consulenza fiscale'],
  ['Одит и финансов контрол', 'Revisione e controllo'],
];

/** The marker of the preset: a second run adds nothing when its first contract is there. */
const nameOf = (i: number) => {
  const [bg, it] = TITLES[i % TITLES.length];
  return { bg: `${bg} № L-${String(i).padStart(6, '0')}`, it: `${it} n. L-${String(i).padStart(6, '0')}` };
};

/** Invoicing intervals, drawn: two thirds monthly, so that the running contracts give the billing run about 5 000 due a month. */
const INTERVALS = [1, 1, 1, 1, 1, 1, 3, 6, 12] as const;

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The "large" preset's contracts: `count` (40 000 by default) over the clients, created over the last five years,
 * each with one to three services: 15% drafts, 10% canceled, the rest registered (those whose end date passed are
 * expired); EUR from 2026, mostly BGN before; two thirds invoiced monthly (about 5 000 due in a month's billing run). Party snapshots are built in memory from the own company (its
 * default banks) and each client's headquarters. Batched inserts of 1 000, no Log rows (a seed is nobody's change).
 * Answers how many contracts it added (0 when the preset is already there or there are no clients or services).
 */
export async function seedLargeContracts(db: Db, count = 40_000): Promise<number> {
  const [existing] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(sql`${contracts.name}->>'bg' = ${nameOf(0).bg}`)
    .limit(1);
  if (existing) return 0;
  const clientRows = await db
    .select({
      id: companies.id,
      name: companies.name,
      bulstat: companies.bulstat,
      vatNumber: companies.vatNumber,
      responsiblePerson: companies.responsiblePerson,
      country: offices.country,
      city: offices.city,
      zipCode: offices.zipCode,
      street: offices.street,
    })
    .from(companies)
    .leftJoin(offices, and(eq(offices.companyId, companies.id), eq(offices.isHeadquarters, true)))
    .orderBy(asc(companies.created), asc(companies.id));
  const serviceRows = await db.select().from(services).where(eq(services.status, true)).orderBy(asc(services.code));
  const currencyIds = new Map(
    (await db.select({ id: currencies.id, code: currencies.code }).from(currencies)).map((row) => [row.code, row.id]),
  );
  const [own] = await db.select({ id: myCompany.id }).from(myCompany).limit(1);
  const managers = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.access, [Access.admin, Access.manager]))
    .orderBy(asc(users.email));
  const eur = currencyIds.get('EUR');
  const bgn = currencyIds.get('BGN') ?? eur;
  if (clientRows.length === 0 || serviceRows.length === 0 || !eur || !bgn || managers.length === 0) return 0;
  const ownBanks = own
    ? await db
        .select()
        .from(banks)
        .where(and(eq(banks.ownerType, 'my_company'), eq(banks.ownerId, own.id)))
    : [];
  const providerChoice = {
    providerBank: ownBanks.find((b) => b.isDefault)?.id ?? null,
    providerBank2: ownBanks.find((b) => b.isDefault2)?.id ?? null,
    customerId: null,
    customerBank: null,
  };
  const { parties } = await buildParties(db, providerChoice, providerChoice);
  const people = managers.map((user) => ({
    id: user.id,
    fullName: { bg: `${user.firstName.bg} ${user.lastName.bg}`, it: `${user.firstName.it} ${user.lastName.it}` },
  }));
  const customerOf = (client: (typeof clientRows)[number]): PartySnapshot => ({
    name: client.name,
    address: {
      country: client.country ?? empty,
      city: client.city ?? empty,
      zipCode: client.zipCode ?? '',
      street: client.street ?? empty,
    },
    bank: null,
    responsiblePerson: client.responsiblePerson,
    bulstat: client.bulstat,
    vatNumber: client.vatNumber,
  });
  const now = Date.now();
  const span = YEARS * 365 * DAY_MS;
  const billedUpTo = `${sofiaDay().slice(0, 7)}-01`;

  let inserted = 0;
  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    const batch = Array.from({ length: size }, (_, k) => {
      const i = start + k;
      // Independent pseudo-random draws (a fixed hash of i).
      const draw = (salt: number) => (Math.imul(i + 1, 2654435761) ^ Math.imul(salt, 40503)) >>> 0;
      const created = now - Math.floor((i / count) * span) - (draw(1) % 3_600_000);
      const fromDate = isoDay(created + (draw(2) % 30) * DAY_MS);
      const months = [12, 12, 24, 6][draw(3) % 4];
      const to = new Date(`${fromDate}T00:00:00Z`);
      to.setUTCMonth(to.getUTCMonth() + months);
      const client = clientRows[draw(4) % clientRows.length];
      const person = people[draw(5) % people.length];
      const roll = draw(6) % 100;
      const status = roll < 15 ? ContractStatus.draft : roll < 25 ? ContractStatus.canceled : ContractStatus.registered;
      const euro = fromDate >= EURO_DAY || draw(7) % 100 < 20;
      const stamp = new Date(created + DAY_MS).toISOString();
      return {
        contract: {
          id: randomUUID(),
          name: nameOf(i),
          ...parties,
          providerBankId: providerChoice.providerBank,
          providerBank2Id: providerChoice.providerBank2,
          customerId: client.id,
          customer: customerOf(client),
          // Mostly monthly: about 5 000 of the 40 000 are due in any month's billing run (the bench's rows).
          invoiceMonthlyInterval: INTERVALS[draw(8) % INTERVALS.length],
          fromDate,
          toDate: isoDay(to.getTime() - DAY_MS),
          // Billed (outside the preset's random documents) up to the month of seeding: the run catches up from there.
          billingFrom: fromDate > billedUpTo ? fromDate : billedUpTo,
          currencyId: euro ? eur : bgn,
          status,
          isAdvance: draw(9) % 10 === 0,
          pricePerMonth: 100 + (draw(10) % 2000) + (draw(11) % 100) / 100,
          created: new Date(created).toISOString(),
          createdBy: person.id,
          createdByName: person.fullName,
          registeredBy: status === ContractStatus.draft ? null : person.id,
          registeredByName: status === ContractStatus.draft ? null : person.fullName,
          registeredOn: status === ContractStatus.draft ? null : stamp,
          canceledBy: status === ContractStatus.canceled ? person.id : null,
          canceledByName: status === ContractStatus.canceled ? person.fullName : null,
          canceledOn: status === ContractStatus.canceled ? stamp : null,
          cancelationReason: status === ContractStatus.canceled ? 'Прекратен по желание на клиента' : '',
        },
        services: Array.from(
          { length: 1 + (draw(12) % 3) },
          (_, n) => serviceRows[(draw(13) + n) % serviceRows.length],
        ).filter((service, n, all) => all.indexOf(service) === n),
        created: new Date(created).toISOString(),
        person,
      };
    });
    await db.transaction(async (tx) => {
      await tx.insert(contracts).values(batch.map((row) => row.contract));
      await tx.insert(contractServices).values(
        batch.flatMap((row) =>
          row.services.map((service) => ({
            contractId: row.contract.id,
            serviceId: service.id,
            code: service.code,
            name: service.name,
            description: service.description,
            price: service.price,
            created: row.created,
            createdBy: row.person.id,
            addedByName: row.person.fullName,
          })),
        ),
      );
    });
    inserted += size;
  }
  await db.execute(sql`analyze contracts`);
  await db.execute(sql`analyze contract_services`);
  return inserted;
}
