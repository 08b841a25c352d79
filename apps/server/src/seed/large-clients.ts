import { Access, makeEik, UserType } from '@kantora/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, offices, users } from '../db/schema/index.ts';
import { makePartitaIva } from './demo-clients.ts';

const BATCH = 1000;

const BG_WORDS = [
  'Алфа',
  'Бета',
  'Вега',
  'Гранит',
  'Дунав',
  'Елит',
  'Жар',
  'Зора',
  'Искра',
  'Калина',
  'Лотос',
  'Марица',
  'Нова',
  'Орион',
  'Пирин',
  'Рила',
  'Сокол',
  'Тунджа',
  'Унисон',
  'Феникс',
  'Хемус',
  'Централ',
  'Черно море',
  'Шипка',
  'Янтра',
];
const BG_TRADES = [
  'Трейд',
  'Строй',
  'Консулт',
  'Логистик',
  'Софт',
  'Агро',
  'Мед',
  'Транс',
  'Инвест',
  'Фарм',
  'Текс',
  'Енерджи',
  'Дизайн',
  'Хотел',
  'Маркет',
];
const BG_FORMS = ['ООД', 'ЕООД', 'АД', 'ЕАД'];
/** Bulgarian to Latin letters (the Italian names of Bulgarian companies). */
const TRANSLIT: Record<string, string> = Object.fromEntries(
  'а:a б:b в:v г:g д:d е:e ж:zh з:z и:i й:y к:k л:l м:m н:n о:o п:p р:r с:s т:t у:u ф:f х:h ц:ts ч:ch ш:sh щ:sht ъ:a ь:y ю:yu я:ya'
    .split(' ')
    .flatMap((pair) => {
      const [cyr, lat] = pair.split(':');
      return [
        [cyr, lat],
        [cyr.toUpperCase(), lat[0].toUpperCase() + lat.slice(1)],
      ];
    }),
);

const LATIN: Record<string, string> = Object.fromEntries(
  [...BG_WORDS, ...BG_TRADES].map((word) => [word, word.replace(/[А-Яа-я]/g, (c) => TRANSLIT[c] ?? c)]),
);
const IT_WORDS = [
  'Rossi',
  'Bianchi',
  'Verdi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
];
const IT_TRADES = [
  'Costruzioni',
  'Alimentari',
  'Moda',
  'Trasporti',
  'Impianti',
  'Consulenze',
  'Meccanica',
  'Arredamenti',
  'Servizi',
  'Tessile',
];
const IT_TRADES_BG = [
  'Кострузиони',
  'Храни',
  'Мода',
  'Транспорти',
  'Импианти',
  'Консуленце',
  'Меканика',
  'Аредаменти',
  'Сервици',
  'Тесиле',
];
const CITIES: Array<[string, string]> = [
  ['София', 'Sofia'],
  ['Пловдив', 'Plovdiv'],
  ['Варна', 'Varna'],
  ['Бургас', 'Burgas'],
  ['Русе', 'Ruse'],
  ['Стара Загора', 'Stara Zagora'],
];

const pick = <T>(list: readonly T[], n: number) => list[n % list.length];

/**
 * The "large" preset's clients: `count` companies (about 70% Bulgarian with valid EIKs and BG VAT
 * numbers, 30% Italian), each with its headquarters, in batched inserts. Access is spread over the
 * employees: 5% of clients are open to all employees, 40% have an employee as referent and 10% one
 * as managing user (spread over the employees). A second run adds nothing (the bulstat series is there).
 */
export async function seedLargeClients(db: Db, count = 20_000): Promise<number> {
  const [existing] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`lower(${companies.bulstat}) = ${largeClient(0, [], null).bulstat}`);
  if (existing) return 0;
  const employees = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.access, Access.employee), eq(users.type, UserType.employee)))
      .orderBy(users.email)
  ).map((u) => u.id);
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.access, Access.admin)).limit(1);
  let inserted = 0;
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, k) =>
      largeClient(start + k, employees, admin?.id ?? null),
    );
    await db.transaction(async (tx) => {
      const saved = await tx
        .insert(companies)
        .values(rows)
        .returning({ id: companies.id, phone: companies.phone, email: companies.email });
      await tx.insert(offices).values(
        saved.map((company, k) => {
          const city = pick(CITIES, start + k);
          return {
            companyId: company.id,
            isHeadquarters: true,
            country: { bg: 'България', it: 'Bulgaria' },
            countryCode: 'BG',
            city: { bg: city[0], it: city[1] },
            street: { bg: `ул. Търговска ${(start + k) % 200}`, it: `via Targovska ${(start + k) % 200}` },
            zipCode: String(1000 + ((start + k) % 9000)),
            phone: company.phone,
            email: company.email,
          };
        }),
      );
    });
    inserted += rows.length;
  }
  await db.execute(sql`analyze companies`);
  await db.execute(sql`analyze offices`);
  return inserted;
}

function largeClient(i: number, employees: string[], adminId: string | null): typeof companies.$inferInsert {
  const italian = i % 10 >= 7;
  const serial = 30_000_000 + i;
  const bulstat = italian ? makePartitaIva(String(1_000_000_000 + i)) : makeEik(String(serial));
  const word = pick(BG_WORDS, i);
  const trade = pick(BG_TRADES, Math.floor(i / BG_WORDS.length));
  const name = italian
    ? {
        bg: `${pick(IT_WORDS, i)} ${pick(IT_TRADES_BG, Math.floor(i / 15))} ${i}`,
        it: `${pick(IT_WORDS, i)} ${pick(IT_TRADES, Math.floor(i / 15))} ${i} S.r.l.`,
      }
    : {
        bg: `${word} ${trade} ${i} ${pick(BG_FORMS, i)}`,
        it: `${LATIN[word]} ${LATIN[trade]} ${i} ${pick(['OOD', 'EOOD', 'AD', 'EAD'], i)}`,
      };
  // Independent pseudo-random draws (a fixed hash of i), so referents, managing users and "all" overlap as in life.
  const draw = (salt: number) => (Math.imul(i + 1, 2654435761) ^ Math.imul(salt, 40503)) >>> 0;
  const referent = employees.length > 0 && draw(1) % 100 < 40 ? employees[draw(2) % employees.length] : null;
  const managing = employees.length > 0 && draw(3) % 100 < 10 ? [employees[draw(4) % employees.length]] : [];
  return {
    name,
    bulstat,
    vatNumber: italian ? `IT${bulstat}` : `BG${bulstat}`,
    status: i % 25 !== 0,
    phone: `+359 2 ${String(1_000_000 + i).slice(-7)}`,
    email: `office${i}@client${i % 97}.example`,
    referentId: referent,
    managingUsers: managing,
    managingUsersAll: draw(5) % 100 < 5,
    createdBy: adminId,
  };
}
