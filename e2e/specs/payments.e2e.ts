import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { answered, signIn } from '../support/actions.ts';
import { ACCOUNTS, baseUrl, newPage, shot, useBrowser } from '../support/browser.ts';
import { api, createClient, dictionaryEntry, draftInvoice, issueInvoice, runMark } from '../support/data.ts';
import { t } from '../support/i18n.ts';

type Locale = 'bg' | 'it';
const browser = useBrowser();
const run = runMark();
/** The invoice the run pays: issued through the API, 300.00 EUR (250.00 + 20 % VAT, or 300.00 without VAT). */
const invoice = { id: '', number: '' };

beforeAll(async () => {
  const client = await createClient(`Плащания ${run} ООД`);
  const draft = await draftInvoice(client, []);
  // The standard rate by name: the settings spec may make another VAT type the default.
  const standard = await dictionaryEntry('getVATTypes', 'ДДС 20%');
  const manager = ACCOUNTS.manager();
  await api('invoices/setVATType', { invoiceId: draft._id, VATCharging: true, VATType: standard._id }, manager);
  // A client under the reverse charge is not charged VAT whatever is asked: the row then carries the whole 300.00.
  const vat = await api<{ VATCharging: boolean }>(`invoices/${draft._id}`, undefined, manager);
  const price = vat.VATCharging ? 250 : 300;
  await api(
    'invoices/saveItem',
    {
      invoiceId: draft._id,
      name: { bg: `Консултация по плащания ${run}`, it: `Consulenza sui pagamenti ${run}` },
      price,
      quantity: 1,
    },
    manager,
  );
  const issued = await issueInvoice(draft._id);
  expect(issued.totalAmount).toBe(300);
  Object.assign(invoice, { id: issued._id, number: issued.number });
});

const b = (locale: Locale, key: string, values: Record<string, string> = {}) => t(locale, `billing:${key}`, values);
const button = (scope: Page | Locator, name: string | RegExp) =>
  scope.getByRole('button', { name, exact: typeof name === 'string' });

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
  await answered(page, 'invoices/savePayment', () => button(dialog, t('bg', 'common:actions.save_and_close')).click(), {
    status,
  });
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
