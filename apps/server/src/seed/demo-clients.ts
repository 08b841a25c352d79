import { countryCodeFrom, makeEik, makeIban } from '@kantora/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { banks, companies, currencies, officeContacts, offices, users } from '../db/schema/index.ts';
import { writeLog } from '../modules/logs/index.ts';

const t = (bg: string, it: string) => ({ bg, it });

/** An Italian partita IVA: 10 digits and the Luhn-style check digit. */
export function makePartitaIva(first10: string): string {
  const sum = [...first10].reduce((total, char, i) => {
    const digit = Number(char);
    if (i % 2 === 0) return total + digit;
    const doubled = digit * 2;
    return total + (doubled > 9 ? doubled - 9 : doubled);
  }, 0);
  return `${first10}${(10 - (sum % 10)) % 10}`;
}

type Who = 'employee' | 'employee2' | 'client';
const EMAILS: Record<Who, string> = {
  employee: 'employee@kantora.local',
  employee2: 'employee2@kantora.local',
  client: 'client@kantora.local',
};

interface DemoOffice {
  city: [string, string];
  street: [string, string];
  country?: [string, string];
  zipCode: string;
  phone: string;
  contacts: Array<[first: string, last: string, position: string]>;
}

interface DemoClient {
  name: [string, string];
  /** 8 digits of a Bulgarian EIK (the check digit is computed), or an Italian partita IVA's first 10 digits. */
  id: string;
  italian?: boolean;
  person: [string, string];
  email: string;
  referent?: Who;
  managing?: Who[];
  all?: boolean;
  clientUsers?: Who[];
  status?: boolean;
  offices: DemoOffice[];
  bank: { name: [string, string]; bban: string; eur?: boolean };
}

const BG: [string, string] = ['България', 'Bulgaria'];
const IT: [string, string] = ['Италия', 'Italia'];

/**
 * Demo clients. employee@ sees Алфа, Бета (all), Родопа, Черноморски бриз and Bianchi; employee2@ sees
 * Бета (all), Гама, Делта, Родопа and Rossi; Тракия and Verdi are management's only.
 */
const DEMO_CLIENTS: DemoClient[] = [
  {
    name: ['Алфа Трейд ООД', 'Alfa Trade OOD'],
    id: '20345678',
    person: ['Петър Стоянов', 'Petar Stoyanov'],
    email: 'office@alfatrade.bg',
    referent: 'employee',
    managing: ['employee'],
    offices: [
      {
        city: ['София', 'Sofia'],
        street: ['бул. България 102', 'Boulevard Bulgaria 102'],
        zipCode: '1680',
        phone: '+359 2 958 1234',
        contacts: [
          ['Петър', 'Стоянов', 'Управител'],
          ['Надя', 'Колева', 'Счетоводител'],
        ],
      },
    ],
    bank: { name: ['УниКредит Булбанк', 'UniCredit Bulbank'], bban: 'UNCR70001523456701' },
  },
  {
    name: ['Бета Строй ЕАД', 'Beta Stroy EAD'],
    id: '13145672',
    person: ['Димитър Попов', 'Dimitar Popov'],
    email: 'info@betastroy.bg',
    all: true,
    offices: [
      {
        city: ['Пловдив', 'Plovdiv'],
        street: ['ул. Христо Ботев 27', 'via Hristo Botev 27'],
        zipCode: '4000',
        phone: '+359 32 631 100',
        contacts: [['Димитър', 'Попов', 'Изпълнителен директор']],
      },
      {
        city: ['Стара Загора', 'Stara Zagora'],
        street: ['бул. Цар Симеон Велики 88', 'Boulevard Tsar Simeon Veliki 88'],
        zipCode: '6000',
        phone: '+359 42 600 200',
        contacts: [['Калина', 'Маринова', 'Офис мениджър']],
      },
    ],
    bank: { name: ['Банка ДСК', 'Banca DSK'], bban: 'STSA93000023456702' },
  },
  {
    name: ['Гама Логистик ЕООД', 'Gamma Logistik EOOD'],
    id: '20498761',
    person: ['Светла Генчева', 'Svetla Gencheva'],
    email: 'contact@gamalogistik.bg',
    referent: 'employee2',
    offices: [
      {
        city: ['Варна', 'Varna'],
        street: ['бул. Владислав Варненчик 186', 'Boulevard Vladislav Varnenchik 186'],
        zipCode: '9009',
        phone: '+359 52 510 300',
        contacts: [['Светла', 'Генчева', 'Управител']],
      },
    ],
    bank: { name: ['Пощенска банка', 'Postbank'], bban: 'BPBI79401023456703' },
  },
  {
    name: ['Делта Софт ООД', 'Delta Soft OOD'],
    id: '20567123',
    person: ['Николай Георгиев', 'Nikolay Georgiev'],
    email: 'hello@deltasoft.bg',
    managing: ['employee2'],
    offices: [
      {
        city: ['София', 'Sofia'],
        street: ['ул. Самоковско шосе 2', 'via Samokovsko shose 2'],
        zipCode: '1138',
        phone: '+359 2 489 7700',
        contacts: [
          ['Николай', 'Георгиев', 'Технически директор'],
          ['Ивона', 'Петкова', 'Финанси'],
        ],
      },
    ],
    bank: { name: ['Банка ДСК (евро)', 'Banca DSK (euro)'], bban: 'STSA93000123456704', eur: true },
  },
  {
    name: ['Родопа Мед ЕООД', 'Rodopa Med EOOD'],
    id: '12034569',
    person: ['Стоян Кирилов', 'Stoyan Kirilov'],
    email: 'sales@rodopamed.bg',
    managing: ['employee', 'employee2'],
    offices: [
      {
        city: ['Смолян', 'Smolyan'],
        street: ['бул. България 14', 'Boulevard Bulgaria 14'],
        zipCode: '4700',
        phone: '+359 301 620 55',
        contacts: [['Стоян', 'Кирилов', 'Собственик']],
      },
    ],
    bank: { name: ['Първа инвестиционна банка', 'First Investment Bank'], bban: 'FINV91501023456705' },
  },
  {
    name: ['Черноморски бриз ООД', 'Brezza del Mar Nero OOD'],
    id: '10267834',
    person: ['Анелия Тодорова', 'Aneliya Todorova'],
    email: 'reception@chernomorskibriz.bg',
    referent: 'employee',
    status: false,
    offices: [
      {
        city: ['Бургас', 'Burgas'],
        street: ['ул. Александровска 45', 'via Aleksandrovska 45'],
        zipCode: '8000',
        phone: '+359 56 840 120',
        contacts: [['Анелия', 'Тодорова', 'Управител']],
      },
    ],
    bank: { name: ['Обединена българска банка', 'United Bulgarian Bank'], bban: 'UBBS80021023456706' },
  },
  {
    name: ['Тракия Агро АД', 'Trakia Agro AD'],
    id: '11578902',
    person: ['Иван Минчев', 'Ivan Minchev'],
    email: 'office@trakiaagro.bg',
    offices: [
      {
        city: ['Хасково', 'Haskovo'],
        street: ['ул. Съединение 9', 'via Saedinenie 9'],
        zipCode: '6300',
        phone: '+359 38 660 410',
        contacts: [['Иван', 'Минчев', 'Председател на СД']],
      },
    ],
    bank: { name: ['Централна кооперативна банка', 'Banca Centrale Cooperativa'], bban: 'CECB97901023456707' },
  },
  {
    name: ['Роси Кострузиони ООД', 'Rossi Costruzioni S.r.l.'],
    id: '0234567890',
    italian: true,
    person: ['Марко Роси', 'Marco Rossi'],
    email: 'amministrazione@rossicostruzioni.it',
    referent: 'employee2',
    clientUsers: ['client'],
    offices: [
      {
        country: IT,
        city: ['Милано', 'Milano'],
        street: ['виа Торино 21', 'via Torino 21'],
        zipCode: '20123',
        phone: '+39 02 8646 1200',
        contacts: [['Марко', 'Роси', 'Amministratore']],
      },
      {
        city: ['София', 'Sofia'],
        street: ['ул. Шипка 34', 'via Shipka 34'],
        zipCode: '1504',
        phone: '+359 2 944 3300',
        contacts: [['Лучия', 'Бианки', 'Referente Bulgaria']],
      },
    ],
    bank: { name: ['Интеза Санпаоло', 'Intesa Sanpaolo'], bban: 'X0306909606100000012345', eur: true },
  },
  {
    name: ['Бианки Мода АД', 'Bianchi Moda S.p.A.'],
    id: '0456789012',
    italian: true,
    person: ['Джулия Бианки', 'Giulia Bianchi'],
    email: 'info@bianchimoda.it',
    managing: ['employee'],
    clientUsers: ['client'],
    offices: [
      {
        country: IT,
        city: ['Флоренция', 'Firenze'],
        street: ['виа дей Калцайоли 15', 'via dei Calzaiuoli 15'],
        zipCode: '50122',
        phone: '+39 055 219 880',
        contacts: [['Джулия', 'Бианки', 'Presidente']],
      },
    ],
    bank: { name: ['УниКредит', 'UniCredit'], bban: 'K0200802835000101234567', eur: true },
  },
  {
    name: ['Верди Храни ООД', 'Verdi Alimentari S.r.l.'],
    id: '0678901234',
    italian: true,
    person: ['Лука Верди', 'Luca Verdi'],
    email: 'ordini@verdialimentari.it',
    offices: [
      {
        country: IT,
        city: ['Болоня', 'Bologna'],
        street: ['виа Ругети 8', 'via Rughetti 8'],
        zipCode: '40121',
        phone: '+39 051 640 2210',
        contacts: [['Лука', 'Верди', 'Direttore commerciale']],
      },
    ],
    bank: { name: ['Банка ди Болоня', 'Banca di Bologna'], bban: 'T0888302400000000012345', eur: true },
  },
];

/** The demo clients with their offices, contacts and banks, each logged like a save. */
export async function seedDemoClients(tx: Tx): Promise<void> {
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, Object.values(EMAILS)));
  const idOf = (who: Who) => people.find((p) => p.email === EMAILS[who])?.id;
  const ids = (list: Who[] | undefined) => (list ?? []).map(idOf).filter((id): id is string => Boolean(id));
  const [bgn] = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, 'BGN'));
  const [eur] = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, 'EUR'));
  const [admin] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.access, 0))
    .limit(1);
  const createdByName = admin
    ? t(`${admin.firstName.bg} ${admin.lastName.bg}`, `${admin.firstName.it} ${admin.lastName.it}`)
    : null;
  const created = new Date(Date.now() - 400 * 86_400_000);
  for (const [index, client] of DEMO_CLIENTS.entries()) {
    const bulstat = client.italian ? makePartitaIva(client.id) : makeEik(client.id);
    const [company] = await tx
      .insert(companies)
      .values({
        name: t(...client.name),
        bulstat,
        vatNumber: client.italian ? `IT${bulstat}` : `BG${bulstat}`,
        responsiblePerson: t(...client.person),
        status: client.status ?? true,
        phone: client.offices[0].phone,
        email: client.email,
        comment: '',
        referentId: client.referent ? (idOf(client.referent) ?? null) : null,
        notificationsEmails: [client.email],
        subscription: { status: index % 3 === 0, fromDate: index % 3 === 0 ? '2025-01-01' : null, toDate: null },
        clientUsers: ids(client.clientUsers),
        managingUsers: ids(client.managing),
        managingUsersAll: client.all ?? false,
        created: new Date(created.getTime() + index * 30 * 86_400_000).toISOString(),
        createdBy: admin?.id ?? null,
        createdByName,
      })
      .returning();
    await writeLog(tx, {
      name: 'Company',
      doc: company.id,
      model: 'companies',
      type: 'create',
      action: 'seed',
      new: company,
    });
    for (const [officeIndex, office] of client.offices.entries()) {
      const [row] = await tx
        .insert(offices)
        .values({
          companyId: company.id,
          isHeadquarters: officeIndex === 0,
          country: t(...(office.country ?? BG)),
          // As a save through the office service derives it: the country's name, else the VAT number.
          countryCode: countryCodeFrom(t(...(office.country ?? BG)), company.vatNumber),
          city: t(...office.city),
          street: t(...office.street),
          zipCode: office.zipCode,
          phone: office.phone,
          email: client.email,
        })
        .returning();
      const contacts = await tx
        .insert(officeContacts)
        .values(
          office.contacts.map(([firstName, lastName, position]) => ({
            officeId: row.id,
            firstName,
            lastName,
            position,
            phone: office.phone,
            email: client.email,
          })),
        )
        .returning();
      await writeLog(tx, {
        name: 'Office',
        doc: row.id,
        model: 'offices',
        type: 'create',
        action: 'seed',
        new: { ...row, contacts },
      });
    }
    if (bgn && eur) {
      const euro = client.bank.eur === true;
      const [bank] = await tx
        .insert(banks)
        .values({
          ownerType: 'company',
          ownerId: company.id,
          name: t(...client.bank.name),
          address: t(client.offices[0].city[0], client.offices[0].city[1]),
          iban: makeIban(client.italian ? 'IT' : 'BG', client.bank.bban),
          currencyId: euro ? eur.id : bgn.id,
          isDefault: !euro,
          isDefault2: euro,
        })
        .returning();
      await writeLog(tx, { name: 'Bank', doc: bank.id, model: 'banks', type: 'create', action: 'seed', new: bank });
    }
  }
}
