/**
 * The bench cases: ONE table, one row per measured call. Each row names the call (method, path, the body
 * built from the seeded data's fixtures) and the user who makes it, and `direct`: the same SQL the call runs,
 * as the module builds it (its exported query builder or its service's method), run on a pool of the server's
 * size with no HTTP, token check or JSON. Areas append their rows at the end (see docs/performance.md).
 */
import {
  billingCountQuery,
  billingDocumentRef,
  billingListQuery,
  billingRunPreviewQuery,
  billingRunSchema,
  billingSearchQuery,
  companyListQuery,
  contractListQuery,
  documentFlowListQuery,
  documentFlowZipSchema,
  logListQuery,
  monthPackageSchema,
  statementQuerySchema,
  overdueListQuery,
  timesheetExportQuery,
  timesheetListQuery,
} from '@kantora/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../src/db/client.ts';
import { fileBody } from '../src/db/file-store.ts';
import { files, revokedTokens, users } from '../src/db/schema/index.ts';
import { printDocument, BillingService } from '../src/modules/billing/index.ts';
import { BillingRunService } from '../src/modules/billing-run/index.ts';
import { clientList } from '../src/modules/clients/index.ts';
import { ContractsService } from '../src/modules/contracts/index.ts';
import { DocumentsFlowService } from '../src/modules/documents-flow/index.ts';
import { einvoiceOf } from '../src/modules/einvoice/index.ts';
import { monthPackage } from '../src/modules/einvoice/index.ts';
import type { Actor } from '../src/http/actor.ts';
import { LogsService } from '../src/modules/logs/index.ts';
import { ReminderSettingsService, RemindersService, reminderSettingsOf } from '../src/modules/reminders/index.ts';
import { overduePage, receivablesSummary, StatementService } from '../src/modules/receivables/index.ts';
import { InvoiceSettingsService } from '../src/modules/settings/index.ts';
import { TimesheetsService } from '../src/modules/timesheets/index.ts';
import type { BenchRole, Fixtures } from './fixtures.ts';
import { startMailSink } from './mail-sink.ts';

/** What `direct` runs with: the pool, the row's user, and the server's settings the SQL depends on. */
export interface DirectContext {
  db: Db;
  actor: Actor;
  lockDays: number;
}

export type Body = Record<string, unknown>;
type BodyOf = (fixtures: Fixtures) => Body;

export interface BenchCase {
  /** Unique; `--only` matches it (and `area`) by substring. */
  name: string;
  area: string;
  role: BenchRole;
  method: 'GET' | 'POST';
  /** The path, or the path made from the fixtures (a GET of one object). */
  path: string | ((fixtures: Fixtures) => string);
  /** The JSON body (POST), from the fixtures. */
  body?: BodyOf;
  /** The call's SQL run directly (the body as the route receives it; parse it with the route's schema). */
  direct: (context: DirectContext, body: Body) => Promise<unknown>;
  /**
   * A heavy call (a zip, a PDF, a billing run) measured one request at a time, this many times (a quarter in
   * --quick), instead of for a while at 1 and at 32 connections.
   */
  sequential?: number;
  /**
   * A change that a body serves once (issuing a draft), with `sequential`: one body per request, in turn — the check
   * takes the first, then the HTTP side its warm-up and runs, then the direct side its own. Replaces `body`.
   */
  bodies?: (fixtures: Fixtures) => Body[];
  /** With `sequential`: also the server's peak resident memory over the runs (a streaming call's memory must not grow with its rows). */
  memory?: boolean;
  /**
   * With `sequential`: this many requests at once (each side; 1 unless set), spread over the server processes of
   * `--processes` — issuing from several connections and processes at once.
   */
  connections?: number;
  /**
   * A row that issues documents of this number register: the runner checks that the numbers it took (both sides) are
   * gapless and none taken twice, and says so in the answer (a failure marks the row).
   */
  numbers?: 'invoice' | 'proforma';
  /**
   * A delivery row (mail): this many messages are queued at once and the server's own sender delivers them to the
   * bench's SMTP server (run.ts); its req/s is messages per second and its times the gaps between arrivals. `direct`
   * sends one message straight with nodemailer (no outbox), called as many times.
   */
  delivery?: number;
}

/**
 * The rows of one list call: `POST path` as `role` with a filter's body, named `<title>, <role>, <filter>`,
 * against `direct` (the list's SQL). A list adds one builder and then one line per filter and role.
 */
const listRows =
  (area: string, title: string, path: string, direct: BenchCase['direct']) =>
  (role: BenchRole, filter: string, body: BodyOf = () => ({})): BenchCase => ({
    name: `${title}, ${role}, ${filter}`,
    area,
    role,
    method: 'POST',
    path,
    body,
    direct,
  });

const clientsList = listRows('clients', 'clients list', '/api/companies/list', ({ db, actor }, b) =>
  clientList(db, actor, companyListQuery.parse(b)),
);
const logsRows = listRows('logs', 'logs list', '/api/logs/list', ({ db }, b) =>
  new LogsService(db).list(logListQuery.parse(b)),
);
/** The logs are the administrator's alone: the role is left out of the name. */
const logsList = (filter: string, body?: BodyOf): BenchCase => ({
  ...logsRows('admin', filter, body),
  name: `logs list, ${filter}`,
});
const documentsFlowList = listRows(
  'documents-flow',
  'document flow list',
  '/api/documents-flow/list',
  ({ db, actor, lockDays }, b) =>
    new DocumentsFlowService(db, { lockDays }).list(actor, 'staff', documentFlowListQuery.parse(b)),
);
const contractsList = listRows('contracts', 'contracts list', '/api/contracts/list', ({ db, actor }, b) =>
  new ContractsService(db).list(actor, contractListQuery.parse(b)),
);

const billing = (db: Db) => new BillingService(db, new InvoiceSettingsService(db));
const invoicesList = listRows('billing', 'invoices list', '/api/invoices/list', ({ db, actor }, b) =>
  billing(db).list('invoice', actor, billingListQuery.parse(b)),
);
const proformasList = listRows('billing', 'proformas list', '/api/proforma-invoices/list', ({ db, actor }, b) =>
  billing(db).list('proforma', actor, billingListQuery.parse(b)),
);

/** The billing lists' rows: each tab, and on the issued tab each filter; the client's and the contract's tabs; the tabs' counts, the invoice search, issuing. */
const billingRows: BenchCase[] = [
  invoicesList('manager', 'issued', () => ({ issued: true })),
  invoicesList('manager', 'both tabs (no issued filter)'),
  invoicesList('manager', 'drafts', () => ({ issued: false })),
  invoicesList('accountant', 'issued', () => ({ issued: true })),
  invoicesList('manager', 'issued, number', (f) => ({ issued: true, number: f.billing.invoiceNumber })),
  invoicesList('manager', 'issued, client', (f) => ({ issued: true, customerId: f.billing.customer })),
  invoicesList('manager', 'issued, a month', (f) => ({
    issued: true,
    fromDate: f.billing.fromDate,
    toDate: f.billing.toDate,
  })),
  invoicesList('manager', 'issued, from only', (f) => ({ issued: true, fromDate: f.billing.fromDate })),
  invoicesList('manager', 'issued, to only', (f) => ({ issued: true, toDate: f.billing.toDate })),
  invoicesList('manager', 'issued, not paid', () => ({ issued: true, isPaid: 0 })),
  invoicesList('manager', 'issued, partly paid', () => ({ issued: true, isPaid: 2 })),
  invoicesList('manager', 'issued, credit notices', () => ({ issued: true, noticeType: 1 })),
  invoicesList('manager', 'drafts, a month', (f) => ({
    issued: false,
    fromDate: f.billing.fromDate,
    toDate: f.billing.toDate,
  })),
  invoicesList('manager', "client's tab", (f) => ({ customerId: f.billing.customer })),
  invoicesList('manager', "contract's tab", (f) => ({ contract: f.billing.contract })),
  proformasList('manager', 'issued', () => ({ issued: true })),
  proformasList('manager', 'drafts', () => ({ issued: false })),
  proformasList('manager', 'issued, number', (f) => ({ issued: true, number: f.billing.proformaNumber })),
  proformasList('manager', 'issued, client', (f) => ({ issued: true, customerId: f.billing.customer })),
  proformasList('manager', 'issued, a month', (f) => ({
    issued: true,
    fromDate: f.billing.fromDate,
    toDate: f.billing.toDate,
  })),
  {
    name: 'invoices tab counts',
    area: 'billing',
    role: 'manager',
    method: 'GET',
    path: '/api/invoices/getDocsCount',
    direct: ({ db, actor }) => billing(db).counts('invoice', actor, billingCountQuery.parse({})),
  },
  {
    name: 'invoice search, number prefix',
    area: 'billing',
    role: 'manager',
    method: 'POST',
    path: '/api/invoices/search',
    body: (f) => ({ text: f.billing.invoiceNumber.slice(0, 7) }),
    direct: ({ db, actor }, b) => billing(db).search('invoice', actor, billingSearchQuery.parse(b)),
  },
  {
    name: 'issue an invoice',
    area: 'billing',
    role: 'manager',
    method: 'POST',
    path: '/api/invoices/issue',
    bodies: (f) => f.billing.drafts.map((id) => ({ invoiceId: id })),
    direct: ({ db, actor }, b) => billing(db).issue('invoice', actor, billingDocumentRef.parse(b).documentId),
    sequential: 20,
    numbers: 'invoice',
  },
  {
    // Issuing from 8 connections at once (with --processes, through every process): each waits for the register's
    // row lock in turn, so the numbers stay gapless whatever the processes.
    name: 'issue invoices, 8 at once',
    area: 'billing',
    role: 'manager',
    method: 'POST',
    path: '/api/invoices/issue',
    bodies: (f) => f.billing.drafts.map((id) => ({ invoiceId: id })),
    direct: ({ db, actor }, b) => billing(db).issue('invoice', actor, billingDocumentRef.parse(b).documentId),
    sequential: 40,
    connections: 8,
    numbers: 'invoice',
  },
];

const timesheets = (db: Db) => new TimesheetsService(db, { lockDays: 10 });
const timesheetsList = listRows('timesheets', 'timesheets list', '/api/timesheets/list', ({ db, actor }, b) =>
  timesheets(db).list(actor, timesheetListQuery.parse(b)),
);

/** The timesheets list's rows (no filter and each filter, as a manager and an employee), the contract's tab, and the export of 200 000 rows. */
const timesheetsRows: BenchCase[] = [
  ...(['manager', 'employee'] as const).flatMap((role) => [
    timesheetsList(role, 'no filter'),
    timesheetsList(role, 'client', (f) => ({ client: f.timesheets.client })),
    timesheetsList(role, 'services', (f) => ({ services: [f.timesheets.service] })),
    timesheetsList(role, 'date, a month', (f) => ({ fromDate: f.timesheets.fromDate, toDate: f.timesheets.toDate })),
    timesheetsList(role, 'date, from only', (f) => ({ fromDate: f.timesheets.fromDate })),
  ]),
  timesheetsList('manager', 'employee', (f) => ({ user: f.users.employee.id })),
  timesheetsList('manager', 'employee and a month', (f) => ({
    user: f.users.employee.id,
    fromDate: f.timesheets.fromDate,
    toDate: f.timesheets.toDate,
  })),
  timesheetsList('manager', "contract's tab", (f) => ({ contract: f.timesheets.contract })),
  timesheetsList('employee', "contract's tab", (f) => ({ contract: f.timesheets.contract })),
  {
    name: 'timesheets export (XLSX), 200 000 rows',
    area: 'timesheets',
    role: 'manager',
    method: 'POST',
    path: '/api/timesheets/export',
    body: (f) => ({ fromDate: f.timesheets.exportFrom, toDate: f.timesheets.exportTo }),
    // The same keyset batches with their names, read to the end (no workbook written).
    direct: async ({ db, actor }, b) => {
      for await (const _batch of timesheets(db).walk(actor, timesheetExportQuery.parse(b)));
    },
    sequential: 4,
    memory: true,
  },
];

/**
 * Printing an issued EUR invoice of 10 and of 100 rows in the default layout (Bulgarian), one request at a time, against
 * the same work without HTTP (the document read and the PDF rendered, billing-print.ts). The 10-row row runs 1 000
 * prints and reports the server's memory before and after them.
 */
const printRow = (rows: 10 | 100, runs: number, memory = false): BenchCase => ({
  name: `print an invoice (PDF), ${rows} rows`,
  area: 'printing',
  role: 'manager',
  method: 'GET',
  path: (f) => `/api/invoices/print/${rows === 10 ? f.printing.invoice10 : f.printing.invoice100}?lang=bg`,
  direct: ({ db, actor }, b) => printDocument(db, 'invoice', actor, String(b.id), { lang: 'bg' }),
  body: (f) => ({ id: rows === 10 ? f.printing.invoice10 : f.printing.invoice100 }),
  sequential: runs,
  memory,
});
const printingRows: BenchCase[] = [printRow(10, 1000, true), printRow(100, 100)];

/**
 * The e-invoice (UBL XML with the printed PDF embedded) of the issued 100-row invoice, one request at a time, against
 * the same work without HTTP (einvoiceOf: the document read, the PDF rendered, the XML built); with the server's memory
 * before and after the runs (one e-invoice at a time must leave nothing behind).
 */
const einvoiceRows: BenchCase[] = [
  {
    name: 'e-invoice (UBL XML with its PDF), 100 rows',
    area: 'einvoice',
    role: 'accountant',
    method: 'GET',
    path: (f) => `/api/invoices/einvoice/${f.printing.invoice100}`,
    direct: ({ db, actor }, b) => einvoiceOf(db, actor, String(b.id), 'staff'),
    body: (f) => ({ id: f.printing.invoice100 }),
    sequential: 200,
    memory: true,
  },
];

/**
 * The accountant's month (a zip of every issued invoice and notice of a month as PDF and e-invoice XML, with the sales
 * journal) for the busiest month of the data and for a month of about a quarter as many documents (the answer says how
 * many), one request at a time, against the same package built without HTTP and read to its end; with the server's
 * memory: the package streams, so the peak of the big month is about the small one's (docs/performance.md).
 */
const monthPackageRow = (which: 'busiest' | 'quarter'): BenchCase => ({
  name: `month package (zip), ${which === 'busiest' ? 'the busiest month' : 'a month of about a quarter as many'}`,
  area: 'einvoice',
  role: 'accountant',
  method: 'POST',
  path: '/api/invoices/monthPackage',
  body: (f) => ({ month: f.monthPackage[which] }),
  direct: async ({ db }, b) => {
    const { body } = await monthPackage(db, monthPackageSchema.parse(b).month);
    for await (const _chunk of body);
  },
  sequential: 1,
  memory: true,
});
const monthPackageRows: BenchCase[] = [monthPackageRow('quarter'), monthPackageRow('busiest')];

const billingRun = (db: Db) =>
  new BillingRunService(db, { settings: new InvoiceSettingsService(db), billing: billing(db) });

/**
 * The billing run of the current month at the large preset (about 5 000 due periods): the preview (every due
 * contract with its amounts, and the left-out ones), and the run as the web sends it, one call of a 50th of the
 * due list (about 100 documents made by the shared generation) after another, each body billed once.
 */
const billingRunRows: BenchCase[] = [
  {
    name: 'billing run, preview of the month',
    area: 'billing-run',
    role: 'manager',
    method: 'POST',
    path: '/api/billing-run/preview',
    body: (f) => ({ month: f.billingRun.month }),
    direct: ({ db }, b) => billingRun(db).preview(billingRunPreviewQuery.parse(b).month),
    sequential: 20,
  },
  {
    name: 'billing run, a call of a 50th of the due contracts',
    area: 'billing-run',
    role: 'manager',
    method: 'POST',
    path: '/api/billing-run/run',
    bodies: (f) => f.billingRun.chunks.map((items) => ({ month: f.billingRun.month, items })),
    direct: ({ db, actor }, b) => billingRun(db).run(actor, billingRunSchema.parse(b)),
    sequential: 20,
  },
];

/**
 * Outgoing mail: 1 000 messages, each with the 10-row invoice's PDF, queued in one transaction and sent by the server's
 * sender (claims of 20 under FOR UPDATE SKIP LOCKED, one SMTP connection) to a local SMTP server, with the server's
 * memory before and after; against the same messages sent straight with nodemailer to an SMTP server of the direct
 * process (what SMTP alone costs).
 */
let bareMail: Promise<{ transport: Transporter; pdf: Buffer }> | undefined;
const mailRows: BenchCase[] = [
  {
    name: 'mail: 1 000 queued messages with a PDF sent to a local SMTP server',
    area: 'mail',
    role: 'admin',
    method: 'POST',
    path: '/api/settings/mail/list',
    body: (f) => ({ state: 'sent', invoice: f.printing.invoice10 }),
    direct: async ({ db, actor }, b) => {
      bareMail ??= (async () => {
        const sink = await startMailSink();
        const { pdf } = await printDocument(db, 'invoice', actor, String(b.invoice), { lang: 'bg' });
        return {
          transport: nodemailer.createTransport({ url: sink.url, pool: true, maxConnections: 1 } as never),
          pdf,
        };
      })();
      const { transport, pdf } = await bareMail;
      await transport.sendMail({
        from: 'Kantora <bench@kantora.local>',
        to: 'client@example.test',
        subject: 'Фактура',
        text: 'Здравейте,\nприлагаме фактурата.',
        html: '<p>Здравейте,<br>прилагаме фактурата.</p>',
        attachments: [{ filename: 'invoice.pdf', contentType: 'application/pdf', content: pdf }],
      });
    },
    sequential: 1,
    delivery: 1000,
    memory: true,
  },
];

/**
 * Payment reminders: the day's run by hand (admin) over the large preset's overdue invoices (about 40 % of five years'
 * issued invoices are unpaid or partly paid). It reads every open invoice under the money rule with its notices,
 * payments, client and reminders (reminderCandidates) and sends what a stage owes, a PDF per mail. The preset's clients
 * have no notification e-mails, so it measures the run's reading, not mail; the direct side switches reminders on
 * first (once: the HTTP runs that follow it run the same reading).
 */
const reminderRows: BenchCase[] = [
  {
    name: "reminders: the day's run over the overdue invoices",
    area: 'reminders',
    role: 'admin',
    method: 'POST',
    path: '/api/receivables/reminders/run',
    body: () => ({}),
    direct: async ({ db, actor }) => {
      const settings = await reminderSettingsOf(db);
      if (!settings.enabled)
        await new ReminderSettingsService(db).save(actor, { enabled: true, stageDays: settings.stageDays });
      return new RemindersService(db).runNow(actor);
    },
    sequential: 5,
  },
];

/**
 * Receivables: the summary (per currency the aging, the top debtors, invoiced and paid per month; the hours of the
 * months) and the overdue list's first page (all, and the 31-60 days bucket), as the accountant. The summary reads
 * every open invoice and a year of timesheets (its budget: 200 ms one request at a time, not a list's), so it is
 * measured one request at a time; the overdue list is a list.
 */
/**
 * The statement of account (PDF) of the bench's client with 1 000 issued invoices over five years and their payments
 * (statement-data.ts), one request at a time, against the same work without HTTP (the data read, the PDF drawn): the
 * usual statement (the last 12 months, about 200 documents and their payments) and the whole five years.
 */
const statementRow = (label: string, from: (f: Fixtures) => string, runs: number): BenchCase => ({
  name: `statement of account (PDF), 1 000 documents, ${label}`,
  area: 'receivables',
  role: 'accountant',
  method: 'POST',
  path: '/api/receivables/statement',
  body: (f) => ({ clientId: f.statement.client, fromDate: from(f), toDate: f.statement.toDate, language: 'bg' }),
  direct: ({ db, actor }, b) => new StatementService(db).pdf(actor, statementQuerySchema.parse(b)),
  sequential: runs,
});
const statementRows: BenchCase[] = [
  statementRow('last 12 months', (f) => f.statement.yearFrom, 40),
  // 40 runs as the 12 months': the p95 of 10 runs was their slowest one.
  statementRow('five years', (f) => f.statement.allFrom, 40),
];

const receivablesRows: BenchCase[] = [
  {
    name: 'receivables summary',
    area: 'receivables',
    role: 'accountant',
    method: 'GET',
    path: '/api/receivables/summary',
    direct: ({ db }) => receivablesSummary(db),
    sequential: 20,
  },
  {
    name: 'receivables overdue list, first page',
    area: 'receivables',
    role: 'accountant',
    method: 'POST',
    path: '/api/receivables/overdue',
    body: () => ({}),
    direct: ({ db }, b) => overduePage(db, overdueListQuery.parse(b)),
  },
  {
    name: 'receivables overdue list, 31-60 days',
    area: 'receivables',
    role: 'accountant',
    method: 'POST',
    path: '/api/receivables/overdue',
    body: () => ({ bucket: 'd31_60' }),
    direct: ({ db }, b) => overduePage(db, overdueListQuery.parse(b)),
  },
];

/** The contracts list's rows: no filter and each filter (the four statuses, expired derived), as a manager and an employee. */
const contractsLists = (['manager', 'employee'] as const).flatMap((role) => [
  contractsList(role, 'no filter'),
  contractsList(role, 'client', (f) => ({ customerId: f.contracts.customer })),
  contractsList(role, 'bulstat (7 digits)', (f) => ({ bulstat: f.contracts.bulstat.slice(0, 7) })),
  contractsList(role, 'VAT number', (f) => ({ vatNumber: f.contracts.vatNumber })),
  contractsList(role, 'draft', () => ({ status: 0 })),
  contractsList(role, 'registered', () => ({ status: 1 })),
  contractsList(role, 'canceled', () => ({ status: 2 })),
  contractsList(role, 'expired', () => ({ status: 3 })),
]);

export const benchCases: BenchCase[] = [
  {
    name: 'current user (token check)',
    area: 'auth',
    role: 'manager',
    method: 'GET',
    path: '/api/auth/getCurrentUserInfo',
    // The token check's query (AuthService.userOfClaims); the JWT's signature check is CPU, not SQL.
    direct: ({ db, actor }) =>
      db
        .select({
          id: users.id,
          access: users.access,
          status: users.status,
          tokenVersion: users.tokenVersion,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          locale: users.locale,
          revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = gen_random_uuid())`,
        })
        .from(users)
        .where(eq(users.id, actor.id))
        .limit(1),
  },

  clientsList('manager', 'no filter (active, by name)'),
  clientsList('manager', 'name "пирин"', () => ({ name: 'пирин' })),
  clientsList('manager', 'bulstat (7 digits)', (f) => ({ bulstat: f.client.bulstat.slice(0, 7) })),
  clientsList('manager', 'VAT number', (f) => ({ vatNumber: f.client.vatNumber })),
  clientsList('manager', 'inactive', () => ({ status: false })),
  clientsList('manager', 'referent', (f) => ({ referent: f.users.employee2.id })),
  clientsList('manager', 'managing user', (f) => ({ managingUsers: [f.users.employee2.id] })),
  clientsList('employee', 'no filter (active, by name)'),
  clientsList('employee', 'name "пирин"', () => ({ name: 'пирин' })),
  clientsList('employee', 'bulstat (7 digits)', (f) => ({ bulstat: f.client.bulstat.slice(0, 7) })),
  clientsList('employee', 'VAT number', (f) => ({ vatNumber: f.client.vatNumber })),
  clientsList('employee', 'inactive', () => ({ status: false })),
  clientsList('employee', 'referent', (f) => ({ referent: f.users.employee2.id })),
  clientsList('employee', 'managing user', (f) => ({ managingUsers: [f.users.employee2.id] })),

  logsList('no filter'),
  logsList('action', () => ({ action: 'remove' })),
  logsList('entity', () => ({ name: 'DocumentFlow' })),
  logsList('employee', (f) => ({ employee: f.users.employee2.id })),
  logsList('one day', () => {
    const day = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    return { fromDate: day, toDate: day };
  }),

  documentsFlowList('manager', 'no filter'),
  documentsFlowList('employee', 'no filter'),
  documentsFlowList('manager', 'client', (f) => ({ company: f.documentsFlow.company })),
  documentsFlowList('manager', 'category (with subcategories)', (f) => ({ category: f.documentsFlow.category })),
  documentsFlowList('manager', 'date, a month', (f) => ({
    fromDate: f.documentsFlow.fromDate,
    toDate: f.documentsFlow.toDate,
  })),
  documentsFlowList('manager', 'date, from only', (f) => ({ fromDate: f.documentsFlow.fromDate })),
  documentsFlowList('manager', 'created, a month', (f) => ({
    uploadedFrom: f.documentsFlow.uploadedFrom,
    uploadedTo: f.documentsFlow.uploadedTo,
  })),
  documentsFlowList('manager', 'file name "dogovor"', () => ({ fileName: 'dogovor' })),
  documentsFlowList('manager', 'description "протокол"', () => ({ description: 'протокол' })),
  documentsFlowList('employee', 'description "протокол"', () => ({ description: 'протокол' })),
  {
    name: 'document flow zip, 100 files',
    area: 'documents-flow',
    role: 'manager',
    method: 'POST',
    path: '/api/documents-flow/downloadFilesAsZip',
    body: (f) => ({ filesIds: f.documentsFlow.zipFileIds }),
    // The files' metadata, then every file's bytes read as the zip reads them (no zip built).
    direct: async ({ db }, b) => {
      const ids = documentFlowZipSchema.parse(b).filesIds;
      const found = await db.select({ id: files.id, length: files.length }).from(files).where(inArray(files.id, ids));
      for (const file of found) for await (const _chunk of fileBody(db, file.id, file.length));
    },
    sequential: 20,
  },

  ...contractsLists,

  ...billingRows,

  ...timesheetsRows,

  ...printingRows,

  ...einvoiceRows,

  ...monthPackageRows,

  ...billingRunRows,

  ...receivablesRows,

  ...statementRows,

  ...mailRows,

  ...reminderRows,
];
