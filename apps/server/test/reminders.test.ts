/**
 * Payment reminders through a real SMTP server: the settings (admin, checked), the clients' "no reminders" flag, the
 * daily run (each overdue invoice gets the highest stage it reached, once, with its PDF; paid, fully credited,
 * opted-out and address-less ones get nothing; a second run sends nothing new), the scheduler's clock and its claim,
 * "send a reminder now", an invoice's reminders and mail history, and 50 runs at once queueing each stage once.
 */
import { execFileSync } from 'node:child_process';
import type { BillingDocumentView, InvoiceRemindersView, MailView, ReminderSettingsView } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/sql-helpers.ts';
import { addItem, BASE, createNotice, errorsOf, issue } from './billing-fixtures.ts';
import { raceIt } from './concurrency.ts';
import { call } from './helpers.ts';
import {
  creditWhole,
  overdueInvoice,
  pay,
  plusDays,
  type ReminderSetup,
  reminderRows,
  runNow,
  setUpReminders,
} from './reminders-fixtures.ts';

let r: ReminderSetup;
const tokens = () => r.s.ctx.users;

const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');

/** Delivers what is due; answers the messages that arrived for the invoice's number. */
async function deliveredFor(invoice: BillingDocumentView) {
  await r.s.ctx.app.mail.drain();
  return r.smtp.received.filter((one) => one.parsed.subject?.includes(invoice.number ?? '<none>'));
}

beforeAll(async () => {
  r = await setUpReminders();
}, 120_000);

afterAll(async () => {
  await r?.s.ctx.close();
  await r?.smtp.close();
});

describe('reminder settings', () => {
  it('answers the saved settings to the admin only and checks the stages', async () => {
    const got = await call<ReminderSettingsView>(r.s.ctx, 'GET', '/api/settings/reminders');
    expect(got.status).toBe(200);
    expect(got.body.Result).toMatchObject({ enabled: true, stageDays: [7, 21, 45] });
    for (const role of ['manager', 'accountant', 'employee', 'client'] as const) {
      expect((await call(r.s.ctx, 'GET', '/api/settings/reminders', undefined, tokens()[role].token)).status).toBe(403);
      const save = await call(
        r.s.ctx,
        'POST',
        '/api/settings/reminders/save',
        { enabled: false, stageDays: [5] },
        tokens()[role].token,
      );
      expect(save.status).toBe(403);
    }
    const bad: Array<[unknown, string]> = [
      [[21, 7], 'reminder_stage_days_ascending'],
      [[7, 7], 'reminder_stage_days_ascending'],
      [[1, 2, 3, 4], 'reminder_stage_days_invalid'],
      [[0], 'reminder_stage_days_invalid'],
      [[366], 'reminder_stage_days_invalid'],
      [[], 'field_is_required'],
      [[1.5], 'invalid_value'],
      ['7', 'field_is_required'],
    ];
    for (const [stageDays, key] of bad) {
      const response = await call(r.s.ctx, 'POST', '/api/settings/reminders/save', { enabled: true, stageDays });
      expect(response.status, JSON.stringify(stageDays)).toBe(400);
      expect(Object.values(errorsOf(response.body)), JSON.stringify(stageDays)).toContain(key);
    }
    expect((await call(r.s.ctx, 'POST', '/api/settings/reminders/save', { stageDays: [7] })).status).toBe(400);
    const saved = await call<ReminderSettingsView>(r.s.ctx, 'POST', '/api/settings/reminders/save', {
      enabled: true,
      stageDays: [3, 30],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.Message).toBe('saved_successfully');
    expect(saved.body.Result).toMatchObject({ enabled: true, stageDays: [3, 30] });
    const logged = await queryRows<{ action: string }>(
      r.s.ctx.database.db,
      sql`select action from logs where model = 'reminder_settings'`,
    );
    expect(logged.length).toBeGreaterThanOrEqual(2);
    // Back to the stages the rest of the file counts with.
    await call(r.s.ctx, 'POST', '/api/settings/reminders/save', { enabled: true, stageDays: [7, 21, 45] });
  });
});

describe("the clients' no-reminders flag", () => {
  it('is saved by management, answered with the client and kept when a save leaves it out', async () => {
    const got = await call(r.s.ctx, 'GET', `/api/companies/${r.optedOut}`);
    expect(got.body.Result.noReminders).toBe(true);
    expect((await call(r.s.ctx, 'GET', `/api/companies/${r.client}`)).body.Result.noReminders).toBe(false);
    const { noReminders: _, ...rest } = got.body.Result;
    const kept = await call(r.s.ctx, 'POST', '/api/companies/save', rest, tokens().manager.token);
    expect(kept.status).toBe(200);
    expect(kept.body.Result.noReminders).toBe(true);
    const off = await call(r.s.ctx, 'POST', '/api/companies/save', { ...rest, noReminders: false });
    expect(off.body.Result.noReminders).toBe(false);
    const on = await call(r.s.ctx, 'POST', '/api/companies/save', { ...rest, noReminders: true });
    expect(on.body.Result.noReminders).toBe(true);
    const bad = await call(r.s.ctx, 'POST', '/api/companies/save', { ...rest, noReminders: 'yes' });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.body).noReminders).toBe('invalid_value');
    const employee = await call(
      r.s.ctx,
      'POST',
      '/api/companies/save',
      { ...rest, noReminders: false },
      tokens().employee.token,
    );
    expect(employee.status).toBe(403);
  });
});

describe('the daily run', () => {
  let stage1: BillingDocumentView;
  let stage2: BillingDocumentView;
  let stage3: BillingDocumentView;
  let partlyPaid: BillingDocumentView;
  let notYet: BillingDocumentView;
  let paid: BillingDocumentView;
  let credited: BillingDocumentView;
  let optedOut: BillingDocumentView;
  let silent: BillingDocumentView;
  let notDue: BillingDocumentView;

  beforeAll(async () => {
    stage1 = await overdueInvoice(r, r.client, 10);
    stage2 = await overdueInvoice(r, r.client, 30);
    stage3 = await overdueInvoice(r, r.client, 50);
    partlyPaid = await overdueInvoice(r, r.client, 21);
    await pay(r, partlyPaid, 100.5);
    notYet = await overdueInvoice(r, r.client, 3);
    notDue = await overdueInvoice(r, r.client, -5);
    paid = await overdueInvoice(r, r.client, 30);
    await pay(r, paid, 240);
    credited = await overdueInvoice(r, r.client, 30);
    await creditWhole(r, credited, r.client);
    optedOut = await overdueInvoice(r, r.optedOut, 30);
    silent = await overdueInvoice(r, r.silent, 30);
  }, 120_000);

  it('is off while reminders are off', async () => {
    await call(r.s.ctx, 'POST', '/api/settings/reminders/save', { enabled: false, stageDays: [7, 21, 45] });
    expect(await runNow(r)).toBe(0);
    expect(await reminderRows(r, [stage1._id, stage2._id])).toEqual([]);
    await call(r.s.ctx, 'POST', '/api/settings/reminders/save', { enabled: true, stageDays: [7, 21, 45] });
  });

  it('is started by the admin only', async () => {
    for (const role of ['manager', 'accountant', 'employee', 'client'] as const)
      expect((await call(r.s.ctx, 'POST', '/api/receivables/reminders/run', {}, tokens()[role].token)).status).toBe(
        403,
      );
    expect((await call(r.s.ctx, 'POST', '/api/receivables/reminders/run', { all: true })).status).toBe(400);
  });

  it('sends each overdue invoice the highest stage it reached, once, with its PDF; skips the others', async () => {
    expect(await runNow(r)).toBe(4);
    const all = [stage1, stage2, stage3, partlyPaid, notYet, notDue, paid, credited, optedOut, silent];
    const rows = await reminderRows(
      r,
      all.map((one) => one._id),
    );
    const stageOf = new Map(rows.map((row) => [row.documentId, row.stage]));
    expect(rows).toHaveLength(4);
    expect(stageOf.get(stage1._id)).toBe(1);
    expect(stageOf.get(stage2._id)).toBe(2);
    expect(stageOf.get(stage3._id)).toBe(3);
    expect(stageOf.get(partlyPaid._id)).toBe(2);
    for (const row of rows) {
      expect(row.runDate).toBe(r.today);
      expect(row.mailId).toBeTruthy();
    }

    // Each is the invoice's first reminder: the first stage's text, whatever stage it reached (the second's "second
    // reminder" and the last's "despite our previous reminders" would not be true).
    const [mail2] = await deliveredFor(stage2);
    expect(mail2.envelopeTo.sort()).toEqual(['accounts@debtor.test', 'boss@debtor.test']);
    expect(mail2.parsed.subject).toBe(`Напомняне за плащане: фактура № ${stage2.number} — Кантора ООД`);
    expect(mail2.parsed.text).toContain('просрочие 30 дни');
    expect(mail2.parsed.text).toContain('240,00 EUR');
    const pdf = mail2.parsed.attachments.find((one) => one.contentType === 'application/pdf');
    expect(pdf).toBeDefined();
    expect(pdfText(pdf?.content as Buffer)).toContain(stage2.number ?? '');

    const [mail3] = await deliveredFor(stage3);
    expect(mail3.parsed.subject).toContain('Напомняне за плащане');
    expect(mail3.parsed.text).not.toContain('Въпреки');
    const [mail1] = await deliveredFor(stage1);
    expect(mail1.parsed.subject).toContain('Напомняне за плащане');
    expect(mail1.parsed.text).toContain('просрочие 10 дни');
    // Partly paid: the amount still due (240.00 − 100.50).
    const [partial] = await deliveredFor(partlyPaid);
    expect(partial.parsed.text).toContain('139,50 EUR');
    for (const skipped of [notYet, notDue, paid, credited, optedOut, silent])
      expect(await deliveredFor(skipped)).toEqual([]);

    // The run is logged: each reminder and the day's claim.
    const logged = await queryRows<{ n: number }>(
      r.s.ctx.database.db,
      sql`select count(*)::int as n from logs where model = 'invoice_reminders' and action = 'run'`,
    );
    expect(logged[0].n).toBe(4);
    const [job] = await queryRows<{ finished: boolean; result: { queued: number } }>(
      r.s.ctx.database.db,
      sql`select finished_at is not null as finished, result from job_runs where job = 'reminders' and run_date = ${r.today}::date`,
    );
    expect(job).toMatchObject({ finished: true, result: { queued: 4 } });
  });

  it('sends nothing new when run again, and the next stage once it is reached', async () => {
    const before = r.smtp.received.length;
    expect(await runNow(r)).toBe(0);
    await r.s.ctx.app.mail.drain();
    expect(r.smtp.received.length).toBe(before);
    // Stage 1's invoice is now 25 days overdue: stage 2, once.
    await r.s.ctx.database.db.execute(
      sql`update billing_documents set payment_deadline_date = ${plusDays(r.today, -25)}::date where id = ${stage1._id}::uuid`,
    );
    expect(await runNow(r)).toBe(1);
    expect(await runNow(r)).toBe(0);
    expect((await reminderRows(r, [stage1._id])).map((row) => row.stage)).toEqual([1, 2]);
    // Paid since: nothing, whatever stage it reaches.
    await pay(r, stage3, 240);
    await r.s.ctx.database.db.execute(sql`delete from invoice_reminders where document_id = ${stage3._id}::uuid`);
    expect(await runNow(r)).toBe(0);
  });

  it('words each reminder by the ones sent before: the second text after one, the last text after two', async () => {
    const late = await overdueInvoice(r, r.client, 50);
    const early = await overdueInvoice(r, r.client, 8);
    expect(await runNow(r)).toBe(2);
    const [lateFirst] = await deliveredFor(late);
    expect(lateFirst.parsed.subject).toContain('Напомняне за плащане');
    expect(lateFirst.parsed.text).not.toContain('Въпреки');
    // By hand after one: at most the second text (the last stage reached).
    const byHand = await call<MailView>(r.s.ctx, 'POST', '/api/receivables/reminders/send', { documentId: late._id });
    expect(byHand.status).toBe(200);
    expect(byHand.body.Result.subject).toContain('Второ напомняне');
    // The early one through its stages: the first, second and last texts in turn.
    const deadline = async (days: number) =>
      r.s.ctx.database.db.execute(
        sql`update billing_documents set payment_deadline_date = ${plusDays(r.today, -days)}::date where id = ${early._id}::uuid`,
      );
    await deadline(25);
    expect(await runNow(r)).toBe(1);
    await deadline(50);
    expect(await runNow(r)).toBe(1);
    const subjects = (await deliveredFor(early)).map((one) => one.parsed.subject ?? '');
    expect(subjects).toHaveLength(3);
    expect(subjects.filter((one) => one.startsWith('Напомняне за плащане'))).toHaveLength(1);
    expect(subjects.filter((one) => one.startsWith('Второ напомняне'))).toHaveLength(1);
    expect(subjects.filter((one) => one.startsWith('Последно напомняне'))).toHaveLength(1);
  });

  it("shows each reminder in the invoice's reminders and mail history", async () => {
    const reminders = await call<InvoiceRemindersView>(
      r.s.ctx,
      'GET',
      `/api/receivables/reminders/of/${stage1._id}`,
      undefined,
      tokens().accountant.token,
    );
    expect(reminders.status).toBe(200);
    const { reminders: list, ...debt } = reminders.body.Result;
    expect(debt).toEqual({ due: 240, currency: 'EUR', daysOverdue: 25, overdue: true });
    expect(list.map((one) => one.stage)).toEqual([2, 1]);
    expect(list[1]).toMatchObject({ runDate: r.today, mailState: 'sent', by: tokens().admin.id });
    expect(list[1].to.sort()).toEqual(['accounts@debtor.test', 'boss@debtor.test']);
    for (const role of ['employee', 'client'] as const)
      expect(
        (await call(r.s.ctx, 'GET', `/api/receivables/reminders/of/${stage1._id}`, undefined, tokens()[role].token))
          .status,
      ).toBe(403);
    expect((await call(r.s.ctx, 'GET', '/api/receivables/reminders/of/not-an-id')).status).toBe(400);
    const unknown = await call(r.s.ctx, 'GET', '/api/receivables/reminders/of/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    const history = await call<MailView[]>(r.s.ctx, 'POST', `${BASE.invoice}/mails`, { invoiceId: stage1._id });
    expect(history.body.Result).toHaveLength(2);
    expect(history.body.Result.map((one) => one._id).sort()).toEqual(list.map((one) => one.mailId).sort());
  });

  it("answers the invoice's debt as the server counts it: a debit notice after full payment is overdue", async () => {
    const debtOf = async (invoice: BillingDocumentView) => {
      const response = await call<InvoiceRemindersView>(r.s.ctx, 'GET', `/api/receivables/reminders/of/${invoice._id}`);
      expect(response.status).toBe(200);
      const { reminders: _, ...debt } = response.body.Result;
      return debt;
    };
    const invoice = await overdueInvoice(r, r.client, 10);
    expect(await debtOf(invoice)).toEqual({ due: 240, currency: 'EUR', daysOverdue: 10, overdue: true });
    await pay(r, invoice, 240);
    expect(await debtOf(invoice)).toEqual({ due: 0, currency: 'EUR', daysOverdue: 10, overdue: false });
    const refused = await call(r.s.ctx, 'POST', '/api/receivables/reminders/send', { documentId: invoice._id });
    expect(refused.status).toBe(400);
    // A debit notice (20 + VAT) of the paid invoice: owed again, though the invoice itself is marked paid.
    const notice = await createNotice(r.s, 2, invoice._id, {
      customerId: r.client,
      customerBank: null,
      providerBank: r.s.providerBank,
      providerBank2: r.s.providerBank2,
      date: r.today,
      paymentDeadlineDate: r.today,
    });
    await addItem(r.s, 'invoice', notice._id, 20, 1);
    await issue(r.s, 'invoice', notice._id);
    expect(await debtOf(invoice)).toEqual({ due: 24, currency: 'EUR', daysOverdue: 10, overdue: true });
    const sent = await call(r.s.ctx, 'POST', '/api/receivables/reminders/send', { documentId: invoice._id });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // Not an issued invoice (the notice itself): nothing due, no reminders.
    expect(await debtOf(notice)).toEqual({ due: 0, currency: '', daysOverdue: 0, overdue: false });
    // The run sends it its first stage (a reminder by hand is not a stage).
    expect(await runNow(r)).toBe(1);
  });

  it('is due once a day from the hour, claimed by one run of the day', async () => {
    const clock = r.s.ctx.app.reminders;
    // Tomorrow at 07:30 in Sofia (05:30 or 04:30 UTC): not yet; at 09:00: the run, once.
    const tomorrow = plusDays(r.today, 1);
    const at = (time: string) => new Date(`${tomorrow}T${time}Z`);
    expect(await clock.tick(at('04:00:00'))).toBeNull();
    const result = await clock.tick(at('07:00:00'));
    expect(result).toEqual({ queued: 0, runDate: tomorrow });
    expect(await clock.tick(at('07:30:00'))).toBeNull();
    const [job] = await queryRows<{ finished: boolean }>(
      r.s.ctx.database.db,
      sql`select finished_at is not null as finished from job_runs where job = 'reminders' and run_date = ${tomorrow}::date`,
    );
    expect(job.finished).toBe(true);
  });

  it('sends a reminder now of an overdue invoice (management), refusing one that is not overdue', async () => {
    const sent = await call<MailView>(
      r.s.ctx,
      'POST',
      '/api/receivables/reminders/send',
      { documentId: notYet._id },
      tokens().manager.token,
    );
    expect(sent.status).toBe(200);
    expect(sent.body.Message).toBe('mail_queued');
    const [mail] = await deliveredFor(notYet);
    expect(mail.parsed.subject).toContain('Напомняне за плащане');
    expect(mail.parsed.text).toContain('просрочие 3 дни');
    expect((await reminderRows(r, [notYet._id])).map((row) => [row.stage, row.runDate])).toEqual([[0, null]]);
    // In Italian when asked; again and again by hand.
    const italian = await call<MailView>(r.s.ctx, 'POST', '/api/receivables/reminders/send', {
      documentId: notYet._id,
      language: 'it',
    });
    expect(italian.status).toBe(200);
    expect(italian.body.Result.subject).toContain('Promemoria di pagamento');
    // The opted-out client still gets one by hand.
    expect((await call(r.s.ctx, 'POST', '/api/receivables/reminders/send', { documentId: optedOut._id })).status).toBe(
      200,
    );
    for (const refused of [paid, credited, notDue]) {
      const response = await call(r.s.ctx, 'POST', '/api/receivables/reminders/send', { documentId: refused._id });
      expect(response.status).toBe(400);
      expect(response.body.Message).toBe('reminder_not_overdue');
    }
    const noAddress = await call(r.s.ctx, 'POST', '/api/receivables/reminders/send', { documentId: silent._id });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.Message).toBe('mail_no_recipients');
    for (const role of ['accountant', 'employee', 'client'] as const)
      expect(
        (
          await call(
            r.s.ctx,
            'POST',
            '/api/receivables/reminders/send',
            { documentId: notYet._id },
            tokens()[role].token,
          )
        ).status,
      ).toBe(403);
    for (const body of [{}, { documentId: 'x' }, { documentId: notYet._id, language: 'fr' }, []])
      expect((await call(r.s.ctx, 'POST', '/api/receivables/reminders/send', body)).status).toBe(400);
    const unknown = await call(r.s.ctx, 'POST', '/api/receivables/reminders/send', {
      documentId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('runs at once', () => {
  raceIt(
    'queue each stage once out of 50 parallel runs',
    async () => {
      const invoices = [
        await overdueInvoice(r, r.client, 8),
        await overdueInvoice(r, r.client, 22),
        await overdueInvoice(r, r.italian, 46),
      ];
      const before = await queryRows<{ n: number }>(
        r.s.ctx.database.db,
        sql`select count(*)::int as n from mail_messages`,
      );
      const results = await Promise.all(Array.from({ length: 50 }, () => runNow(r)));
      expect(results.reduce((sum, one) => sum + one, 0)).toBe(3);
      const rows = await reminderRows(
        r,
        invoices.map((one) => one._id),
      );
      expect(rows.map((row) => row.stage).sort()).toEqual([1, 2, 3]);
      const after = await queryRows<{ n: number }>(
        r.s.ctx.database.db,
        sql`select count(*)::int as n from mail_messages`,
      );
      expect(after[0].n - before[0].n).toBe(3);
      const [italian] = await deliveredFor(invoices[2]);
      // Its first reminder (stage 3 reached): the first stage's text.
      expect(italian.parsed.subject).toContain('Promemoria di pagamento');
      expect(italian.envelopeTo).toEqual(['amministrazione@italiano.test']);
    },
    120_000,
  );
});
