import { Access, type BillingDocumentView, type BillingItemRow, VAT_EXEMPTION_TEXTS } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { setSessionUser } from '../../lib/session.ts';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { signOutAfterEach } from '../../test/users.ts';
import { BillingEditorPage } from './billing-editor-page.tsx';
import { BillingItemDialog } from './billing-item-dialog.tsx';
import { currencies, docOf, editorAnswers, ids, itemOf, userOf, vatTypes } from './test-fixtures.ts';
import { openInvoiceEditor } from './test-page.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['billing', 'contracts', 'parties', 'clients', 'settings']);
});
signOutAfterEach();

/** The editor of `doc` for a user of `access`; `items` answers getItems (a list, or a function for changing answers). */
function open(
  doc: BillingDocumentView,
  access: number,
  items: () => BillingItemRow[],
  answers: Record<string, (init?: RequestInit) => Response> = {},
) {
  return openInvoiceEditor(doc, access, { items, answers });
}
const totals = () =>
  within(screen.getByRole('group', { name: 'Суми' }))
    .getAllByRole('definition')
    .map((element) => element.textContent?.replace(/\s/g, ' '));

describe('the invoice editor', () => {
  it('shows the empty rows message, adds a row (quantity 1 by default) and shows the totals the server answered', {
    timeout: 60_000,
  }, async () => {
    const draft = docOf('invoice', false, Access.manager, { amount: 0, VATAmount: 0, totalAmount: 0 });
    const saved = itemOf(1, { price: 123.45, total: 123.45 });
    let rows: BillingItemRow[] = [];
    // The server's figures, on purpose not what the web would compute from the row (it never computes them).
    const answer = {
      item: saved,
      document: docOf('invoice', false, Access.manager, {
        amount: 123.45,
        VATAmount: 24.7,
        totalAmount: 148.16,
        itemsCount: 1,
      }),
    };
    const { calls } = open(draft, Access.manager, () => rows, {
      'POST /api/invoices/saveItem': () => {
        rows = [saved];
        return ok(answer, 'saved_successfully');
      },
    });
    // The editor is the app's heaviest page: on a busy machine its first render takes a while.
    // The first test of the file also loads the page's modules: on a busy machine that takes a while.
    await screen.findByRole('heading', { level: 2, name: 'Фактура' }, { timeout: 30_000 });
    expect(
      await screen.findByText('Във фактурата няма добавени редове', undefined, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Добави ред' }));
    const dialog = await screen.findByRole('dialog', { name: 'Нов ред' });
    expect(within(dialog).getByRole('textbox', { name: 'Количество' })).toHaveValue('1');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Стока или услуга (български)' }));
    await userEvent.paste('Услуга 1');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Стока или услуга (италиански)' }));
    await userEvent.paste('Servizio 1');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Единична цена' }));
    await userEvent.paste('123,45');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Запази и затвори' }));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/invoices/saveItem'))).toBe(true));
    const body = JSON.parse(String(calls.find((call) => call.url.endsWith('/invoices/saveItem'))?.init?.body));
    expect(body).toMatchObject({
      invoiceId: ids.doc,
      name: { bg: 'Услуга 1', it: 'Servizio 1' },
      price: 123.45,
      quantity: 1,
    });
    expect(body).not.toHaveProperty('total');
    await waitFor(() => expect(totals()).toEqual(['123,45 EUR', '24,70 EUR', '148,16 EUR']));
    const table = screen.getByRole('table', { name: 'Стоки и услуги' });
    expect(await within(table).findByText('Услуга 1')).toBeInTheDocument();
    expect(screen.queryByText('Във фактурата няма добавени редове')).not.toBeInTheDocument();
    // The words spell the stored total.
    expect(screen.getByTestId('amount-in-words')).toHaveTextContent('сто четиридесет и осем евро и шестнадесет цента');
  });

  it('an issued invoice is read-only: no save, issue or row buttons, read-only fields; the number in the title', {
    timeout: 60_000,
  }, async () => {
    open(docOf('invoice', true, Access.manager, { itemsCount: 1 }), Access.manager, () => [
      itemOf(3, { issued: true }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Фактура № 0000000042' })).toBeInTheDocument();
    expect(screen.getByText(/Документът е издаден: само за преглед/)).toBeInTheDocument();
    for (const name of ['Запази', 'Издай', 'Добави ред', 'Добави услуга', 'Върни в чернова'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Валута/ })).toHaveAttribute('aria-readonly', 'true');
    const table = screen.getByRole('table', { name: 'Стоки и услуги' });
    expect(await within(table).findByText('Услуга 3')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Премахни/ })).not.toBeInTheDocument();
    expect(totals()).toEqual(['300,00 EUR', '60,00 EUR', '360,00 EUR']);
  });

  for (const [role, access] of [
    ['the manager', Access.manager],
    ['the accountant', Access.accountant],
  ] as const)
    it(`an issued invoice's data reads as text for ${role}: read-only fields at full colour, none disabled`, {
      timeout: 60_000,
    }, async () => {
      open(docOf('invoice', true, access, { itemsCount: 1 }), access, () => [itemOf(3, { issued: true })]);
      const currency = await screen.findByRole('combobox', { name: /Валута/ });
      const number = screen.getByRole('textbox', { name: 'Номер' });
      const rate = screen.getByRole('textbox', { name: /Курс/ });
      expect(number).toHaveValue('0000000042');
      for (const input of [number, rate, document.querySelector<HTMLInputElement>('input[name="date"]')]) {
        expect(input).toHaveAttribute('readonly');
        expect(input).not.toBeDisabled();
      }
      expect(currency).toHaveAttribute('aria-readonly', 'true');
      expect(currency).not.toHaveAttribute('aria-disabled');
      expect(screen.getByRole('switch', { name: /ДДС/ })).toHaveAttribute('aria-readonly', 'true');
      // Nothing of the document's data is a disabled control (dimmed, skipped by the keyboard).
      expect(document.querySelectorAll('form :disabled, form [aria-disabled="true"], form .Mui-disabled')).toHaveLength(
        0,
      );
      // Focusable, and the menu of a read-only choice does not open.
      currency.focus();
      expect(currency).toHaveFocus();
      await userEvent.keyboard('{ArrowDown}');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    });

  it('an issued invoice with payments says it returns to draft only once they are deleted', {
    timeout: 60_000,
  }, async () => {
    open(docOf('invoice', true, Access.manager, { itemsCount: 1, isPaid: 2 }), Access.manager, () => [
      itemOf(3, { issued: true }),
    ]);
    expect(
      await screen.findByText(
        /има плащания: само за преглед\. Връща се в чернова едва след като плащанията бъдат изтрити/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Администратор може да го върне в чернова/)).not.toBeInTheDocument();
  });

  it('the admin returns an issued invoice to draft after the confirmation', { timeout: 60_000 }, async () => {
    const { calls } = open(docOf('invoice', true, Access.admin, { itemsCount: 1 }), Access.admin, () => [itemOf(1)], {
      'POST /api/invoices/unissue': () =>
        ok(docOf('invoice', false, Access.admin, { number: '0000000042', itemsCount: 1 }), 'saved_successfully'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Върни в чернова' }));
    const dialog = await screen.findByRole('dialog', { name: 'Връщане в чернова' });
    expect(calls.some((call) => call.url.endsWith('/unissue'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Върни в чернова' }));
    expect(await screen.findByRole('button', { name: 'Издай' })).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((call) => call.url.endsWith('/invoices/unissue'))?.init?.body))).toEqual({
      invoiceId: ids.doc,
    });
    expect(screen.getByRole('button', { name: 'Запази' })).toBeInTheDocument();
  });

  it("a credit notice of an invoice offers no currency or rate of its own: they are its original invoice's", {
    timeout: 60_000,
  }, async () => {
    const original = '00000000-0000-4000-8000-0000000000aa';
    open(
      docOf('invoice', false, Access.manager, {
        noticeType: 1,
        creditToInvoice: original,
        creditToInvoiceNumber: '0000000041',
        creditToInvoiceDate: '2026-03-01',
      }),
      Access.manager,
      () => [],
    );
    const currency = await screen.findByRole('combobox', { name: /Валута/ });
    expect(currency).toHaveAttribute('aria-readonly', 'true');
    expect(screen.getByRole('textbox', { name: /Курс/ })).toHaveAttribute('readonly');
    expect(screen.getAllByText('Валутата и курсът на фактурата, към която е известието').length).toBeGreaterThan(0);
  });

  it('issuing without rows warns and calls nothing', { timeout: 60_000 }, async () => {
    const { calls } = open(docOf('invoice', false), Access.manager, () => []);
    await userEvent.click(await screen.findByRole('button', { name: 'Издай' }));
    expect(await screen.findByText('Моля, добавете редове във фактурата')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/invoices/issue'))).toBe(false);
  });
});

describe('a new invoice', () => {
  it('shows the rate of the default VAT type, not 0 %', { timeout: 60_000 }, async () => {
    setSessionUser(userOf(Access.manager));
    mockApi({
      'GET /api/metaData/getCurrencies': () => ok(currencies),
      'GET /api/metaData/getVATTypes': () => ok(vatTypes),
      'GET /api/metaData/getPaymentTypes': () => ok([]),
      'GET /api/metaData/getInvoiceDefaults': () =>
        ok({
          currency: { ...currencies[0], exchangeRate: 1.95583 },
          vatType: vatTypes[0],
          paymentType: null,
          signer: null,
          signers: [],
        }),
      'GET /api/metaData/getMyCompany': () => ok(null),
    });
    renderWithProviders(
      <Routes>
        <Route path="/invoices/create" element={<BillingEditorPage kind="invoice" />} />
      </Routes>,
      { route: '/invoices/create' },
    );
    const figures = await screen.findByRole('group', { name: 'Суми' }, { timeout: 30_000 });
    expect(await within(figures).findByText('ДДС (20 %)')).toBeInTheDocument();
    // VAT not charged: no rate.
    await userEvent.click(screen.getByRole('switch', { name: 'Начисляване на ДДС' }));
    expect(await within(figures).findByText('ДДС (0 %)')).toBeInTheDocument();
  });
});

describe('the row dialog', () => {
  it('saves a row without an Italian name (the Bulgarian one stands for it)', { timeout: 60_000 }, async () => {
    setSessionUser(userOf(Access.manager));
    const { calls } = mockApi({
      'POST /api/invoices/saveItem': () =>
        ok(
          { item: itemOf(1, { name: { bg: 'Услуга 1', it: '' } }), document: docOf('invoice', false) },
          'saved_successfully',
        ),
    });
    const onSaved = vi.fn();
    renderWithProviders(
      <BillingItemDialog
        kind="invoice"
        documentId={ids.doc}
        row={null}
        currency="EUR"
        onClose={() => undefined}
        onSaved={onSaved}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Нов ред' }, { timeout: 30_000 });
    const italian = within(dialog).getByRole('textbox', { name: 'Стока или услуга (италиански)' });
    expect(italian).not.toBeRequired();
    expect(within(dialog).getByText('Ако е празно, се използва името на български')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Стока или услуга (български)' }));
    await userEvent.paste('Услуга 1');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Единична цена' }));
    await userEvent.paste('10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Запази' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = JSON.parse(String(calls.find((call) => call.url.endsWith('/invoices/saveItem'))?.init?.body));
    expect(body).toMatchObject({ invoiceId: ids.doc, name: { bg: 'Услуга 1', it: '' }, price: 10 });
  });
});

describe('the invoice editor and its print', () => {
  const proformaId = '00000000-0000-4000-8000-0000000000bb';
  const printAnswer = () =>
    new Response('%PDF-1.7', {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'inline; filename="invoice-0000000042-2026-03-31.pdf"',
      },
    });
  const stubTab = () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }));
    return tab;
  };
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('bg');
  });

  it('names the proforma an invoice was made from and prints in the language on screen (Bulgarian)', {
    timeout: 60_000,
  }, async () => {
    const tab = stubTab();
    const { calls } = open(
      docOf('invoice', true, Access.manager, {
        itemsCount: 1,
        transformedFromProformaInvoice: proformaId,
        transformedFromProformaNumber: '0000000007',
      }),
      Access.manager,
      () => [itemOf(1)],
      {
        [`GET /api/invoices/print/${ids.doc}`]: printAnswer,
      },
    );
    expect(await screen.findByRole('link', { name: 'По проформа фактура № 0000000007' })).toHaveAttribute(
      'href',
      `/proforma-invoices/${proformaId}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Печат' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Основен шаблон' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:pdf'));
    expect(calls.find((call) => call.url.includes('/print/'))?.url).toBe(
      `/api/invoices/print/${ids.doc}?layout=invoice&lang=bg`,
    );
  });

  it('in Italian on screen: the proforma named in Italian, the print asked in Italian', {
    timeout: 60_000,
  }, async () => {
    await i18n.changeLanguage('it');
    await i18n.loadNamespaces(['billing', 'contracts', 'parties', 'clients', 'settings']);
    const tab = stubTab();
    const { calls } = open(
      docOf('invoice', true, Access.accountant, {
        itemsCount: 1,
        transformedFromProformaInvoice: proformaId,
        transformedFromProformaNumber: '0000000007',
      }),
      Access.accountant,
      () => [itemOf(1)],
      {
        [`GET /api/invoices/print/${ids.doc}`]: printAnswer,
      },
    );
    // Not management: the number without a link to the proforma.
    expect(await screen.findByText('Dalla fattura proforma n. 0000000007')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /0000000007/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stampa' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Modello principale' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:pdf'));
    expect(calls.find((call) => call.url.includes('/print/'))?.url).toBe(
      `/api/invoices/print/${ids.doc}?layout=invoice&lang=it`,
    );
  });

  it('shows the VAT exemption in the printed wording: the reverse charge for an EU business, else the type’s reason', {
    timeout: 60_000,
  }, async () => {
    const exempt = docOf('invoice', true, Access.manager, {
      itemsCount: 1,
      VATCharging: false,
      VATPercentage: 0,
      VATName: { bg: 'Освободена доставка', it: 'Operazione esente' },
    });
    open({ ...exempt, customer: { ...exempt.customer!, vatNumber: 'IT01234567890' } }, Access.manager, () => [
      itemOf(1),
    ]);
    expect(
      await screen.findByText(`${VAT_EXEMPTION_TEXTS.bg.label}: ${VAT_EXEMPTION_TEXTS.bg.reverseCharge}`),
    ).toBeInTheDocument();
    expect(i18n.t('billing:fields.vat_type')).toBe(VAT_EXEMPTION_TEXTS.bg.label);
    expect(i18n.getFixedT('it')('billing:fields.vat_type')).toBe(VAT_EXEMPTION_TEXTS.it.label);
    expect(i18n.getFixedT('it')('settings:fields.exemption_reason')).toBe(VAT_EXEMPTION_TEXTS.it.label);
  });

  it('a BG customer’s exempt invoice shows the VAT type’s reason after the same label', {
    timeout: 60_000,
  }, async () => {
    open(
      docOf('invoice', true, Access.manager, {
        itemsCount: 1,
        VATCharging: false,
        VATPercentage: 0,
        VATName: { bg: 'Освободена доставка', it: 'Operazione esente' },
      }),
      Access.manager,
      () => [itemOf(1)],
    );
    expect(await screen.findByText('Основание за неначисляване на ДДС: Освободена доставка')).toBeInTheDocument();
  });
});

describe('the contract picker of a new invoice', () => {
  it("offers only the client's registered contracts in force (no canceled or expired ones)", {
    timeout: 60_000,
  }, async () => {
    setSessionUser(userOf(Access.manager));
    const client = {
      _id: '00000000-0000-4000-8000-0000000000c1',
      name: { bg: 'Алфа ООД', it: 'Alfa OOD' },
      bulstat: '123456789',
      vatNumber: null,
    };
    const { calls } = mockApi({
      ...editorAnswers(),
      [`GET /api/companies/${client._id}`]: () => ok(client),
      'POST /api/contracts/search': () => ok({ Items: [], Total: 0, Page: 1 }),
    });
    renderWithProviders(
      <Routes>
        <Route path="/invoices/create" element={<BillingEditorPage kind="invoice" />} />
      </Routes>,
      { route: `/invoices/create?clientId=${client._id}` },
    );
    const picker = await screen.findByRole('combobox', { name: 'Договор' }, { timeout: 30_000 });
    await waitFor(() => expect(picker).toBeEnabled());
    await userEvent.click(picker);
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/contracts/search'))).toBe(true));
    const body = JSON.parse(String(calls.find((call) => call.url.endsWith('/contracts/search'))?.init?.body));
    expect(body).toMatchObject({ clientId: client._id, status: 1 });
  });
});
