import { ContractStatus, type ContractStatusValue, sofiaDay } from '@kantora/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { insertFile } from '../db/file-store.ts';
import {
  banks,
  companies,
  contracts,
  contractServices,
  currencies,
  documents,
  documentTypes,
  myCompany,
  services,
  users,
} from '../db/schema/index.ts';
import { buildParties } from '../modules/contracts/index.ts';
import { writeLog } from '../modules/logs/index.ts';
import { tinyPdf } from './demo-files.ts';

const t = (bg: string, it: string) => ({ bg, it });

interface DemoContract {
  /** The client's Bulgarian name. */
  client: string;
  name: [string, string];
  status: ContractStatusValue;
  currency: 'EUR' | 'BGN';
  from: string;
  to: string;
  interval: 1 | 3 | 6 | 12;
  price: number;
  isAdvance?: boolean;
  services: string[];
  /** A signed copy as a PDF document. */
  document?: [string, string];
  cancelationReason?: string;
  /** The day it was made, when not shortly before its start. */
  made?: string;
}

/**
 * Demo contracts in every status: drafts, registered, canceled and expired (registered with a past end date), in EUR
 * but for one BGN contract of 2025. employee@ sees those of Алфа, Бета, Родопа and Bianchi; client@ (Rossi, Bianchi)
 * sees in the portal the registered, canceled and expired ones of their companies, never a draft.
 */
const DEMO_CONTRACTS: DemoContract[] = [
  {
    client: 'Алфа Трейд ООД',
    name: ['Счетоводно обслужване 2026', 'Servizi di contabilità 2026'],
    status: 1,
    currency: 'EUR',
    from: '2026-01-01',
    to: '2026-12-31',
    interval: 1,
    price: 630,
    services: ['ACC-01', 'PAY-01'],
    document: ['Подписан договор', 'Contratto firmato'],
  },
  {
    client: 'Алфа Трейд ООД',
    name: ['Годишно приключване 2026', 'Chiusura annuale 2026'],
    status: 0,
    currency: 'EUR',
    from: '2027-01-01',
    to: '2027-06-30',
    interval: 6,
    price: 300,
    services: ['TAX-01'],
  },
  {
    client: 'Бета Строй ЕАД',
    name: ['Абонаментно обслужване', 'Servizio in abbonamento'],
    status: 1,
    currency: 'EUR',
    from: '2026-01-01',
    to: '2027-12-31',
    interval: 3,
    price: 540,
    services: ['ACC-01', 'LEG-01'],
    document: ['Анекс № 1', 'Allegato n. 1'],
  },
  {
    client: 'Родопа Мед ЕООД',
    name: ['Счетоводно обслужване 2025', 'Servizi di contabilità 2025'],
    status: 1,
    currency: 'BGN',
    from: '2025-01-01',
    to: '2025-12-31',
    interval: 1,
    price: 880,
    services: ['ACC-01', 'PAY-01'],
    document: ['Подписан договор', 'Contratto firmato'],
  },
  {
    client: 'Делта Софт ООД',
    name: ['Правни консултации', 'Consulenze legali'],
    status: 2,
    currency: 'EUR',
    from: '2026-02-01',
    to: '2027-01-31',
    interval: 1,
    price: 190,
    services: ['LEG-01'],
    cancelationReason: 'Прекратен по взаимно съгласие от 01.06.2026',
  },
  {
    client: 'Гама Логистик ЕООД',
    name: ['ТРЗ и личен състав', 'Paghe e personale'],
    status: 0,
    currency: 'EUR',
    from: '2026-12-01',
    to: '2027-11-30',
    interval: 1,
    price: 180,
    services: ['PAY-01'],
  },
  {
    client: 'Роси Кострузиони ООД',
    name: ['Счетоводство и данъци', 'Contabilità e fisco'],
    status: 1,
    currency: 'EUR',
    from: '2026-03-01',
    to: '2027-02-28',
    interval: 12,
    price: 720,
    isAdvance: true,
    services: ['ACC-01', 'TAX-01'],
    document: ['Договор (IT/BG)', 'Contratto (IT/BG)'],
  },
  {
    client: 'Роси Кострузиони ООД',
    name: ['Регистрация на клон', 'Registrazione della filiale'],
    status: 1,
    currency: 'EUR',
    from: '2025-09-01',
    to: '2026-02-28',
    interval: 6,
    price: 350,
    services: ['REG-01'],
  },
  {
    client: 'Бианки Мода АД',
    name: ['Счетоводно обслужване', 'Servizi di contabilità'],
    status: 1,
    currency: 'EUR',
    from: '2026-04-01',
    to: '2027-03-31',
    interval: 6,
    price: 450,
    services: ['ACC-01'],
  },
  {
    client: 'Бианки Мода АД',
    name: ['Консултации по ТРЗ', 'Consulenza paghe'],
    status: 0,
    currency: 'EUR',
    from: '2027-01-01',
    to: '2027-12-31',
    interval: 3,
    price: 180,
    services: [],
  },
  {
    client: 'Тракия Агро АД',
    name: ['Годишна данъчна декларация', 'Dichiarazione fiscale annuale'],
    status: 2,
    currency: 'EUR',
    from: '2026-01-15',
    to: '2026-12-31',
    interval: 12,
    price: 600,
    services: ['TAX-01'],
    cancelationReason: 'Клиентът смени счетоводителя',
  },
  {
    client: 'Верди Храни ООД',
    name: ['Счетоводно обслужване', 'Servizi di contabilità'],
    status: 1,
    currency: 'EUR',
    from: '2026-05-01',
    to: '2028-04-30',
    interval: 3,
    price: 495,
    services: ['ACC-01', 'LEG-01'],
  },
];

/** The first day of the month `offset` months from the current one (Europe/Sofia), and the day before a date. */
function monthStart(offset: number): string {
  const [year, month] = sofiaDay().split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1 + offset, 1));
  return first.toISOString().slice(0, 10);
}
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * Running contracts dated from the current month, so that the billing run of the month always has work whenever the
 * demo is seeded: monthly ones (one billed by its services, one an advance contract: a proforma), a quarterly one
 * whose period starts this month, and one of the inactive client (left out of the run, with its reason). Made in
 * 2025 (framework agreements signed early), so the contracts list's first page keeps the other demo contracts.
 */
function runningContracts(): DemoContract[] {
  const until = dayBefore(monthStart(24));
  const contracts: DemoContract[] = [
    {
      client: 'Гама Логистик ЕООД',
      name: ['Месечна поддръжка на счетоводството', 'Assistenza contabile mensile'],
      status: 1,
      currency: 'EUR',
      from: monthStart(-2),
      to: until,
      interval: 1,
      price: 240,
      services: ['ACC-01'],
    },
    {
      client: 'Делта Софт ООД',
      name: ['Консултации по ДДС', 'Consulenza IVA'],
      status: 1,
      currency: 'EUR',
      from: monthStart(-5),
      to: until,
      interval: 1,
      price: 0,
      services: ['TAX-01', 'LEG-01'],
    },
    {
      client: 'Тракия Агро АД',
      name: ['Абонамент ТРЗ', 'Abbonamento paghe'],
      status: 1,
      currency: 'EUR',
      from: monthStart(-3),
      to: until,
      interval: 3,
      price: 150,
      services: ['PAY-01'],
    },
    {
      client: 'Бета Строй ЕАД',
      name: ['Поддръжка на обекти', 'Assistenza cantieri'],
      status: 1,
      currency: 'EUR',
      from: monthStart(-1),
      to: until,
      interval: 1,
      price: 320,
      isAdvance: true,
      services: ['ACC-01'],
    },
    {
      client: 'Черноморски бриз ООД',
      name: ['Сезонно обслужване', 'Servizio stagionale'],
      status: 1,
      currency: 'EUR',
      from: monthStart(-1),
      to: until,
      interval: 1,
      price: 200,
      services: ['ACC-01'],
    },
  ];
  return contracts.map((contract) => ({ ...contract, made: '2025-06-01' }));
}

/** The demo contracts with their party snapshots, services and documents, each logged like a save. */
export async function seedDemoContracts(tx: Tx): Promise<void> {
  const [own] = await tx.select({ id: myCompany.id }).from(myCompany).limit(1);
  const [manager] = await tx.select().from(users).where(eq(users.email, 'manager@kantora.local'));
  if (!own || !manager) return;
  const actor = {
    id: manager.id,
    fullName: t(`${manager.firstName.bg} ${manager.lastName.bg}`, `${manager.firstName.it} ${manager.lastName.it}`),
  };
  const currencyIds = new Map(
    (await tx.select({ id: currencies.id, code: currencies.code }).from(currencies)).map((row) => [row.code, row.id]),
  );
  const ownBanks = await tx
    .select()
    .from(banks)
    .where(and(eq(banks.ownerType, 'my_company'), eq(banks.ownerId, own.id)));
  const serviceRows = new Map((await tx.select().from(services)).map((row) => [row.code, row]));
  const [contractType, annexType] = await tx
    .insert(documentTypes)
    .values([{ name: t('Подписан договор', 'Contratto firmato') }, { name: t('Анекс', 'Allegato') }])
    .returning();
  for (const type of [contractType, annexType])
    await writeLog(tx, {
      name: 'DocumentType',
      doc: type.id,
      model: 'document_types',
      type: 'create',
      action: 'seed',
      new: type,
      actor,
    });

  for (const [index, demo] of [...DEMO_CONTRACTS, ...runningContracts()].entries()) {
    const [client] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(sql`${companies.name}->>'bg' = ${demo.client}`);
    const currencyId = currencyIds.get(demo.currency);
    if (!client || !currencyId) continue;
    const [clientBank] = await tx
      .select({ id: banks.id })
      .from(banks)
      .where(and(eq(banks.ownerType, 'company'), eq(banks.ownerId, client.id)))
      .limit(1);
    const choice = {
      providerBank: ownBanks.find((bank) => bank.isDefault)?.id ?? null,
      providerBank2: ownBanks.find((bank) => bank.isDefault2)?.id ?? null,
      customerId: client.id,
      customerBank: clientBank?.id ?? null,
    };
    const { parties } = await buildParties(tx, choice, choice);
    // Created before its start, and never in the future (a contract starting next year was still made in the past).
    const daysBefore = (30 - index) * 86_400_000;
    const created = new Date(
      Math.min(Date.parse(`${demo.made ?? demo.from}T09:00:00Z`), Date.now() - 5 * 86_400_000) - daysBefore,
    );
    const stamp = (days: number) =>
      new Date(Math.min(created.getTime() + days * 86_400_000, Date.now() - 86_400_000)).toISOString();
    const registered = demo.status !== ContractStatus.draft ? stamp(2) : null;
    const [row] = await tx
      .insert(contracts)
      .values({
        name: t(...demo.name),
        ...parties,
        providerBankId: choice.providerBank,
        providerBank2Id: choice.providerBank2,
        customerId: client.id,
        customerBankId: choice.customerBank,
        responsiblePerson: t('Мария Петрова', 'Maria Petrova'),
        invoiceMonthlyInterval: demo.interval,
        invoiceDate: demo.from,
        fromDate: demo.from,
        toDate: demo.to,
        email: 'office@kantora.local',
        description: t(`${demo.name[0]} по договор с клиента`, `${demo.name[1]} secondo il contratto con il cliente`),
        currencyId,
        status: demo.status,
        isAdvance: demo.isAdvance ?? false,
        pricePerMonth: demo.price,
        managingUsers: [manager.id],
        created: created.toISOString(),
        createdBy: manager.id,
        createdByName: actor.fullName,
        registeredBy: registered ? manager.id : null,
        registeredByName: registered ? actor.fullName : null,
        registeredOn: registered,
        canceledBy: demo.status === ContractStatus.canceled ? manager.id : null,
        canceledByName: demo.status === ContractStatus.canceled ? actor.fullName : null,
        canceledOn: demo.status === ContractStatus.canceled ? stamp(120) : null,
        cancelationReason: demo.cancelationReason ?? '',
      })
      .returning();
    await writeLog(tx, {
      name: 'Contract',
      doc: row.id,
      model: 'contracts',
      type: 'create',
      action: 'seed',
      new: row,
      actor,
    });
    for (const code of demo.services) {
      const service = serviceRows.get(code);
      if (!service) continue;
      const [line] = await tx
        .insert(contractServices)
        .values({
          contractId: row.id,
          serviceId: service.id,
          code: service.code,
          name: service.name,
          description: service.description,
          price: service.price,
          created: created.toISOString(),
          createdBy: manager.id,
          addedByName: actor.fullName,
        })
        .returning();
      await writeLog(tx, {
        name: 'ContractService',
        doc: line.id,
        model: 'contract_services',
        type: 'create',
        action: 'seed',
        new: line,
        actor,
      });
    }
    if (demo.document) {
      const type = demo.document[0].startsWith('Анекс') ? annexType : contractType;
      const [document] = await tx
        .insert(documents)
        .values({
          parentType: 'contract',
          parentId: row.id,
          typeId: type.id,
          date: demo.from,
          description: t(...demo.document),
          notes: t('Оригиналът е в офиса', 'L’originale è in ufficio'),
          createdBy: manager.id,
          createdByName: actor.fullName,
        })
        .returning();
      const file = await insertFile(
        tx,
        {
          filename: `dogovor-${index + 1}.pdf`,
          contentType: 'application/pdf',
          data: tinyPdf(`Kantora contract ${index + 1}`),
          documentId: document.id,
        },
        actor,
      );
      await writeLog(tx, {
        name: 'File',
        doc: file.id,
        model: 'files',
        type: 'create',
        action: 'seed',
        new: { ...file, documentId: document.id },
        actor,
      });
      await writeLog(tx, {
        name: 'Document',
        doc: document.id,
        model: 'documents',
        type: 'create',
        action: 'seed',
        new: document,
        actor,
      });
    }
  }
}
