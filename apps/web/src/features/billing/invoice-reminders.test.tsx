import {
  Access,
  DOCUMENT_MAIL_ENTITY,
  type InvoiceRemindersView,
  type InvoiceReminderView,
  type MailView,
} from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { ok, failure } from '../../test/render.tsx';
import { signOutAfterEach } from '../../test/users.ts';
import { openInvoiceEditor } from './test-page.tsx';
import { docOf, ids } from './test-fixtures.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['billing', 'contracts', 'parties', 'clients', 'mail', 'reminders']);
});
signOutAfterEach();

const reminderOf = (n: number, overrides: Partial<InvoiceReminderView> = {}): InvoiceReminderView => ({
  _id: `00000000-0000-4000-8000-0000000006${String(n).padStart(2, '0')}`,
  stage: 1,
  at: '2026-04-21T05:00:00.000Z',
  by: null,
  byName: null,
  runDate: '2026-04-21',
  mailId: `00000000-0000-4000-8000-0000000008${String(n).padStart(2, '0')}`,
  mailState: 'sent',
  to: ['office@alfa.bg'],
  ...overrides,
});

const mailOf = (subject: string): MailView => ({
  _id: '00000000-0000-4000-8000-000000000899',
  state: 'queued',
  to: ['office@alfa.bg'],
  subject,
  language: 'bg',
  kind: 'document',
  entity: { model: DOCUMENT_MAIL_ENTITY, id: ids.doc },
  attempts: 0,
  lastError: null,
  sentAt: null,
  created: '2026-05-02T07:00:00.000Z',
  createdByName: { bg: 'Тест', it: 'Test' },
  attachments: [],
});

/** The server's answer of GET /api/receivables/reminders/of/{id}: the debt (overdue by default) and the reminders. */
const debtOf = (
  reminders: InvoiceReminderView[],
  overrides: Partial<InvoiceRemindersView> = {},
): InvoiceRemindersView => ({
  due: 260,
  currency: 'EUR',
  daysOverdue: 18,
  overdue: true,
  reminders,
  ...overrides,
});

/** An issued invoice of 360 EUR, 100 paid, deadline 14.04.2026 (overdue today), with one stage-1 reminder. */
function openOverdue(access: number) {
  let reminders = [reminderOf(1)];
  let mails: MailView[] = [];
  const doc = docOf('invoice', true, access, { paidAmount: 100, isPaid: 1 });
  const api = openInvoiceEditor(doc, access, {
    answers: {
      [`GET /api/receivables/reminders/of/${ids.doc}`]: () => ok(debtOf(reminders)),
      'POST /api/invoices/mails': () => ok(mails),
      'POST /api/receivables/reminders/send': () => {
        const mail = mailOf('Напомняне за плащане: фактура № 0000000042 — Кантора ЕООД');
        mails = [mail];
        reminders = [
          reminderOf(2, {
            stage: 0,
            at: '2026-05-02T07:00:00.000Z',
            by: 'u',
            byName: { bg: 'Тест', it: 'Test' },
            runDate: null,
            mailState: 'queued',
          }),
          ...reminders,
        ];
        return ok(mail);
      },
    },
  });
  return api;
}

describe("an issued invoice's payment reminders", () => {
  it('shows what the server counts as due: an invoice paid in full with a debit notice is overdue', async () => {
    // The invoice's own figures say paid; the server counts its debit notice (24 EUR still due).
    openInvoiceEditor(docOf('invoice', true, Access.manager, { paidAmount: 360, isPaid: 1 }), Access.manager, {
      answers: {
        [`GET /api/receivables/reminders/of/${ids.doc}`]: () => ok(debtOf([], { due: 24, daysOverdue: 9 })),
        'POST /api/invoices/mails': () => ok([]),
      },
    });
    const card = await screen.findByRole('region', { name: 'Напомняния за плащане' }, { timeout: 30_000 });
    await waitFor(() => expect(card).toHaveTextContent(/Просрочена с 9 дни \(срок 14\.04\.2026\), дължими 24,00 EUR/));
    expect(within(card).getByRole('button', { name: 'Изпрати напомняне сега' })).toBeEnabled();
  });

  it('a manager sends a reminder now after confirming; it shows among the reminders and in the mail history', async () => {
    const { calls } = openOverdue(Access.manager);
    const card = await screen.findByRole('region', { name: 'Напомняния за плащане' }, { timeout: 30_000 });
    await waitFor(() =>
      expect(card).toHaveTextContent(/Просрочена с \d+ дни \(срок 14\.04\.2026\), дължими 260,00 EUR/),
    );
    const list = await within(card).findByRole('list', { name: 'Изпратени напомняния' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByRole('listitem')).toHaveTextContent('Етап 1');
    expect(within(list).getByRole('listitem')).toHaveTextContent('Автоматично изпращане');
    expect(within(list).getByRole('listitem')).toHaveTextContent('Изпратен');

    await userEvent.click(within(card).getByRole('button', { name: 'Изпрати напомняне сега' }));
    const dialog = await screen.findByRole('dialog', { name: 'Напомняне за плащане' });
    expect(dialog).toHaveTextContent('фактура № 0000000042: дължими 260,00 EUR');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Изпрати напомняне сега' }));

    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Изпратено ръчно');
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Тест');
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('В опашката');
    expect(
      calls
        .filter((call) => call.url === '/api/receivables/reminders/send')
        .map((call) => JSON.parse(String(call.init?.body))),
    ).toEqual([{ documentId: ids.doc }]);
    const history = await screen.findByRole('list', { name: 'Изпратени писма' });
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(1));
  });

  it('asks first: cancelling sends nothing; a refusal leaves the list as it was', async () => {
    const { calls } = openInvoiceEditor(docOf('invoice', true, Access.admin), Access.admin, {
      answers: {
        [`GET /api/receivables/reminders/of/${ids.doc}`]: () => ok(debtOf([])),
        'POST /api/invoices/mails': () => ok([]),
        'POST /api/receivables/reminders/send': () => failure(400, 'reminder_not_overdue'),
      },
    });
    const card = await screen.findByRole('region', { name: 'Напомняния за плащане' }, { timeout: 30_000 });
    expect(await within(card).findByText('Още няма изпратени напомняния.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Изпрати напомняне сега' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Напомняне за плащане' })).getByRole('button', {
        name: 'Отказ',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.url === '/api/receivables/reminders/send')).toBe(false);
    await userEvent.click(within(card).getByRole('button', { name: 'Изпрати напомняне сега' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Напомняне за плащане' })).getByRole('button', {
        name: 'Изпрати напомняне сега',
      }),
    );
    expect(await screen.findByText(/Фактурата не е просрочена: платена е/)).toBeInTheDocument();
    expect(within(card).getByText('Още няма изпратени напомняния.')).toBeInTheDocument();
  });

  it('an invoice not yet due cannot be reminded; the accountant sees the reminders without the button', async () => {
    // The server answers it is not overdue (the default answer: its deadline has not passed).
    openInvoiceEditor(
      docOf('invoice', true, Access.accountant, { paymentDeadlineDate: '2099-12-31' }),
      Access.accountant,
    );
    const card = await screen.findByRole('region', { name: 'Напомняния за плащане' }, { timeout: 30_000 });
    await waitFor(() => expect(card).toHaveTextContent('Фактурата не е просрочена.'));
    expect(within(card).queryByRole('button', { name: 'Изпрати напомняне сега' })).not.toBeInTheDocument();
  });

  it('a manager cannot remind of an invoice not yet due', async () => {
    openInvoiceEditor(docOf('invoice', true, Access.manager, { paymentDeadlineDate: '2099-12-31' }), Access.manager, {
      answers: { 'POST /api/invoices/mails': () => ok([]) },
    });
    const card = await screen.findByRole('region', { name: 'Напомняния за плащане' }, { timeout: 30_000 });
    expect(await within(card).findByRole('button', { name: 'Изпрати напомняне сега' })).toBeDisabled();
  });

  it('a credit notice has no reminders card', async () => {
    openInvoiceEditor(docOf('invoice', true, Access.manager, { noticeType: 1, totalAmount: -60 }), Access.manager, {
      answers: { 'POST /api/invoices/mails': () => ok([]) },
    });
    expect(await screen.findByRole('region', { name: 'Изпратени писма' }, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Напомняния за плащане' })).not.toBeInTheDocument();
  });
});
