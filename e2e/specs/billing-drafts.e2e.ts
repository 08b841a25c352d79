import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answered, hashPath, signIn, waitForHash } from '../support/actions.ts';
import { ACCOUNTS, baseUrl, newPage, useBrowser } from '../support/browser.ts';
import { api, createClient, issuedInvoice, runMark } from '../support/data.ts';
import { t } from '../support/i18n.ts';

const browser = useBrowser();
const run = runMark();
const ROWS = [
  { name: { bg: `Годишно приключване ${run}`, it: `Chiusura annuale ${run}` }, price: 300, quantity: 1 },
  { name: { bg: `Консултация ${run}`, it: `Consulenza ${run}` }, price: 80, quantity: 2.5 },
];
const b = (key: string, values: Record<string, string> = {}) => t('bg', `billing:${key}`, values);

/** An issued invoice with two rows for a client of this spec, and a draft credit notice of it without rows. */
async function invoiceAndEmptyNotice() {
  const client = await createClient(`Чернови ${run} ООД`);
  const deadline = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const invoice = await issuedInvoice(client, ROWS, { paymentDeadlineDate: deadline });
  const notice = await api<{ _id: string }>(
    'invoices/save',
    {
      customerId: client._id,
      noticeType: 1,
      creditToInvoice: invoice._id,
      noticeReason: { bg: `Отстъпка ${run}`, it: `Sconto ${run}` },
    },
    ACCOUNTS.manager(),
  );
  return { invoice, notice };
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const itemsTable = (page: Page) => page.getByRole('table', { name: b('items.title') });

describe('billing drafts', () => {
  it('a manager copies the invoice rows into an empty credit notice, duplicates it, and deletes the copy after confirming', async () => {
    const { invoice, notice } = await invoiceAndEmptyNotice();
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.manager());
    await page.goto(`${baseUrl()}/#/invoices/${notice._id}`);
    await page.getByRole('heading', { level: 2, name: b('notice_title.1'), exact: true }).waitFor();
    await page.getByText(t('bg', 'messages:invoice_no_added_items')).waitFor();

    // The notice starts from its invoice's rows; the user would then change quantities or prices.
    const copied = await answered(page, 'invoices/copyOriginalItems', () =>
      button(page, b('items.copy_original')).click(),
    );
    expect(copied.Result).toMatchObject({ itemsCount: 2, creditToInvoice: invoice._id });
    for (const row of ROWS) await itemsTable(page).getByRole('row').filter({ hasText: row.name.bg }).waitFor();
    await button(page, b('items.copy_original')).waitFor({ state: 'detached' });
    expect(copied.Result.totalAmount).toBeLessThan(0);

    // Duplicate: a new draft notice of the same invoice opens, with the rows.
    const duplicated = await answered(page, 'invoices/duplicate', () => button(page, b('actions.duplicate')).click());
    const copy = duplicated.Result;
    expect(copy).toMatchObject({
      issued: false,
      number: null,
      noticeType: 1,
      creditToInvoice: invoice._id,
      itemsCount: 2,
      totalAmount: copied.Result.totalAmount,
    });
    await waitForHash(page, (p) => p === `/invoices/${copy._id}`);
    for (const row of ROWS) await itemsTable(page).getByRole('row').filter({ hasText: row.name.bg }).waitFor();

    // Delete the copy: cancelling keeps it; confirming removes it and the list opens.
    await button(page, b('actions.remove_draft')).click();
    const question = page.getByRole('dialog', { name: b('remove.title') });
    await question.getByText(t('bg', 'messages:are_your_sure_delete_draft')).waitFor();
    await button(page, t('bg', 'actions.cancel')).click();
    await question.waitFor({ state: 'detached' });
    expect(hashPath(page)).toBe(`/invoices/${copy._id}`);
    await button(page, b('actions.remove_draft')).click();
    await question.waitFor();
    await answered(page, 'invoices/remove', () =>
      question.getByRole('button', { name: b('actions.remove_draft'), exact: true }).click(),
    );
    await waitForHash(page, (p) => p === '/invoices');
    await page.getByText(t('bg', 'messages:deleted_successfully')).waitFor();

    // It is gone; the notice it was copied from stays.
    await page.goto(`${baseUrl()}/#/invoices/${copy._id}`);
    await page.getByText(t('bg', 'messages:the_invoice_was_not_found')).waitFor();
    await page.goto(`${baseUrl()}/#/invoices/${notice._id}`);
    await itemsTable(page).getByRole('row').filter({ hasText: ROWS[0].name.bg }).waitFor();
    await context.close();
  });
});
