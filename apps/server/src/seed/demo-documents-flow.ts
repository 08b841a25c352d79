import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { insertFile } from '../db/file-store.ts';
import { companies, documentFlowCategories, documentsFlow, users } from '../db/schema/index.ts';
import { writeLog } from '../modules/logs/index.ts';
import { tinyPdf, tinyPng, tinyText } from './demo-files.ts';

type Who = 'admin' | 'employee' | 'employee2' | 'client';
const EMAILS: Record<Exclude<Who, 'admin'>, string> = {
  employee: 'employee@kantora.local',
  employee2: 'employee2@kantora.local',
  client: 'client@kantora.local',
};

interface DemoDocument {
  /** The client's Bulgarian name. */
  company: string;
  /** The category's Bulgarian name. */
  category: string;
  who: Who;
  /** Days before now it was created (past DOCUMENT_FLOW_LOCK_DAYS: locked for its creator). */
  daysAgo: number;
  description: string;
  notes?: string;
  file: { name: string; kind: 'pdf' | 'png' | 'text'; text: string };
}

/**
 * Documents exchanged with the demo clients: PDFs, PNG scans and text notes, by employees, the admin
 * and the client user, some recent (editable by their creator) and some past the lock window.
 */
const DEMO_DOCUMENTS: DemoDocument[] = [
  {
    company: 'Алфа Трейд ООД',
    category: 'Фактури за покупки',
    who: 'employee',
    daysAgo: 1,
    description: 'Фактури за покупки, март',
    notes: 'Оригиналите са в папка 3',
    file: { name: 'фактури-март.pdf', kind: 'pdf', text: 'Purchase invoices - March' },
  },
  {
    company: 'Алфа Трейд ООД',
    category: 'Банкови извлечения',
    who: 'employee',
    daysAgo: 12,
    description: 'Извлечение от УниКредит Булбанк',
    file: { name: 'извлечение-февруари.pdf', kind: 'pdf', text: 'Bank statement - February' },
  },
  {
    company: 'Алфа Трейд ООД',
    category: 'Договори',
    who: 'admin',
    daysAgo: 40,
    description: 'Договор за счетоводно обслужване',
    notes: 'Подписан от двете страни',
    file: { name: 'договор-счетоводство.pdf', kind: 'pdf', text: 'Accounting services agreement' },
  },
  {
    company: 'Бета Строй ЕАД',
    category: 'Счетоводни документи',
    who: 'employee2',
    daysAgo: 2,
    description: 'Сканиран приемо-предавателен протокол',
    file: { name: 'протокол-скан.png', kind: 'png', text: '' },
  },
  {
    company: 'Бета Строй ЕАД',
    category: 'Договори',
    who: 'employee',
    daysAgo: 8,
    description: 'Анекс към договора',
    file: { name: 'анекс-1.txt', kind: 'text', text: 'Анекс № 1 към договор за обслужване.\nСрок: 31.12.2026.\n' },
  },
  {
    company: 'Гама Логистик ЕООД',
    category: 'Банкови извлечения',
    who: 'employee2',
    daysAgo: 3,
    description: 'Извлечение от Пощенска банка',
    file: { name: 'извлечение-март.pdf', kind: 'pdf', text: 'Bank statement - March' },
  },
  {
    company: 'Делта Софт ООД',
    category: 'Фактури за покупки',
    who: 'employee2',
    daysAgo: 20,
    description: 'Фактура за хостинг',
    file: { name: 'hosting-invoice.pdf', kind: 'pdf', text: 'Hosting invoice' },
  },
  {
    company: 'Родопа Мед ЕООД',
    category: 'Счетоводни документи',
    who: 'employee',
    daysAgo: 0,
    description: 'Бележка за инвентаризацията',
    notes: 'Да се провери до петък',
    file: {
      name: 'инвентаризация.txt',
      kind: 'text',
      text: 'Инвентаризация на склада: 14.03.\nОтговорник: Стоян Кирилов.\n',
    },
  },
  {
    company: 'Родопа Мед ЕООД',
    category: 'Счетоводни документи',
    who: 'employee',
    daysAgo: 6,
    description: 'Опис на предадените документи',
    file: { name: 'опис.txt', kind: 'text', text: 'Опис на предадените документи за месеца.\n' },
  },
  {
    company: 'Роси Кострузиони ООД',
    category: 'Договори',
    who: 'client',
    daysAgo: 1,
    description: 'Contratto firmato / Подписан договор',
    file: { name: 'contratto-firmato.pdf', kind: 'pdf', text: 'Contratto firmato' },
  },
  {
    company: 'Роси Кострузиони ООД',
    category: 'Счетоводни документи',
    who: 'employee2',
    daysAgo: 9,
    description: 'Справка за ДДС',
    file: { name: 'справка-ддс.txt', kind: 'text', text: 'Справка-декларация по ЗДДС за февруари.\n' },
  },
  {
    company: 'Бианки Мода АД',
    category: 'Фактури за покупки',
    who: 'client',
    daysAgo: 4,
    description: 'Fatture di acquisto / Фактури за покупки',
    file: { name: 'fatture-marzo.png', kind: 'png', text: '' },
  },
  {
    company: 'Бианки Мода АД',
    category: 'Банкови извлечения',
    who: 'employee',
    daysAgo: 30,
    description: 'Estratto conto UniCredit',
    file: { name: 'estratto-conto.pdf', kind: 'pdf', text: 'Estratto conto' },
  },
  {
    company: 'Тракия Агро АД',
    category: 'Договори',
    who: 'admin',
    daysAgo: 60,
    description: 'Договор за правни консултации',
    file: { name: 'договор-правни.pdf', kind: 'pdf', text: 'Legal services agreement' },
  },
  {
    company: 'Верди Храни ООД',
    category: 'Счетоводни документи',
    who: 'admin',
    daysAgo: 6,
    description: 'Note per la chiusura / Бележки за приключване',
    file: { name: 'chiusura.txt', kind: 'text', text: 'Chiusura del bilancio: documenti da inviare entro il 30.\n' },
  },
];

const FILE_TYPES = { pdf: 'application/pdf', png: 'image/png', text: 'text/plain' } as const;
const COLORS: Array<[number, number, number]> = [
  [139, 0, 0],
  [21, 101, 192],
  [46, 125, 50],
];

/** The demo documents with their files, each logged like a save. Skips documents whose client or category is missing. */
export async function seedDemoDocumentsFlow(tx: Tx): Promise<void> {
  const people = await tx
    .select({
      id: users.id,
      email: users.email,
      access: users.access,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users);
  const personOf = (who: Who) => {
    const person = who === 'admin' ? people.find((p) => p.access === 0) : people.find((p) => p.email === EMAILS[who]);
    return person
      ? {
          id: person.id,
          fullName: {
            bg: `${person.firstName.bg} ${person.lastName.bg}`,
            it: `${person.firstName.it} ${person.lastName.it}`,
          },
        }
      : undefined;
  };
  const clientRows = await tx
    .select({ id: companies.id, name: sql<string>`${companies.name}->>'bg'` })
    .from(companies)
    .where(inArray(sql`${companies.name}->>'bg'`, [...new Set(DEMO_DOCUMENTS.map((d) => d.company))]));
  const categoryRows = await tx
    .select({ id: documentFlowCategories.id, name: sql<string>`${documentFlowCategories.name}->>'bg'` })
    .from(documentFlowCategories);
  for (const [index, demo] of DEMO_DOCUMENTS.entries()) {
    const company = clientRows.find((c) => c.name === demo.company);
    const category = categoryRows.find((c) => c.name === demo.category);
    const actor = personOf(demo.who);
    if (!company || !category || !actor) continue;
    const created = new Date(Date.now() - demo.daysAgo * 86_400_000 - index * 3_600_000).toISOString();
    const data =
      demo.file.kind === 'pdf'
        ? tinyPdf(demo.file.text)
        : demo.file.kind === 'png'
          ? tinyPng(COLORS[index % COLORS.length])
          : tinyText(demo.file.text);
    const file = await insertFile(
      tx,
      { filename: demo.file.name, contentType: FILE_TYPES[demo.file.kind], data },
      actor,
    );
    await tx.execute(sql`update files set upload_date = ${created} where id = ${file.id}`);
    const [row] = await tx
      .insert(documentsFlow)
      .values({
        companyId: company.id,
        categoryId: category.id,
        date: created.slice(0, 10),
        description: demo.description,
        notes: demo.notes ?? '',
        fileId: file.id,
        created,
        createdBy: actor.id,
        createdByName: actor.fullName,
      })
      .returning();
    await writeLog(tx, {
      name: 'File',
      doc: file.id,
      model: 'files',
      type: 'create',
      action: 'seed',
      new: { ...file, documentFlowId: row.id },
      actor,
    });
    await writeLog(tx, {
      name: 'DocumentFlow',
      doc: row.id,
      model: 'documents_flow',
      type: 'create',
      action: 'seed',
      new: row,
      actor,
    });
  }
}
