import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, hashPath, signIn, waitForHash } from '../support/actions.ts';
import { ACCOUNTS, ARTIFACTS, baseUrl, expectFits, newPage, useBrowser } from '../support/browser.ts';
import { t } from '../support/i18n.ts';
import { pdfBytes } from '../support/pdf.ts';

type Locale = 'bg' | 'it';
const browser = useBrowser();

const run = Date.now().toString(36).slice(-5).toUpperCase();
/** The demo client user's two companies (their `clientUsers` list client@), and a company of someone else. */
const ROSSI = { bg: 'Роси Кострузиони ООД', it: 'Rossi Costruzioni S.r.l.' };
const BIANCHI = { bg: 'Бианки Мода АД', it: 'Bianchi Moda S.p.A.' };
const OTHER = 'Алфа Трейд ООД';
/** A registered demo contract of Роси (advance, reverse charge) and its services. */
const CONTRACT = { bg: 'Счетоводство и данъци', it: 'Contabilità e fisco' };
const p = (locale: Locale, key: string, values: Record<string, string> = {}) => t(locale, `portal:${key}`, values);

/** What the first steps find for the later ones. */
const state = { invoicePath: '', invoiceNumber: '', contractPath: '', companyPath: '' };

/** A shot of the window (or the whole page) once dialogs and menus have faded in. */
async function shot(page: Page, name: string, full = true) {
  if (full) await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container, .MuiPopover-paper')].every(
      (el) => getComputedStyle(el).opacity === '1',
    ),
  );
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: full });
}

/** An admin's call, for ids the client user must not reach. */
async function adminList(
  path: string,
  body: object,
): Promise<Array<{ _id: string; companyName: { bg: string } | null; number: string | null }>> {
  const token = await apiToken(ACCOUNTS.admin());
  const response = await fetch(`${baseUrl()}/api/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ page: 1, itemsPerPage: 100, ...body }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { Result: { Items: [] } }).Result.Items;
}

/** Types the URL of a preview; the not-found toast shows and the page returns to `list`. */
async function expectNotFound(page: Page, path: string, message: string, list: string) {
  await page.goto(`${baseUrl()}/#${path}`);
  await page.getByRole('alert').filter({ hasText: message }).first().waitFor();
  await waitForHash(page, (current) => current === list);
}

describe('the client portal', () => {
  it('the demo client sees both of their companies and nothing else', async () => {
    const { context, page } = await newPage(browser);
    const companies = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/my-companies/list');
    await signIn(page, ACCOUNTS.client());
    // The portal is the client's landing; the drawer lists the portal's pages only.
    await waitForHash(page, (path) => path === '/my-companies');
    const answer = (await (await companies).json()) as {
      Result: { Items: Array<{ name: { bg: string } }>; Total: number };
    };
    expect(answer.Result.Items.map((row) => row.name.bg).sort()).toEqual([BIANCHI.bg, ROSSI.bg].sort());
    const table = page.getByRole('table', { name: p('bg', 'companies.title') });
    await table.getByRole('row').nth(2).waitFor();
    expect(await table.getByRole('row').count()).toBe(3);
    const nav = page.getByRole('navigation', { name: t('bg', 'shell.navigation') });
    await nav.getByText(t('bg', 'routes:my_documents_flow'), { exact: true }).first().waitFor();
    const shown = (await nav.locator('a, [role="button"]').allTextContents())
      .map((text) => text.trim())
      .filter(Boolean);
    for (const key of ['my_companies', 'my_contracts', 'my_invoices', 'my_proforma_invoices', 'my_documents_flow'])
      expect(shown).toContain(t('bg', `routes:${key}`));
    for (const key of [
      'clients',
      'contracts',
      'invoices',
      'proforma_invoices',
      'documents_flow',
      'timesheets',
      'calendar',
      'settings',
    ])
      expect(shown).not.toContain(t('bg', `routes:${key}`));

    // The company page: its tabs, its contracts.
    await page.getByRole('link', { name: `${t('bg', 'actions.preview')}: ${ROSSI.bg}` }).click();
    await page.getByRole('heading', { level: 2, name: ROSSI.bg }).waitFor();
    state.companyPath = hashPath(page);
    await page.getByRole('link', { name: `${t('bg', 'actions.preview')}: ${CONTRACT.bg}` }).waitFor();
    await page.getByRole('tab', { name: p('bg', 'company.tabs.contacts') }).click();
    await page
      .getByRole('table', { name: p('bg', 'company.tabs.contacts') })
      .getByText('Марко Роси')
      .waitFor();

    // Every invoice the client sees is one of their companies', and issued.
    const invoices = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/my-invoices/list');
    await page.goto(`${baseUrl()}/#/my-invoices`);
    const rows = (
      (await (await invoices).json()) as {
        Result: { Items: Array<{ companyName: { bg: string }; number: string | null }> };
      }
    ).Result.Items;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect([ROSSI.bg, BIANCHI.bg]).toContain(row.companyName.bg);
      expect(row.number).toMatch(/^\d{10}$/);
    }
    await context.close();
  });

  it('opens a contract: the parties from its snapshots, its services with prices and its invoices', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.client());
    await page.goto(`${baseUrl()}/#/my-contracts`);
    await page.getByRole('link', { name: `${t('bg', 'actions.preview')}: ${CONTRACT.bg}` }).click();
    await page.getByRole('heading', { level: 2, name: CONTRACT.bg }).waitFor();
    state.contractPath = hashPath(page);
    await page
      .getByRole('region', { name: t('bg', 'contracts:parties.customer') })
      .getByText(ROSSI.bg)
      .waitFor();
    await page
      .getByRole('region', { name: t('bg', 'contracts:details.title') })
      .getByText(t('bg', 'contracts:interval.12'))
      .waitFor();
    await page.getByRole('tab', { name: t('bg', 'contracts:tabs.services') }).click();
    const services = page.getByRole('table', { name: t('bg', 'contracts:tabs.services') });
    await services.getByRole('row').nth(1).waitFor();
    expect(await services.getByRole('columnheader', { name: t('bg', 'contracts:services.price') }).count()).toBe(1);
    await page.getByRole('tab', { name: t('bg', 'contracts:tabs.invoices'), exact: true }).click();
    const preview = page
      .getByRole('link', {
        name: new RegExp(`^${t('bg', 'actions.preview')}: ${p('bg', 'invoice.row_name', { number: '' })}\\d{10}$`),
      })
      .first();
    await preview.waitFor();
    await context.close();
  });

  it('opens an invoice read-only and prints it (a PDF in a new tab)', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.client());
    await page.goto(`${baseUrl()}/#/my-invoices`);
    const preview = page.getByRole('link', { name: new RegExp(`^${t('bg', 'actions.preview')}: `) }).first();
    await preview.waitFor();
    state.invoiceNumber = ((await preview.getAttribute('aria-label')) ?? '').replace(/\D/g, '');
    await preview.click();
    await page
      .getByRole('heading', {
        level: 2,
        name: t('bg', 'billing:title_with_number', {
          name: t('bg', 'billing:notice_title.0'),
          number: state.invoiceNumber,
        }),
      })
      .waitFor();
    state.invoicePath = hashPath(page);
    await page
      .getByRole('table', { name: t('bg', 'billing:items.title') })
      .getByRole('row')
      .nth(1)
      .waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await page.getByRole('button', { name: t('bg', 'actions.save') }).count()).toBe(0);

    await page.getByRole('button', { name: t('bg', 'billing:print.button'), exact: true }).click();
    const tab = context.waitForEvent('page');
    const pdf = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/my-invoices/print/'));
    await page.getByRole('menuitem', { name: t('bg', 'billing:print.layouts.invoice') }).click();
    const printed = await pdf;
    expect(printed.status()).toBe(200);
    expect(printed.headers()['content-type']).toContain('application/pdf');
    const opened = await tab;
    await expect.poll(() => opened.url(), { timeout: 15_000 }).toMatch(/^blob:/);
    // The bytes are a PDF (read again with the client's own token: the page's answer went into the tab's blob).
    const token = await apiToken(ACCOUNTS.client());
    const again = await fetch(new URL(printed.url()), { headers: { authorization: `Bearer ${token}` } });
    expect(
      Buffer.from(await again.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    await context.close();
  });

  it('adds a document with a file for one of their companies', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.client());
    await page.goto(`${baseUrl()}/#/my-documents-flow`);
    await page.getByRole('table', { name: t('bg', 'documents-flow:list.title') }).waitFor();
    await page.getByRole('button', { name: t('bg', 'documents-flow:list.add') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: t('bg', 'documents-flow:fields.company') }).click();
    await page.getByRole('option', { name: new RegExp(`^${BIANCHI.bg}`) }).click();
    await dialog.getByRole('combobox', { name: t('bg', 'documents-flow:fields.category') }).click();
    await page.getByRole('option').first().click();
    const description = `Фактури от доставчици ${run}`;
    await dialog.getByRole('textbox', { name: t('bg', 'documents-flow:fields.description') }).fill(description);
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: `доставки-${run}.pdf`, mimeType: 'application/pdf', buffer: pdfBytes(`Portal ${run}`) });
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/my-documents-flow/save');
    await dialog.getByRole('button', { name: t('bg', 'actions.save'), exact: true }).click();
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(200);
    await dialog
      .getByRole('region', { name: t('bg', 'documents-flow:file.title') })
      .getByText(`доставки-${run}.pdf`)
      .waitFor();
    await shot(page, 'portal-document-dialog-1280-bg', false);
    await dialog
      .getByRole('button', { name: t('bg', 'actions.close'), exact: true })
      .last()
      .click();
    const row = page.getByRole('row', { name: new RegExp(description) });
    await row.waitFor();
    await row.getByText(BIANCHI.bg).waitFor();
    await context.close();

    // Staff see it in their document flow.
    const token = await apiToken(ACCOUNTS.admin());
    const list = await fetch(`${baseUrl()}/api/documents-flow/list`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1, itemsPerPage: 15, description: run }),
    });
    const found = ((await list.json()) as { Result: { Items: Array<{ description: string }> } }).Result.Items;
    expect(found.map((item) => item.description)).toEqual([description]);
  });

  it("typing the URL of another company's invoice, or of a draft, shows not-found and returns to the list", async () => {
    const issued = await adminList('invoices/list', { issued: true });
    const other = issued.find((row) => row.companyName?.bg === OTHER);
    const drafts = await adminList('invoices/list', { issued: false });
    const draft = drafts.find((row) => row.companyName?.bg === BIANCHI.bg || row.companyName?.bg === ROSSI.bg);
    expect(other, 'an issued invoice of another company').toBeDefined();
    expect(draft, "a draft invoice of one of the client's companies").toBeDefined();
    const contracts = await adminList('contracts/list', { status: 0 });
    const draftContract = contracts.find(
      (row) => (row as unknown as { companyName: { bg: string } | null }).companyName?.bg === BIANCHI.bg,
    );

    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.client());
    const message = t('bg', 'messages:the_invoice_was_not_found');
    await expectNotFound(page, `/my-invoices/${other?._id}`, message, '/my-invoices');
    await page.getByRole('table', { name: p('bg', 'invoice.list_title') }).waitFor();
    await shot(page, 'portal-not-found-1280-bg', false);
    await expectNotFound(page, `/my-invoices/${draft?._id}`, message, '/my-invoices');
    if (draftContract)
      await expectNotFound(
        page,
        `/my-contracts/${draftContract._id}`,
        t('bg', 'messages:the_contract_was_not_found'),
        '/my-contracts',
      );
    await expectNotFound(
      page,
      '/my-companies/00000000-0000-4000-8000-000000000000',
      t('bg', 'messages:the_client_was_not_found'),
      '/my-companies',
    );
    await context.close();
  });

  for (const locale of ['bg', 'it'] as const) {
    for (const width of [1280, 400]) {
      it(`looks right at ${width} px in ${locale}: companies, a company, a contract, an invoice, the documents`, async () => {
        const { context, page } = await newPage(browser, { width, locale: locale === 'it' ? 'it-IT' : 'bg-BG' });
        await signIn(page, ACCOUNTS.client(), locale);
        const name = (key: string) => `portal-${key}-${width}-${locale}`;
        await page.goto(`${baseUrl()}/#/my-companies`);
        await page.getByRole('link', { name: `${t(locale, 'actions.preview')}: ${BIANCHI[locale]}` }).waitFor();
        await expectFits(page, [ROSSI[locale], BIANCHI[locale]]);
        await shot(page, name('companies'));
        await page.goto(`${baseUrl()}/#${state.companyPath}`);
        await page.getByRole('link', { name: `${t(locale, 'actions.preview')}: ${CONTRACT[locale]}` }).waitFor();
        await expectFits(page, [CONTRACT[locale]]);
        await shot(page, name('company'));
        await page.goto(`${baseUrl()}/#/my-contracts`);
        await page.getByRole('link', { name: `${t(locale, 'actions.preview')}: ${CONTRACT[locale]}` }).waitFor();
        await expectFits(page, [CONTRACT[locale]]);
        await shot(page, name('contracts'));
        await page.goto(`${baseUrl()}/#${state.contractPath}`);
        await page.getByRole('heading', { level: 2, name: CONTRACT[locale] }).waitFor();
        await page.getByRole('region', { name: t(locale, 'contracts:details.title') }).waitFor();
        await expectFits(page, [CONTRACT[locale]]);
        await shot(page, name('contract'));
        await page.goto(`${baseUrl()}/#/my-invoices`);
        await page
          .getByRole('link', { name: new RegExp(`^${t(locale, 'actions.preview')}: `) })
          .first()
          .waitFor();
        await expectFits(page, [state.invoiceNumber]);
        await shot(page, name('invoices'));
        await page.goto(`${baseUrl()}/#${state.invoicePath}`);
        await page
          .getByRole('table', { name: t(locale, 'billing:items.title') })
          .getByRole('row')
          .nth(1)
          .waitFor();
        await expectFits(page, [state.invoiceNumber, t(locale, 'billing:items.title')]);
        await shot(page, name('invoice'));
        await page.goto(`${baseUrl()}/#/my-documents-flow`);
        await page
          .getByRole('table', { name: t(locale, 'documents-flow:list.title') })
          .getByRole('row')
          .nth(1)
          .waitFor();
        await expectFits(page);
        await shot(page, name('documents'));
        await context.close();
      });
    }
  }
});
