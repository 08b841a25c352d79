import { Access, type PaymentRow } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { setSessionUser } from '../../lib/session.ts';
import { failure, mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { PaymentDialog } from './payment-dialog.tsx';
import { PaymentsDialog } from './payments-dialog.tsx';
import { docOf, ids, itemOf, userOf } from './test-fixtures.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['billing']);
});
afterEach(() => {
  setSessionUser(null);
  vi.unstubAllGlobals();
});

const cash = '00000000-0000-4000-8000-0000000000b1';
const paymentTypes = [{ _id: cash, name: { bg: 'В брой', it: 'Contanti' }, status: true }];
const paymentOf = (n: number, amount: number, extra: Partial<PaymentRow> = {}): PaymentRow => ({
  _id: `00000000-0000-4000-8000-0000000008${String(n).padStart(2, '0')}`,
  invoice: ids.doc,
  amount,
  date: `2026-04-0${n}`,
  type: cash,
  typeName: paymentTypes[0].name,
  notes: `Бележка ${n}`,
  created: '2026-04-01T08:00:00.000Z',
  createdByName: { bg: 'Мария Петрова', it: 'Maria Petrova' },
  updated: null,
  ...extra,
});
const details = (paid: number) => ({
  totals: { total: 360, paid, notPaid: 360 - paid },
  invoice: docOf('invoice', true),
});
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

describe('the payments dialog', () => {
  it('lists the payments with the paid figures; management deletes one after confirming', {
    timeout: 60_000,
  }, async () => {
    setSessionUser(userOf(Access.manager));
    let payments = [paymentOf(1, 100), paymentOf(2, 60)];
    const { calls } = mockApi({
      'POST /api/invoices/getPayments': () => ok({ Items: payments, Total: payments.length, Page: 1 }),
      'POST /api/invoices/getPaidDetails': () =>
        ok(details(payments.reduce((sum, payment) => sum + payment.amount, 0))),
      'POST /api/invoices/removePayment': () => {
        payments = payments.slice(0, 1);
        return ok({ payment: null, totals: details(100).totals, isPaid: 2 }, 'deleted_successfully');
      },
    });
    const onChanged = vi.fn();
    renderWithProviders(
      <PaymentsDialog
        document={docOf('invoice', true, Access.manager, { isPaid: 2, paidAmount: 160 })}
        onClose={() => undefined}
        onChanged={onChanged}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Плащания по фактура № 0000000042' }, { timeout: 30_000 });
    const figures = await within(dialog).findByRole('group', { name: 'Суми по документа' });
    await waitFor(() =>
      expect(
        within(figures)
          .getAllByRole('definition')
          .map((cell) => plain(cell.textContent)),
      ).toEqual(['0000000042', '31.03.2026', '360,00 EUR', '160,00 EUR', '200,00 EUR']),
    );
    const table = within(dialog).getByRole('table', { name: 'Плащания' });
    await within(table).findByText('Бележка 2');
    expect(within(dialog).getByRole('button', { name: 'Добави плащане' })).toBeInTheDocument();
    // No paging bar: the list holds every payment.
    expect(within(dialog).queryByRole('navigation')).toBeNull();

    await userEvent.click(within(table).getByRole('button', { name: /^Изтрий плащането: 02\.04\.2026/ }));
    const question = await screen.findByRole('dialog', { name: 'Внимание' });
    expect(within(question).getByText('Сигурни ли сте, че искате да изтриете плащането?')).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/removePayment'))).toBe(false);
    await userEvent.click(within(question).getByRole('button', { name: 'Изтрий' }));
    await waitFor(() => expect(within(table).queryByText('Бележка 2')).toBeNull());
    const body = JSON.parse(String(calls.find((call) => call.url.endsWith('/removePayment'))?.init?.body));
    expect(body).toEqual({ invoicePaymentId: paymentOf(2, 60)._id, invoiceId: ids.doc });
    expect(onChanged).toHaveBeenCalled();
  });

  it('offers no new payment on a fully paid document, and prefills a new one with what is owed', {
    timeout: 60_000,
  }, async () => {
    setSessionUser(userOf(Access.manager));
    let paid = 360;
    mockApi({
      'POST /api/invoices/getPayments': () => ok({ Items: [paymentOf(1, paid)], Total: 1, Page: 1 }),
      'POST /api/invoices/getPaidDetails': () => ok(details(paid)),
      'GET /api/metaData/getPaymentTypes': () => ok(paymentTypes),
    });
    const first = renderWithProviders(
      <PaymentsDialog
        document={docOf('invoice', true, Access.manager, { isPaid: 1, paidAmount: 360 })}
        onClose={() => undefined}
      />,
    );
    let dialog = await screen.findByRole('dialog', { name: 'Плащания по фактура № 0000000042' }, { timeout: 30_000 });
    await within(dialog).findByText('Документът е платен изцяло');
    expect(within(dialog).getByRole('button', { name: 'Добави плащане' })).toBeDisabled();
    first.unmount();

    paid = 100;
    renderWithProviders(
      <PaymentsDialog
        document={docOf('invoice', true, Access.manager, { isPaid: 2, paidAmount: 100 })}
        onClose={() => undefined}
      />,
    );
    dialog = await screen.findByRole('dialog', { name: 'Плащания по фактура № 0000000042' }, { timeout: 30_000 });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Добави плащане' })).toBeEnabled());
    expect(within(dialog).queryByText('Документът е платен изцяло')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Добави плащане' }));
    const payment = await screen.findByRole('dialog', { name: 'Ново плащане' });
    await waitFor(() =>
      expect(plain((within(payment).getByRole('textbox', { name: 'Сума' }) as HTMLInputElement).value)).toBe('260,00'),
    );
  });

  it('is read-only for an accountant: no add or delete, a payment opens without save buttons', {
    timeout: 60_000,
  }, async () => {
    setSessionUser(userOf(Access.accountant));
    mockApi({
      'POST /api/invoices/getPayments': () => ok({ Items: [paymentOf(1, 100)], Total: 1, Page: 1 }),
      'POST /api/invoices/getPaidDetails': () => ok(details(100)),
      'GET /api/metaData/getPaymentTypes': () => ok(paymentTypes),
    });
    renderWithProviders(
      <PaymentsDialog document={docOf('invoice', true, Access.accountant)} onClose={() => undefined} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Плащания по фактура № 0000000042' }, { timeout: 30_000 });
    const table = within(dialog).getByRole('table', { name: 'Плащания' });
    await within(table).findByText('Бележка 1');
    expect(within(dialog).queryByRole('button', { name: 'Добави плащане' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Изтрий плащането/ })).toBeNull();
    await userEvent.click(within(table).getByRole('button', { name: /^Преглед: 01\.04\.2026/ }));
    const payment = await screen.findByRole('dialog', { name: /^Плащане/ });
    expect(within(payment).getByRole('textbox', { name: 'Сума' })).toBeDisabled();
    expect(within(payment).queryByRole('button', { name: 'Запази' })).toBeNull();
  });

  it("lists a proforma's rows with their paid toggle and sends the change", { timeout: 60_000 }, async () => {
    setSessionUser(userOf(Access.admin));
    const { calls } = mockApi({
      'POST /api/proforma-invoices/getPayments': () => ok({ Items: [], Total: 0, Page: 1 }),
      'POST /api/proforma-invoices/getPaidDetails': () =>
        ok({ totals: { total: 360, paid: 0, notPaid: 360 }, proformaInvoice: docOf('proforma', true) }),
      'POST /api/proforma-invoices/getItems': () =>
        ok([itemOf(1, { issued: true }), itemOf(2, { issued: true, isPaid: true })]),
      'POST /api/proforma-invoices/setItemIsPaid': () =>
        ok(itemOf(1, { issued: true, isPaid: true }), 'saved_successfully'),
    });
    renderWithProviders(<PaymentsDialog document={docOf('proforma', true, Access.admin)} onClose={() => undefined} />);
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Плащания по проформа фактура № 0000000042' },
      { timeout: 30_000 },
    );
    expect(await within(dialog).findByText('Няма плащания')).toBeInTheDocument();
    const first = await within(dialog).findByRole('switch', { name: 'Платен ред: 1. Услуга 1' });
    expect(first).not.toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Платен ред: 2. Услуга 2' })).toBeChecked();
    await userEvent.click(first);
    await waitFor(() => expect(within(dialog).getByRole('switch', { name: 'Платен ред: 1. Услуга 1' })).toBeChecked());
    const body = JSON.parse(String(calls.find((call) => call.url.endsWith('/setItemIsPaid'))?.init?.body));
    expect(body).toEqual({ proformaInvoiceItemId: ids.item(1), isPaid: true });
  });
});

describe('the payment dialog', () => {
  it("shows the paid figures, requires the fields and shows the server's refusal on the amount", {
    timeout: 60_000,
  }, async () => {
    setSessionUser(userOf(Access.manager));
    const { calls } = mockApi({
      'POST /api/invoices/getPaidDetails': () => ok(details(160)),
      'GET /api/metaData/getPaymentTypes': () => ok(paymentTypes),
      'POST /api/invoices/savePayment': () =>
        failure(400, 'entered_amount_is_bigger_than_wanted_amount', [
          {
            field: 'amount',
            message: 'entered_amount_is_bigger_than_wanted_amount',
            params: { amount: 40, currency: 'EUR' },
          },
        ]),
    });
    const onSaved = vi.fn();
    renderWithProviders(
      <PaymentDialog
        document={docOf('invoice', true, Access.manager, { paymentType: null })}
        payment={null}
        onClose={() => undefined}
        onSaved={onSaved}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ново плащане' }, { timeout: 30_000 });
    const figures = await within(dialog).findByRole('group', { name: 'Суми по документа' });
    await waitFor(() => expect(plain(within(figures).getAllByRole('definition')[4].textContent)).toBe('200,00 EUR'));

    // A new payment's amount starts as what is owed.
    const amount = within(dialog).getByRole('textbox', { name: 'Сума' });
    await waitFor(() => expect(plain((amount as HTMLInputElement).value)).toBe('200,00'));
    await userEvent.clear(amount);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Запази' }));
    expect(await within(dialog).findAllByText('Полето е задължително')).toHaveLength(2);
    expect(calls.some((call) => call.url.endsWith('/savePayment'))).toBe(false);

    await userEvent.type(amount, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Запази' }));
    expect(await within(dialog).findByText('Въведената сума трябва да е по-голяма от нула')).toBeInTheDocument();

    await userEvent.clear(amount);
    await userEvent.type(amount, '250');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Начин на плащане/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'В брой' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Запази' }));
    // The refusal names the most that may be paid, as money.
    expect(
      await within(dialog).findByText('Въведената сума е по-голяма от дължимата: най-много 40,00 EUR'),
    ).toBeInTheDocument();
    const body = JSON.parse(String(calls.find((call) => call.url.endsWith('/savePayment'))?.init?.body));
    expect(body).toMatchObject({ invoiceId: ids.doc, amount: 250, type: cash, notes: '' });
    expect(body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("wants a date neither before the document's date nor in the future, and shows the server's refusal on the date", {
    timeout: 60_000,
  }, async () => {
    setSessionUser(userOf(Access.manager));
    const { calls } = mockApi({
      'POST /api/invoices/getPaidDetails': () => ok(details(0)),
      'GET /api/metaData/getPaymentTypes': () => ok(paymentTypes),
      'POST /api/invoices/savePayment': () =>
        failure(400, 'payment_date_before_document_date', [
          { field: 'date', message: 'payment_date_before_document_date' },
        ]),
    });
    // The document is of 31.03.2026.
    const document = docOf('invoice', true, Access.manager, { paymentType: cash });
    const cases: Array<[string, string]> = [
      ['2026-03-30', 'Датата на плащането не може да е преди датата на документа'],
      ['2099-01-01', 'Датата не може да е в бъдещето'],
    ];
    for (const [date, message] of cases) {
      const view = renderWithProviders(
        <PaymentDialog
          document={document}
          payment={paymentOf(1, 20, { date })}
          onClose={() => undefined}
          onSaved={() => undefined}
        />,
      );
      const dialog = await screen.findByRole('dialog', { name: 'Плащане' }, { timeout: 30_000 });
      await userEvent.click(await within(dialog).findByRole('button', { name: 'Запази' }));
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
      view.unmount();
    }
    expect(calls.some((call) => call.url.endsWith('/savePayment'))).toBe(false);
    // The document's own date passes the form; the server's refusal (it decides) shows under the date.
    renderWithProviders(
      <PaymentDialog
        document={document}
        payment={paymentOf(1, 20, { date: '2026-03-31' })}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Плащане' }, { timeout: 30_000 });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Запази' }));
    const date = within(dialog).getByRole('group', { name: /Дата/ });
    await waitFor(() => expect(calls.filter((call) => call.url.endsWith('/savePayment'))).toHaveLength(1));
    expect(JSON.parse(String(calls.find((call) => call.url.endsWith('/savePayment'))?.init?.body))).toMatchObject({
      date: '2026-03-31',
    });
    expect(date.closest('.MuiFormControl-root')).toHaveTextContent(
      'Датата на плащането не може да е преди датата на документа',
    );
  });

  it('takes a refund on a credit notice and refuses a positive amount there', { timeout: 60_000 }, async () => {
    setSessionUser(userOf(Access.manager));
    const payment = paymentOf(1, -20, { notes: '' });
    const { calls } = mockApi({
      'POST /api/invoices/getPaidDetails': () =>
        ok({ totals: { total: -50, paid: 0, notPaid: -50 }, invoice: docOf('invoice', true) }),
      'GET /api/metaData/getPaymentTypes': () => ok(paymentTypes),
      'POST /api/invoices/savePayment': () =>
        ok({ payment, totals: { total: -50, paid: -20, notPaid: -30 }, isPaid: 2 }, 'saved_successfully'),
    });
    const onSaved = vi.fn();
    renderWithProviders(
      <PaymentDialog
        document={docOf('invoice', true, Access.manager, { noticeType: 1, totalAmount: -50, paymentType: cash })}
        payment={null}
        onClose={() => undefined}
        onSaved={onSaved}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ново възстановяване' }, { timeout: 30_000 });
    const amount = within(dialog).getByRole('textbox', { name: 'Сума' });
    // What is left to refund, with its minus.
    await waitFor(() => expect(plain((amount as HTMLInputElement).value)).toBe('-50,00'));
    await userEvent.clear(amount);
    await userEvent.type(amount, '20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Запази' }));
    expect(
      await within(dialog).findByText('Възстановената сума по кредитно известие се въвежда със знак минус'),
    ).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '-20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Запази' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = JSON.parse(String(calls.find((call) => call.url.endsWith('/savePayment'))?.init?.body));
    expect(body).toMatchObject({ invoiceId: ids.doc, amount: -20, type: cash });
    expect(await screen.findByRole('dialog', { name: 'Възстановяване' })).toBeInTheDocument();
  });
});
