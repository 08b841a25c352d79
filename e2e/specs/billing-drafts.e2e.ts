import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, hashPath, signInWithForm, waitForHash } from '../support/actions.ts';
import { ACCOUNTS, baseUrl, newPage, useBrowser } from '../support/browser.ts';
import { t } from '../support/i18n.ts';

const browser = useBrowser();
const run = Date.now().toString(36).slice(-5).toUpperCase();
const ROWS = [
  { name: { bg: `Годишно приключване ${run}`, it: `Chiusura annuale ${run}` }, price: 300, quantity: 1 },
  { name: { bg: `Консултация ${run}`, it: `Consulenza ${run}` }, price: 80, quantity: 2.5 },
];
const b = (key: string, values: Record<string, string> = {}) => t('bg', `billing:${key}`, values);

/** A call of the spec itself, as the manager; answers the envelope's Result (200 expected). */
async function callApi<T = any>(token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { Result: T; Message: string };
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(envelope)}`);
  return envelope.Result;
}

/** An issued invoice with two rows for a demo client, and a draft credit notice of it without rows. */
async function invoiceAndEmptyNotice() {
  const token = await apiToken(ACCOUNTS.manager());
  const issued = await callApi<{ Items: Array<{ customerId: string }> }>(token, 'invoices/list', {
    issued: true,
    noticeType: 0,
    page: 1,
    itemsPerPage: 1,
  });
  const customerId = issued.Items[0].customerId;
  const deadline = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const draft = await callApi<{ _id: string }>(token, 'invoices/save', { customerId, paymentDeadlineDate: deadline });
  for (const row of ROWS) await callApi(token, 'invoices/saveItem', { invoiceId: draft._id, ...row });
  const invoice = await callApi<{ _id: string; number: string }>(token, 'invoices/issue', { invoiceId: draft._id });
  const notice = await callApi<{ _id: string }>(token, 'invoices/save', {
    customerId,
    noticeType: 1,
    creditToInvoice: invoice._id,
    noticeReason: { bg: `Отстъпка ${run}`, it: `Sconto ${run}` },
  });
  return { invoice, notice };
}

async function signIn(page: Page) {
  await page.goto(`${baseUrl()}/#/login`);
  await page.getByRole('button', { name: t('bg', 'auth:submit'), exact: true }).waitFor();
  await signInWithForm(page, ACCOUNTS.manager(), 'bg');
  await waitForHash(page, (p) => !p.startsWith('/login'));
}

/** Clicks and waits for the answer of `call`; expects 200 and returns its body. */
async function answered(page: Page, call: string, click: () => Promise<void>) {
  const response = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/${call}` && r.request().method() === 'POST',
  );
  await click();
  const done = await response;
  expect(done.status(), `${call}: ${await done.text()}`).toBe(200);
  return done.json();
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const itemsTable = (page: Page) => page.getByRole('table', { name: b('items.title') });

describe('billing drafts', () => {
  it('a manager copies the invoice rows into an empty credit notice, duplicates it, and deletes the copy after confirming', async () => {
    const { invoice, notice } = await invoiceAndEmptyNotice();
    const { context, page } = await newPage(browser);
    await signIn(page);
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
