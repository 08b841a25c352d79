import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, signInWithForm, waitForHash } from '../support/actions.ts';
import { ACCOUNTS, ARTIFACTS, baseUrl, launch, newPage } from '../support/browser.ts';
import { t } from '../support/i18n.ts';

type Locale = 'bg' | 'it';
let browser: Browser;
/** The invoice the run pays: issued through the API, 300.00 EUR (250.00 + 20 % VAT, or 300.00 without VAT). */
const invoice = { id: '', number: '' };

async function api<T>(token: string, path: string, body?: object): Promise<T> {
  const response = await fetch(`${baseUrl()}/api/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return (JSON.parse(text) as { Result: T }).Result;
}

beforeAll(async () => {
  browser = await launch();
  const token = await apiToken(ACCOUNTS.manager());
  // A demo client with its bank, from one of its issued invoices that charged VAT (not a reverse-charge client): the
  // list's first page changes as other specs add invoices.
  const found = await api<{ Items: Array<{ _id: string; noticeType: number; VATAmount: number }> }>(
    token,
    'invoices/list',
    { issued: true, itemsPerPage: 50 },
  );
  const charged = found.Items.find((row) => row.noticeType === 0 && row.VATAmount > 0);
  if (!charged) throw new Error('no issued invoice with VAT among the newest 50');
  const model = await api<{ customerId: string; customerBank: string | null }>(token, `invoices/${charged._id}`);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Sofia' }).format(new Date());
  const draft = await api<{ _id: string }>(token, 'invoices/save', {
    customerId: model.customerId,
    customerBank: model.customerBank,
    date: today,
    taxDate: today,
    paymentDeadlineDate: today,
  });
  // The standard rate by name: the settings spec may have made another VAT type the default by now.
  const vatTypes = await api<Array<{ _id: string; name: { bg: string } }>>(token, 'metaData/getVATTypes');
  const standard = vatTypes.find((type) => type.name.bg === 'ДДС 20%');
  if (!standard) throw new Error('the demo data has no "ДДС 20%" VAT type');
  await api(token, 'invoices/setVATType', { invoiceId: draft._id, VATCharging: true, VATType: standard._id });
  // A client under the reverse charge is not charged VAT whatever is asked: the row then carries the whole 300.00.
  const vat = await api<{ VATCharging: boolean }>(token, `invoices/${draft._id}`);
  const price = vat.VATCharging ? 250 : 300;
  await api(token, 'invoices/saveItem', {
    invoiceId: draft._id,
    name: { bg: 'Консултация по плащания', it: 'Consulenza sui pagamenti' },
    price,
    quantity: 1,
  });
  const issued = await api<{ _id: string; number: string; totalAmount: number }>(token, 'invoices/issue', {
    invoiceId: draft._id,
  });
  expect(issued.totalAmount).toBe(300);
  Object.assign(invoice, { id: issued._id, number: issued.number });
});
afterAll(async () => {
  await browser?.close();
});

const b = (locale: Locale, key: string, values: Record<string, string> = {}) => t(locale, `billing:${key}`, values);
const button = (scope: Page | Locator, name: string | RegExp) =>
  scope.getByRole('button', { name, exact: typeof name === 'string' });

async function signIn(page: Page, account: { username: string; password: string }, locale: Locale = 'bg') {
  await page.addInitScript((lng) => window.localStorage.setItem('_locale', lng), locale);
  await page.goto(`${baseUrl()}/#/login`);
  await page.getByRole('button', { name: t(locale, 'auth:submit'), exact: true }).waitFor();
  await signInWithForm(page, account, locale);
  await waitForHash(page, (p) => !p.startsWith('/login'));
}

/** A shot of the window once the dialogs have faded in. */
async function shot(page: Page, name: string) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container')].every((el) => getComputedStyle(el).opacity === '1'),
  );
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png` });
}

/** Clicks and waits for the answer of `call`; expects `status`. */
async function answered(page: Page, call: string, click: () => Promise<void>, status = 200) {
  const response = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/${call}` && r.request().method() === 'POST',
  );
  await click();
  const done = await response;
  expect(done.status(), `${call}: ${await done.text()}`).toBe(status);
  return done.json();
}

/** The paid-state cell of the run's invoice in the issued list: a button for management. */
const paidCell = (page: Page, locale: Locale = 'bg') =>
  page.getByRole('button', { name: new RegExp(`^${b(locale, 'payments.open_of', { name: invoice.number })}: `) });

async function expectListState(page: Page, state: 0 | 1 | 2) {
  await expect
    .poll(async () => (await paidCell(page).textContent())?.trim(), { timeout: 15_000 })
    .toBe(b('bg', `paid.${state}`));
}

/** Opens the payments dialog from the list's paid cell. */
async function openFromList(page: Page) {
  await paidCell(page).click();
  const dialog = page.getByRole('dialog', { name: b('bg', 'payments.title_invoice', { number: invoice.number }) });
  await dialog.waitFor();
  return dialog;
}

/** Fills and saves a new payment; answers the payment dialog (still open when the save fails). */
async function addPayment(page: Page, payments: Locator, amount: string, status = 200) {
  await button(payments, b('bg', 'payments.add')).click();
  const dialog = page.getByRole('dialog', { name: b('bg', 'payments.new') });
  await dialog.waitFor();
  const field = dialog.getByRole('textbox', { name: b('bg', 'payments.amount') });
  await field.fill(amount);
  await answered(
    page,
    'invoices/savePayment',
    () => button(dialog, t('bg', 'common:actions.save_and_close')).click(),
    status,
  );
  return dialog;
}

const closeDialog = async (dialog: Locator) => {
  await button(dialog, t('bg', 'common:actions.close')).last().click();
  await dialog.waitFor({ state: 'detached' });
};

describe('payments', () => {
  it('a manager pays an invoice in two parts, is refused past the rest, edits one and deletes one', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.manager());
    await page.goto(`${baseUrl()}/#/invoices`);
    await expectListState(page, 0);

    let payments = await openFromList(page);
    await payments.getByText(b('bg', 'payments.empty')).waitFor();
    await addPayment(page, payments, '100');
    await payments.getByRole('table').getByText('100,00').waitFor();
    await closeDialog(payments);
    await expectListState(page, 2);

    // A payment over the rest: the server's refusal shows on the amount and names the most that can be paid.
    payments = await openFromList(page);
    await shot(page, 'payments-list-manager-bg-1280');
    const refused = await addPayment(page, payments, '250', 400);
    const amount = refused.getByRole('textbox', { name: b('bg', 'payments.amount') });
    await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');
    await refused
      .getByText(new RegExp(`${t('bg', 'messages:entered_amount_is_bigger_than_wanted_amount')}.*200,00`))
      .first()
      .waitFor();
    await shot(page, 'payment-refused-bg-1280');
    await button(refused, t('bg', 'common:actions.close')).last().click();
    await button(
      page.getByRole('dialog', { name: t('bg', 'messages:warning') }),
      t('bg', 'common:actions.confirm'),
    ).click();
    await refused.waitFor({ state: 'detached' });

    await addPayment(page, payments, '200');
    await closeDialog(payments);
    await expectListState(page, 1);

    // Nothing is left: no new payment is offered.
    payments = await openFromList(page);
    await payments.getByText(b('bg', 'payments.fully_paid')).first().waitFor();
    expect(await button(payments, b('bg', 'payments.add')).isDisabled()).toBe(true);

    // Edit the second payment's note (the state stays paid), then delete the first: partly paid again.
    const table = payments.getByRole('table');
    await button(table, new RegExp(`^${b('bg', 'payments.edit')}: .*200,00`)).click();
    const edit = page.getByRole('dialog', { name: b('bg', 'payments.payment') });
    await edit.getByRole('textbox', { name: b('bg', 'payments.notes') }).fill('Остатък по фактурата');
    await answered(page, 'invoices/savePayment', () => button(edit, t('bg', 'common:actions.save_and_close')).click());
    await table.getByText('Остатък по фактурата').waitFor();
    await button(table, new RegExp(`^${b('bg', 'payments.remove')}: .*100,00`)).click();
    const question = page.getByRole('dialog', { name: t('bg', 'messages:warning') });
    await question.getByText(t('bg', 'messages:are_your_sure_delete_payment')).waitFor();
    await answered(page, 'invoices/removePayment', () => button(question, t('bg', 'common:actions.delete')).click());
    await expect.poll(() => table.getByRole('row').count(), { timeout: 15_000 }).toBe(2);
    await closeDialog(payments);
    await expectListState(page, 2);
    await context.close();
  });

  it('an accountant sees the payments without an add button', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.accountant());
    await page.goto(`${baseUrl()}/#/invoices/${invoice.id}`);
    await button(page, b('bg', 'payments.open')).click();
    const payments = page.getByRole('dialog', { name: b('bg', 'payments.title_invoice', { number: invoice.number }) });
    await payments.getByRole('table').getByText('Остатък по фактурата').waitFor();
    expect(await button(payments, b('bg', 'payments.add')).count()).toBe(0);
    expect(await payments.getByRole('button', { name: new RegExp(b('bg', 'payments.remove')) }).count()).toBe(0);
    await shot(page, 'payments-list-accountant-bg-1280');
    await context.close();
  });

  for (const locale of ['bg', 'it'] as const) {
    for (const width of [1280, 400]) {
      it(`shows both dialogs in ${locale} at ${width} px`, async () => {
        const { context, page } = await newPage(browser, {
          width,
          height: width < 600 ? 860 : 800,
          locale: locale === 'bg' ? 'bg-BG' : 'it-IT',
        });
        await signIn(page, ACCOUNTS.manager(), locale);
        await page.goto(`${baseUrl()}/#/invoices/${invoice.id}`);
        await button(page, b(locale, 'payments.open')).click();
        const payments = page.getByRole('dialog', {
          name: b(locale, 'payments.title_invoice', { number: invoice.number }),
        });
        // The notes column is left out on phones: the remaining payment is found by its amount.
        await payments
          .getByRole('table')
          .getByText(/200,00/)
          .waitFor();
        await shot(page, `payments-list-${locale}-${width}`);
        await button(payments, b(locale, 'payments.add')).click();
        const dialog = page.getByRole('dialog', { name: b(locale, 'payments.new') });
        await dialog.getByRole('group', { name: b(locale, 'payments.summary') }).waitFor();
        await shot(page, `payment-${locale}-${width}`);
        await context.close();
      });
    }
  }
});
