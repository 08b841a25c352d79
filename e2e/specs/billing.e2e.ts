import { documentAmountInWords } from '@kantora/domain';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { answered, hashPath, signIn, waitForHash } from '../support/actions.ts';
import { ACCOUNTS, baseUrl, expectFits, newPage, shot, useBrowser } from '../support/browser.ts';
import { createClient, registeredContract, runMark } from '../support/data.ts';
import { t } from '../support/i18n.ts';

type Locale = 'bg' | 'it';
const browser = useBrowser();

const run = runMark();
/** This spec's client and its registered monthly contract from this month (no proforma yet). */
const CLIENT = `Фактуриране ${run} ООД`;
const CONTRACT = `Счетоводно обслужване ${run}`;
const EXTRA_ROW = { bg: `Допълнителна консултация ${run}`, it: `Consulenza aggiuntiva ${run}` };
const CREDIT_ROW = { bg: `Отстъпка ${run}`, it: `Sconto ${run}` };
const b = (key: string, values: Record<string, string> = {}) => t('bg', `billing:${key}`, values);

/** What the run keeps for the later steps. */
const state = {
  contractId: '',
  proformaPath: '',
  invoicePath: '',
  invoiceNumber: '',
  noticePath: '',
  noticeNumber: '',
};

beforeAll(async () => {
  const client = await createClient(CLIENT);
  const contract = await registeredContract(client, { name: CONTRACT, services: ['Счетоводно обслужване'] });
  state.contractId = contract._id;
});

const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name });
const card = (page: Page, title: string) => page.getByRole('region', { name: title });
const itemsTable = (page: Page, locale: Locale = 'bg') =>
  page.getByRole('table', { name: t(locale, 'billing:items.title') });
const dotted = (date: string) => date.split('-').reverse().join('.');
/** A money figure as the web shows it in Bulgarian (`1 234,50`, grouped with a no-break space). */
const money = (value: number) =>
  new Intl.NumberFormat('bg-BG', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

/** Confirms the shared warning dialog with its button. */
async function confirmWith(page: Page, title: string, label: string, call: string) {
  const dialog = dialogNamed(page, title);
  await dialog.waitFor();
  return answered(page, call, () => button(dialog, label).click());
}

/** The totals box shows the document's figures as the server answered them (no-break spaces read as spaces). */
async function expectTotals(
  page: Page,
  doc: { amount: number; VATAmount: number; totalAmount: number; currencyCode: string },
) {
  const totals = page.getByRole('group', { name: b('amounts.totals') }).getByRole('definition');
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
  const expected = [doc.amount, doc.VATAmount, doc.totalAmount].map((value) =>
    plain(`${money(value)} ${doc.currencyCode}`),
  );
  await expect.poll(async () => (await totals.allTextContents()).map(plain), { timeout: 15_000 }).toEqual(expected);
}

/** Adds a row through the item dialog (the quantity stays 1) and returns the saveItem answer. */
async function addRow(
  page: Page,
  kind: 'invoices' | 'proforma-invoices',
  name: { bg: string; it: string },
  price: string,
) {
  await button(page, b('items.add')).click();
  const dialog = dialogNamed(page, b('items.new'));
  await dialog.getByRole('textbox', { name: `${b('items.name')} (${t('bg', 'language_names.bg')})` }).fill(name.bg);
  await dialog.getByRole('textbox', { name: `${b('items.name')} (${t('bg', 'language_names.it')})` }).fill(name.it);
  await dialog.getByRole('textbox', { name: b('items.price') }).fill(price);
  expect(await dialog.getByRole('textbox', { name: b('items.quantity') }).inputValue()).toBe('1');
  const saved = await answered(page, `${kind}/saveItem`, () =>
    button(dialog, t('bg', 'actions.save_and_close')).click(),
  );
  await dialog.waitFor({ state: 'detached' });
  return saved;
}

describe('billing', () => {
  it('a manager generates a proforma from a registered contract, edits its rows, issues it and invoices two of its three rows; the invoice is issued', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.manager());
    await page.goto(`${baseUrl()}/#/contracts/${state.contractId}`);
    await page.getByRole('heading', { level: 2, name: CONTRACT }).waitFor();
    await page.getByRole('tab', { name: t('bg', 'contracts:tabs.proformaInvoices'), exact: true }).click();
    await button(page, b('generate.button')).click();
    const generated = await confirmWith(
      page,
      b('generate.title'),
      b('generate.button'),
      'contracts/generateProformaInvoice',
    );
    await waitForHash(page, (p) => p === `/proforma-invoices/${generated.Result._id}`);
    state.proformaPath = hashPath(page);
    await page.getByRole('heading', { level: 2, name: b('proforma.title'), exact: true }).waitFor();
    // The contract's period is its one row.
    await itemsTable(page).getByRole('row').filter({ hasText: CONTRACT }).waitFor();

    // A row of our own, and a service of the service list.
    const { Result: added } = await addRow(page, 'proforma-invoices', EXTRA_ROW, '120');
    expect(added.item.quantity).toBe(1);
    await itemsTable(page).getByRole('row').filter({ hasText: EXTRA_ROW.bg }).waitFor();
    await button(page, b('items.add_service')).click();
    await page.getByRole('menuitem', { name: b('items.from_services') }).click();
    const services = dialogNamed(page, b('items.from_services'));
    const service = await answered(page, 'proforma-invoices/addItemAsService', () =>
      services.getByRole('button', { name: `${t('bg', 'parties:services.add')}: ТРЗ и личен състав` }).click(),
    );
    expect(service.Result.document.itemsCount).toBe(3);
    await button(services, t('bg', 'actions.close')).click();
    await services.waitFor({ state: 'detached' });

    // Editing a row: two hours instead of one; the totals are the server's.
    await itemsTable(page)
      .getByRole('button', { name: `${b('items.edit')}: ${EXTRA_ROW.bg}` })
      .click();
    const row = dialogNamed(page, b('items.one'));
    await row.getByRole('textbox', { name: b('items.quantity') }).fill('2');
    const edited = await answered(page, 'proforma-invoices/saveItem', () =>
      button(row, t('bg', 'actions.save_and_close')).click(),
    );
    expect(edited.Result.item.total).toBe(240);
    await row.waitFor({ state: 'detached' });
    await expectTotals(page, edited.Result.document);
    await shot(page, 'billing-proforma-draft-1280-bg', true);

    // Issue: a number, and everything read-only.
    await button(page, b('actions.issue')).click();
    const issued = await confirmWith(page, b('issue.title'), b('actions.issue'), 'proforma-invoices/issue');
    const number = issued.Result.number as string;
    expect(number).toMatch(/^\d{10}$/);
    await page
      .getByRole('heading', { level: 2, name: b('title_with_number', { name: b('proforma.title'), number }) })
      .waitFor();
    expect(await button(page, t('bg', 'actions.save')).count()).toBe(0);
    expect(await button(page, b('items.add')).count()).toBe(0);
    // The document's data reads as text: read-only fields, not disabled controls.
    expect(await page.locator('input[name="date"]').isEditable()).toBe(false);
    expect(await page.locator('input[name="date"]').isDisabled()).toBe(false);
    await page.getByText(b('read_only.issued')).waitFor();

    // Two of the three rows become a draft invoice.
    await button(page, b('actions.transform_items')).click();
    const transform = dialogNamed(page, b('transform.dialog_title'));
    await transform.getByRole('checkbox', { name: new RegExp(EXTRA_ROW.bg) }).check();
    await transform.getByRole('checkbox', { name: /ТРЗ и личен състав/ }).check();
    await shot(page, 'billing-transform-dialog-1280-bg');
    await button(transform, b('transform.chosen', { count: '2' })).click();
    const invoice = await confirmWith(
      page,
      b('transform.title'),
      b('actions.transform'),
      'proforma-invoices/transformItemsToInvoice',
    );
    await waitForHash(page, (p) => p === `/invoices/${invoice.Result._id}`);
    state.invoicePath = hashPath(page);
    await page.getByRole('heading', { level: 2, name: b('notice_title.0'), exact: true }).waitFor();
    // The header row and the two rows.
    await itemsTable(page).getByRole('row').nth(2).waitFor();
    expect(await itemsTable(page).getByRole('row').count()).toBe(3);

    // The invoice is issued; the words spell its total.
    await button(page, b('actions.issue')).click();
    const issuedInvoice = await confirmWith(page, b('issue.title'), b('actions.issue'), 'invoices/issue');
    state.invoiceNumber = issuedInvoice.Result.number;
    await page
      .getByRole('heading', {
        level: 2,
        name: b('title_with_number', { name: b('notice_title.0'), number: state.invoiceNumber }),
      })
      .waitFor();
    const words = documentAmountInWords({
      totalAmount: issuedInvoice.Result.totalAmount,
      currency: issuedInvoice.Result.currencyCode,
      currencyRate: issuedInvoice.Result.currencyRate,
    });
    await page.getByTestId('amount-in-words').filter({ hasText: words }).waitFor();
    await expectTotals(page, issuedInvoice.Result);

    // The proforma now shows its row as invoiced and links to the invoice.
    await page.goto(`${baseUrl()}/#${state.proformaPath}`);
    await page
      .getByRole('link', {
        name: b('links.invoice', { number: state.invoiceNumber, date: dotted(issuedInvoice.Result.date) }),
      })
      .waitFor();
    await expect.poll(() => itemsTable(page).getByText(b('items.transformed')).count(), { timeout: 15_000 }).toBe(2);
    await context.close();
  });

  it('a manager creates a credit notice for the invoice and issues it; the admin returns it to draft and issues it again with its number', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.manager());
    await page.goto(`${baseUrl()}/#/invoices`);
    await page.getByRole('tab', { name: new RegExp(`^${b('tabs.issued')}`) }).waitFor();
    await page.getByRole('link', { name: b('invoice.add') }).click();
    await waitForHash(page, (p) => p === '/invoices/create');
    await page.getByRole('heading', { level: 2, name: b('invoice.new_title') }).waitFor();

    const recipient = card(page, b('parties.recipient'));
    await button(recipient, t('bg', 'contracts:parties.choose_client')).click();
    const picker = dialogNamed(page, t('bg', 'clients:picker.title'));
    await picker.getByRole('textbox', { name: t('bg', 'clients:fields.name') }).fill(CLIENT);
    await picker.getByRole('button', { name: `${t('bg', 'clients:picker.select')}: ${CLIENT}` }).click();
    await picker.waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: b('fields.notice_type') }).click();
    await page.getByRole('option', { name: b('notice.1') }).click();
    const original = page.getByRole('combobox', { name: b('fields.original') });
    await original.fill(state.invoiceNumber.replace(/^0+/, ''));
    await page
      .getByRole('option', { name: new RegExp(`^${b('search.option', { number: state.invoiceNumber, date: '' })}`) })
      .click();
    // A credit notice has no payment deadline: the editor has no field for it.
    await page.locator('input[name="paymentDeadlineDate"]').waitFor({ state: 'detached' });
    const created = await answered(page, 'invoices/save', () => button(page, t('bg', 'actions.save')).click());
    expect(created.Result.noticeType).toBe(1);
    expect(created.Result.paymentDeadlineDate).toBeNull();
    expect(created.Result.creditToInvoiceNumber).toBe(state.invoiceNumber);
    await waitForHash(page, (p) => p === `/invoices/${created.Result._id}`);
    state.noticePath = hashPath(page);
    await page
      .getByRole('link', {
        name: b('links.original', { number: state.invoiceNumber, date: dotted(created.Result.creditToInvoiceDate) }),
      })
      .waitFor();
    await itemsTable(page).waitFor();
    await page.getByText(t('bg', 'messages:invoice_no_added_items')).waitFor();

    const row = await addRow(page, 'invoices', CREDIT_ROW, '25');
    // A credit notice's rows and totals are negative.
    expect(row.Result.item.total).toBe(-25);
    await expectTotals(page, row.Result.document);
    await shot(page, 'billing-credit-notice-draft-1280-bg', true);

    await button(page, b('actions.issue')).click();
    const issued = await confirmWith(page, b('issue.title'), b('actions.issue'), 'invoices/issue');
    state.noticeNumber = issued.Result.number;
    await page
      .getByRole('heading', {
        level: 2,
        name: b('title_with_number', { name: b('notice_title.1'), number: state.noticeNumber }),
      })
      .waitFor();
    await context.close();

    // The admin: back to draft, then issued again with the same number.
    const admin = await newPage(browser);
    await signIn(admin.page, ACCOUNTS.admin());
    await admin.page.goto(`${baseUrl()}/#${state.noticePath}`);
    await admin.page
      .getByRole('heading', {
        level: 2,
        name: b('title_with_number', { name: b('notice_title.1'), number: state.noticeNumber }),
      })
      .waitFor();
    await button(admin.page, b('actions.unissue')).click();
    const draft = await confirmWith(admin.page, b('unissue.title'), b('actions.unissue'), 'invoices/unissue');
    expect(draft.Result.issued).toBe(false);
    await button(admin.page, t('bg', 'actions.save')).waitFor();
    await button(admin.page, b('actions.issue')).click();
    const again = await confirmWith(admin.page, b('issue.title'), b('actions.issue'), 'invoices/issue');
    expect(again.Result.number).toBe(state.noticeNumber);
    await admin.page
      .getByRole('heading', {
        level: 2,
        name: b('title_with_number', { name: b('notice_title.1'), number: state.noticeNumber }),
      })
      .waitFor();

    // Print: the PDF opens in a new tab.
    await button(admin.page, b('print.button')).click();
    const tab = admin.context.waitForEvent('page');
    const pdf = admin.page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/invoices/print/'));
    await admin.page.getByRole('menuitem', { name: b('print.layouts.invoice') }).click();
    const printed = await pdf;
    expect(printed.status()).toBe(200);
    expect(printed.headers()['content-type']).toContain('application/pdf');
    const opened = await tab;
    await expect.poll(() => opened.url(), { timeout: 15_000 }).toMatch(/^blob:/);
    await admin.context.close();
  });

  it('an accountant opens the invoice read-only', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.accountant());
    await page.goto(`${baseUrl()}/#/invoices`);
    const issuedTab = page.getByRole('tab', { name: new RegExp(`^${b('tabs.issued')}`) });
    await issuedTab.waitFor();
    expect(await page.getByRole('link', { name: b('invoice.add') }).count()).toBe(0);
    await page.getByRole('link', { name: `${t('bg', 'actions.preview')}: ${state.invoiceNumber}` }).click();
    await page
      .getByRole('heading', {
        level: 2,
        name: b('title_with_number', { name: b('notice_title.0'), number: state.invoiceNumber }),
      })
      .waitFor();
    await page.getByText(b('read_only.issued')).waitFor();
    for (const name of [t('bg', 'actions.save'), b('actions.issue'), b('actions.unissue'), b('items.add')])
      expect(await button(page, name).count()).toBe(0);
    // The document's data reads as text: read-only fields, not disabled controls.
    expect(await page.locator('input[name="date"]').isEditable()).toBe(false);
    expect(await page.locator('input[name="date"]').isDisabled()).toBe(false);
    // No link to the proforma: proformas are management's.
    expect(await page.getByRole('link', { name: b('links.from_proforma') }).count()).toBe(0);
    await context.close();
  });

  for (const locale of ['bg', 'it'] as const) {
    for (const width of [1280, 400]) {
      it(`looks right at ${width} px in ${locale}: the list and the invoice editor`, async () => {
        const { context, page } = await newPage(browser, { width, locale: locale === 'it' ? 'it-IT' : 'bg-BG' });
        await signIn(page, ACCOUNTS.manager(), locale);
        await page.goto(`${baseUrl()}/#/invoices`);
        await page.getByRole('link', { name: `${t(locale, 'actions.preview')}: ${state.invoiceNumber}` }).waitFor();
        await expectFits(page, [state.invoiceNumber]);
        await shot(page, `billing-list-${width}-${locale}`, true);
        await page.goto(`${baseUrl()}/#${state.invoicePath}`);
        await page
          .getByRole('heading', {
            level: 2,
            name: t(locale, 'billing:title_with_number', {
              name: t(locale, 'billing:notice_title.0'),
              number: state.invoiceNumber,
            }),
          })
          .waitFor();
        await itemsTable(page, locale).getByRole('row').nth(2).waitFor();
        await expectFits(page, [CLIENT, EXTRA_ROW[locale], t(locale, 'billing:read_only.issued')]);
        await shot(page, `billing-invoice-${width}-${locale}`, true);
        await page.goto(`${baseUrl()}/#${state.proformaPath}`);
        await itemsTable(page, locale).getByRole('row').nth(3).waitFor();
        await expectFits(page, [CONTRACT]);
        await shot(page, `billing-proforma-${width}-${locale}`, true);
        await context.close();
      });
    }
  }
});
