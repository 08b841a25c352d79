import { randomUUID } from 'node:crypto';
import { Access } from '@kantora/domain';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, documentFlowCategories, documentsFlow, files, users } from '../db/schema/index.ts';
import { tinyPdf, tinyText } from './demo-files.ts';

const BATCH = 1000;
const YEARS = 3;

const KINDS = [
  'Фактура за покупка',
  'Банково извлечение',
  'Протокол',
  'Договор',
  'Анекс',
  'Справка-декларация ДДС',
  'Ведомост за заплати',
  'Fattura di acquisto',
  'Estratto conto',
  'Пълномощно',
];
const MONTHS = [
  'януари',
  'февруари',
  'март',
  'април',
  'май',
  'юни',
  'юли',
  'август',
  'септември',
  'октомври',
  'ноември',
  'декември',
];
const FILE_WORDS = [
  'faktura',
  'izvlechenie',
  'protokol',
  'dogovor',
  'aneks',
  'dds',
  'vedomost',
  'fattura',
  'estratto',
  'palnomoshtno',
];

/** The marker file of the preset: a second run adds nothing when it is there. */
const firstFileName = () => fileName(0);
const fileName = (i: number) =>
  `${FILE_WORDS[i % FILE_WORDS.length]}-${String(i).padStart(6, '0')}.${i % 5 === 0 ? 'pdf' : 'txt'}`;

/**
 * The "large" preset's document flow: `count` documents (100 000 by default), each with a small file
 * (every fifth a one-page PDF, the rest a line of text), spread over the clients, the categories and the
 * staff, created over the last three years. Batched inserts of 1 000 and no Log rows (a seed is nobody's
 * change). Answers how many documents it added (0 when the preset is already there or there are no clients).
 */
export async function seedLargeDocumentsFlow(db: Db, count = 100_000): Promise<number> {
  const [existing] = await db.select({ id: files.id }).from(files).where(eq(files.filename, firstFileName())).limit(1);
  if (existing) return 0;
  const clientIds = (
    await db.select({ id: companies.id }).from(companies).orderBy(asc(companies.created), asc(companies.id))
  ).map((row) => row.id);
  const categoryIds = (
    await db
      .select({ id: documentFlowCategories.id })
      .from(documentFlowCategories)
      .orderBy(asc(documentFlowCategories.id))
  ).map((row) => row.id);
  const staff = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.access, [Access.admin, Access.manager, Access.employee, Access.accountant]))
    .orderBy(asc(users.email));
  if (clientIds.length === 0 || categoryIds.length === 0 || staff.length === 0) return 0;
  const people = staff.map((user) => ({
    id: user.id,
    fullName: { bg: `${user.firstName.bg} ${user.lastName.bg}`, it: `${user.firstName.it} ${user.lastName.it}` },
  }));
  const pdf = tinyPdf('Kantora document flow');
  const now = Date.now();
  const span = YEARS * 365 * 86_400_000;

  let inserted = 0;
  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    const batch = Array.from({ length: size }, (_, k) => {
      const i = start + k;
      // Independent pseudo-random draws (a fixed hash of i).
      const draw = (salt: number) => (Math.imul(i + 1, 2654435761) ^ Math.imul(salt, 40503)) >>> 0;
      const created = new Date(now - Math.floor((i / count) * span) - (draw(1) % 3_600_000)).toISOString();
      const person = people[draw(2) % people.length];
      const kind = KINDS[i % KINDS.length];
      return {
        i,
        fileId: randomUUID(),
        created,
        person,
        file: {
          filename: fileName(i),
          contentType: i % 5 === 0 ? 'application/pdf' : 'text/plain',
          data: i % 5 === 0 ? pdf : tinyText(`${kind} № ${i}\n`),
        },
        document: {
          companyId: clientIds[draw(3) % clientIds.length],
          categoryId: categoryIds[draw(4) % categoryIds.length],
          date: new Date(Date.parse(created) - (draw(5) % 30) * 86_400_000).toISOString().slice(0, 10),
          description: `${kind} ${MONTHS[draw(6) % 12]} ${new Date(created).getUTCFullYear()} (${i})`,
          notes: i % 7 === 0 ? 'Оригиналът е в офиса' : '',
        },
      };
    });
    await db.transaction(async (tx) => {
      await tx.insert(files).values(
        batch.map((row) => ({
          id: row.fileId,
          filename: row.file.filename,
          contentType: row.file.contentType,
          length: row.file.data.length,
          data: row.file.data,
          uploadDate: row.created,
          uploadedBy: row.person.id,
          uploadedByName: row.person.fullName,
        })),
      );
      await tx.insert(documentsFlow).values(
        batch.map((row) => ({
          ...row.document,
          fileId: row.fileId,
          created: row.created,
          createdBy: row.person.id,
          createdByName: row.person.fullName,
        })),
      );
    });
    inserted += size;
  }
  await db.execute(sql`analyze documents_flow`);
  await db.execute(sql`analyze files`);
  return inserted;
}
