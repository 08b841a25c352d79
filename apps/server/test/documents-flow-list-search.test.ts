import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT_COUNT_LIMIT, queryRows } from '../src/db/sql-helpers.ts';
import { type FlowSetup, setUpFlow } from './documents-flow-fixtures.ts';
import { call, type TestContext } from './helpers.ts';

/**
 * The document flow list's text filters (file name, description: a case-insensitive substring, both alphabets, short
 * needles too) against the same match computed here, and its totals: exact up to EXACT_COUNT_LIMIT, past it the
 * planner's estimate of the same rows. Neither depends on an index existing.
 */
let setup: FlowSetup;
let ctx: TestContext;
beforeAll(async () => {
  setup = await setUpFlow();
  ctx = setup.ctx;
});
afterAll(() => ctx.close());

interface Doc {
  id: string;
  company: string;
  description: string;
  filename: string;
  created: string;
}

const DESCRIPTIONS = [
  'Протокол от събранието',
  'ПРОТОКОЛ за предаване',
  'Договор за наем',
  'Анекс към договор №5',
  'Фактура за покупка януари 2024',
  'Банково извлечение (2024)',
  'Fattura di acquisto maggio',
  'FATTURA DI VENDITA',
  'Perché la qualità è alta',
  'UNITÀ LOCALE, città di Milano',
  'Протокол и fattura: смесен текст',
  'Сконто 100% платено',
  'ставка_20 ДДС',
  'a\\b обратна черта',
  'я',
  '',
];
const FILE_NAMES = [
  'dogovor-001.pdf',
  'DOGOVOR_002.PDF',
  'договор за наем.pdf',
  'Протокол-003.txt',
  'fattura_004.pdf',
  'Fattura 2024 (maggio).txt',
  'unità.txt',
  'ставка 100%.xlsx',
  'я.txt',
];

let docs: Doc[];

/** The rows of a filter as the list answers them today: `lower(text)` contains `lower(needle)`, newest first, then id. */
const expected = (field: 'description' | 'filename', needle: string, companies?: string[]) =>
  docs
    .filter(
      (doc) =>
        (!companies || companies.includes(doc.company)) && doc[field].toLowerCase().includes(needle.toLowerCase()),
    )
    .sort((a, b) => (a.created === b.created ? (a.id < b.id ? -1 : 1) : a.created < b.created ? 1 : -1))
    .map((doc) => doc.id);

async function list(body: object, token = ctx.users.manager.token) {
  const response = await call(ctx, 'POST', '/api/documents-flow/list', { itemsPerPage: 200, ...body }, token);
  expect(response.status).toBe(200);
  return response.body.Result as { Items: { _id: string }[]; Total: number; Estimated?: boolean; Capped?: boolean };
}

describe('the list text filters', () => {
  beforeAll(async () => {
    const db = ctx.database.db;
    // 48 documents (16 descriptions × 3), each with a file (9 names in turn), on the visible and the hidden client,
    // some created at the same moment (the id decides their order).
    docs = await queryRows<Doc>(
      db,
      sql`with input as (
            select n, (${JSON.stringify(DESCRIPTIONS)}::jsonb ->> (n % ${DESCRIPTIONS.length})) as description,
                   (${JSON.stringify(FILE_NAMES)}::jsonb ->> (n % ${FILE_NAMES.length})) as filename
            from generate_series(0, ${DESCRIPTIONS.length * 3 - 1}) n),
          stored as (
            insert into files (filename, content_type, length, data)
            select filename, 'text/plain', 1, '\\x41'::bytea from input order by n returning id),
          numbered as (select id, row_number() over () - 1 as n from stored)
          insert into documents_flow (company_id, category_id, date, description, file_id, created)
          select case when input.n % 3 = 0 then ${setup.hidden}::uuid else ${setup.visible}::uuid end, ${setup.category}::uuid,
                 date '2025-01-01' + (input.n % 20), input.description, numbered.id,
                 timestamptz '2025-03-01 10:00:00+00' - (input.n / 2) * interval '1 hour'
          from input join numbered using (n)
          returning id`,
    );
    docs = await queryRows<Doc>(
      db,
      sql`select d.id, d.company_id as company, d.description, d.created::text as created, f.filename
          from documents_flow d join files f on f.id = d.file_id`,
    );
    expect(docs).toHaveLength(48);
  });

  it('answers the documents whose description contains the needle in any case, Cyrillic and Latin, short needles too', async () => {
    const needles = [
      'протокол',
      'ПРОТ',
      'пр',
      'я',
      'договор',
      'fattura',
      'ATTU',
      'di',
      'f',
      'à',
      'QUALITÀ',
      'perché',
      '100%',
      '_',
      'ставка_2',
      'a\\b',
      'fattura: смесен',
      'нищо такова',
    ];
    for (const needle of needles) {
      const want = expected('description', needle);
      const answer = await list({ description: needle });
      expect([needle, answer.Items.map((row) => row._id)]).toEqual([needle, want]);
      expect([needle, answer.Total, answer.Estimated]).toEqual([needle, want.length, undefined]);
      const employee = await list({ description: needle }, ctx.users.employee.token);
      const employeeWant = expected('description', needle, [setup.visible]);
      expect([needle, employee.Items.map((row) => row._id), employee.Total]).toEqual([
        needle,
        employeeWant,
        employeeWant.length,
      ]);
    }
  });

  it('answers the documents whose file name contains the needle in any case, in both alphabets', async () => {
    for (const needle of ['dogovor', 'DOG', 'договор', 'ДОГ', '.pdf', 'о', '_00', '100%', 'UNITÀ', 'я', '(maggio)']) {
      const want = expected('filename', needle);
      const answer = await list({ fileName: needle });
      expect([needle, answer.Items.map((row) => row._id), answer.Total]).toEqual([needle, want, want.length]);
    }
    // Both filters at once, and a page of them.
    const both = expected('description', 'fattura').filter((id) => expected('filename', 'fattura').includes(id));
    expect((await list({ description: 'FATTURA', fileName: 'Fattura' })).Items.map((row) => row._id)).toEqual(both);
    const want = expected('description', 'протокол');
    const page = await list({ description: 'протокол', itemsPerPage: 5, page: 2 });
    expect([page.Items.map((row) => row._id), page.Total]).toEqual([want.slice(5, 10), want.length]);
  });
});

describe('the list totals', () => {
  /** The planner's estimate of the rows of a query (what the list answers past the limit). */
  const estimate = async (query: ReturnType<typeof sql>) => {
    const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(ctx.database.db, sql`explain (format json) ${query}`);
    const parsed = typeof plan['QUERY PLAN'] === 'string' ? JSON.parse(plan['QUERY PLAN']) : plan['QUERY PLAN'];
    return Math.round(Number(parsed[0].Plan['Plan Rows']));
  };

  it('counts up to the exact-count limit and answers the planner’s estimate past it', async () => {
    const db = ctx.database.db;
    const many = EXACT_COUNT_LIMIT + 500;
    await db.execute(
      sql`insert into documents_flow (company_id, category_id, date, description, created)
          select ${setup.visible}::uuid, ${setup.category}::uuid, date '2024-01-01' + (n % 300),
                 case when n % 10 = 0 then 'Рядък протокол ' || n else 'Fattura ' || n end,
                 timestamptz '2024-06-01 00:00:00+00' - n * interval '1 minute'
          from generate_series(1, ${many}) n`,
    );
    await db.execute(sql`analyze documents_flow`);
    const [{ n: all }] = await queryRows<{ n: number }>(
      db,
      sql`select cast(count(*) as integer) as n from documents_flow`,
    );
    const newest = await queryRows<{ id: string }>(
      db,
      sql`select id from documents_flow order by created desc, id limit 15`,
    );

    // No filter: more rows than the limit, by the planner's estimate of them.
    const everything = await list({ itemsPerPage: 15 });
    const planned = await estimate(sql`select 1 from documents_flow`);
    expect(planned).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(everything).toMatchObject({ Total: Math.max(planned, 16), Estimated: true });
    expect(everything.Items.map((row) => row._id)).toEqual(newest.map((row) => row.id));
    expect(Math.abs(everything.Total - all)).toBeLessThan(all / 10);

    // A filter matching more than the limit: the planner's estimate when it expects more than the limit (the text
    // index's statistics give it that), else counted up to the limit: "more than" it.
    const fattura = await list({ description: 'fattura', itemsPerPage: 15 });
    const fatturaPlanned = await estimate(sql`select 1 from documents_flow where lower(description) like '%fattura%'`);
    expect(fattura).toEqual(
      expect.objectContaining(
        fatturaPlanned > EXACT_COUNT_LIMIT
          ? { Total: Math.max(fatturaPlanned, 16), Estimated: true }
          : { Total: EXACT_COUNT_LIMIT, Estimated: true, Capped: true },
      ),
    );
    expect(fattura.Items.map((row) => row._id)).toEqual(
      (
        await queryRows<{ id: string }>(
          db,
          sql`select id from documents_flow where lower(description) like '%fattura%' order by created desc, id limit 15`,
        )
      ).map((row) => row.id),
    );

    // A filter matching fewer than the limit (the planner expects few): exact.
    const rare = await list({ description: 'рядък протокол', itemsPerPage: 15 });
    expect(
      await estimate(sql`select 1 from documents_flow where lower(description) like '%рядък протокол%'`),
    ).toBeLessThanOrEqual(EXACT_COUNT_LIMIT);
    expect([rare.Total, rare.Estimated]).toEqual([Math.floor(many / 10), undefined]);

    // The last page under an estimate ends the list with its exact rows.
    const lastPage = Math.ceil(all / 200);
    const tail = await list({ page: lastPage });
    expect([tail.Total, tail.Estimated, tail.Items.length]).toEqual([all, undefined, all - (lastPage - 1) * 200]);
  });
});
