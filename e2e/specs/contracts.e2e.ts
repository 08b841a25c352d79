import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { answered as saving, hashPath, signIn, waitForHash } from '../support/actions.ts';
import { ACCOUNTS, baseUrl, DEMO_PASSWORD, expectFits, newPage, shot, useBrowser } from '../support/browser.ts';
import { type Client, createClient, runMark } from '../support/data.ts';
import { t } from '../support/i18n.ts';

type Locale = 'bg' | 'it';
const browser = useBrowser();

const run = runMark();
const NAME = `Договор ${run}`;
const REASON = `Прекратен по взаимно съгласие ${run}`;
/** This spec's client (with a EUR account at УниКредит Булбанк): employee@ sees it, employee2@ does not. */
const CLIENT = `Договори ${run} ООД`;
let client: Client;
beforeAll(async () => {
  client = await createClient(CLIENT, { managedBy: ['Георги Иванов'] });
});
const EMPLOYEE2 = { username: 'employee2@kantora.local', password: DEMO_PASSWORD };
const FILE = {
  name: `приложение-${run}.txt`,
  mimeType: 'text/plain',
  buffer: Buffer.from(`Приложение 1 към ${NAME}\n`),
};
const k = (locale: Locale, key: string, values: Record<string, string> = {}) => t(locale, `contracts:${key}`, values);
const c = (key: string, values: Record<string, string> = {}) => k('bg', key, values);
let contractPath = '';

/** Types `dd.MM.yyyy` into a date picker: its sections take the digits one after another. */
async function typeDate(page: Page, name: string, value: string) {
  const field = page.locator('.MuiPickersInputBase-root', { has: page.locator(`input[name="${name}"]`) });
  await field.locator('[role=spinbutton]').first().click();
  await page.keyboard.type(value.replace(/\D/g, ''));
  expect(await field.locator(`input[name="${name}"]`).inputValue()).toBe(value);
}

const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name });
const card = (page: Page, title: string) => page.getByRole('region', { name: title });
async function closed(dialog: Locator) {
  await dialog.waitFor({ state: 'detached' });
}
async function openTab(page: Page, key: string, locale: Locale = 'bg') {
  await page.getByRole('tab', { name: k(locale, `tabs.${key}`), exact: true }).click();
}
/** Opens the contract of this run and waits for its heading. */
async function openContract(page: Page) {
  await page.goto(`${baseUrl()}/#${contractPath}`);
  await page.getByRole('heading', { name: NAME }).waitFor();
}

describe('contracts', () => {
  it('a manager creates a contract with the banks of both parties, two services (one with its own price) and a document, registers it and cancels it', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.manager());
    await page.goto(`${baseUrl()}/#/contracts`);
    await page.getByRole('table', { name: c('list.title') }).waitFor();
    await page.getByRole('link', { name: c('list.add') }).click();
    await waitForHash(page, (p) => p === '/contracts/create');
    // A new contract shows its details alone.
    await page.getByRole('heading', { name: c('details.title') }).waitFor();
    // The tabs render after the heading (the registry's lazy tabs): wait for them, then check there is only one.
    await page.getByRole('tab', { name: c('tabs.details') }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual([c('tabs.details')]);

    // The provider: the own company's default BGN and EUR accounts are preselected; the dialog chooses others.
    const provider = card(page, c('parties.provider'));
    await provider.getByText(/УниКредит Булбанк · BGN/).waitFor();
    await provider.getByText(/УниКредит Булбанк \(евро\) · EUR/).waitFor();
    await button(provider, c('parties.choose_banks')).click();
    let banks = dialogNamed(page, c('parties.provider_banks'));
    // A EUR account cannot be the BGN one.
    await expect
      .poll(() =>
        banks.getByRole('button', { name: `${c('parties.choose_bgn')}: УниКредит Булбанк (евро)` }).isDisabled(),
      )
      .toBe(true);
    await shot(page, 'contracts-provider-banks-1280-bg');
    await banks.getByRole('button', { name: `${c('parties.choose_bgn')}: УниКредит Булбанк`, exact: true }).click();
    await closed(banks);
    await button(provider, c('parties.choose_banks')).click();
    banks = dialogNamed(page, c('parties.provider_banks'));
    await banks
      .getByRole('button', { name: `${c('parties.choose_eur')}: УниКредит Булбанк (евро)`, exact: true })
      .click();
    await closed(banks);
    await provider.getByText(/УниКредит Булбанк · BGN/).waitFor();
    await provider.getByText(/УниКредит Булбанк \(евро\) · EUR/).waitFor();

    // The customer: a client from the picker, then one of its accounts.
    const customer = card(page, c('parties.customer'));
    await button(customer, c('parties.choose_client')).click();
    const picker = dialogNamed(page, t('bg', 'clients:picker.title'));
    await picker.getByRole('textbox', { name: t('bg', 'clients:fields.name') }).fill(CLIENT);
    await picker.getByRole('button', { name: `${t('bg', 'clients:picker.select')}: ${CLIENT}` }).click();
    await closed(picker);
    await customer.getByText(CLIENT).waitFor();
    await button(customer, c('parties.choose_bank')).click();
    const clientBanks = dialogNamed(page, c('parties.customer_banks'));
    await clientBanks.getByRole('button', { name: `${c('parties.choose')}: УниКредит Булбанк` }).click();
    await closed(clientBanks);
    await customer.getByText(/УниКредит Булбанк/).waitFor();

    // The details; the currency is euro unless changed.
    await page.getByRole('textbox', { name: `${c('fields.name')} (${t('bg', 'language_names.bg')})` }).fill(NAME);
    await typeDate(page, 'fromDate', '01.01.2026');
    await typeDate(page, 'toDate', '31.12.2027');
    await page.getByRole('textbox', { name: c('fields.price_per_month') }).fill('300');
    await page
      .getByRole('combobox', { name: c('fields.currency') })
      .filter({ hasText: 'EUR' })
      .waitFor();
    await shot(page, 'contracts-create-1280-bg', true);
    const created = await saving(page, 'contracts/save', () => button(page, t('bg', 'actions.save')).click());
    expect(created.Result.provider.bank.currency).toBe('BGN');
    expect(created.Result.provider.bank2.currency).toBe('EUR');
    expect(created.Result.customer.bank.name.bg).toBe('УниКредит Булбанк');
    await waitForHash(page, (p) => /^\/contracts\/[0-9a-f-]{36}$/.test(p));
    contractPath = hashPath(page);
    await page.getByRole('heading', { name: NAME }).waitFor();
    await page.getByRole('tab', { name: c('tabs.timesheets') }).waitFor();
    // Details, services and documents first; later areas (billing, timesheets) add theirs after them.
    expect((await page.getByRole('tab').allTextContents()).slice(0, 3)).toEqual([
      c('tabs.details'),
      c('tabs.services'),
      c('tabs.documents'),
    ]);
    // The customer card now shows the client's snapshot (its headquarters).
    await customer.getByText(/ул\. Шипка 1/).waitFor();

    // Two services; the second gets the contract's own price.
    await openTab(page, 'services');
    await button(page, c('services.add')).click();
    const services = dialogNamed(page, c('services.picker_title'));
    for (const service of ['Счетоводно обслужване', 'ТРЗ и личен състав']) {
      await saving(page, 'contract-services/addServiceToContract', () =>
        services.getByRole('button', { name: `${t('bg', 'parties:services.add')}: ${service}` }).click(),
      );
      await services.getByRole('button', { name: `${t('bg', 'parties:services.added')}: ${service}` }).waitFor();
    }
    await button(services, t('bg', 'actions.close')).click();
    await closed(services);
    const payroll = page.getByRole('row').filter({ hasText: 'ТРЗ и личен състав' });
    await payroll.getByText('180,00').waitFor();
    await payroll.getByRole('button', { name: `${c('services.settings')}: ТРЗ и личен състав` }).click();
    const settings = dialogNamed(page, c('services.settings_title', { name: 'ТРЗ и личен състав' }));
    await settings.getByRole('textbox', { name: c('services.price') }).fill('150');
    const setting = await saving(page, 'contract-services/save', () =>
      button(settings, t('bg', 'actions.save_and_close')).click(),
    );
    expect(setting.Result.price).toBe(150);
    await closed(settings);
    await payroll.getByText('150,00').waitFor();
    await page.getByRole('row').filter({ hasText: 'Счетоводно обслужване' }).getByText('450,00').waitFor();

    // A document with a file.
    await openTab(page, 'documents');
    await button(page, t('bg', 'documents:add')).click();
    const document = dialogNamed(page, t('bg', 'documents:new'));
    await document.getByRole('combobox', { name: t('bg', 'documents:fields.type') }).click();
    await page.getByRole('option', { name: 'Трудов договор' }).click();
    await document
      .getByRole('textbox', { name: `${t('bg', 'documents:fields.description')} (${t('bg', 'language_names.bg')})` })
      .fill(`Приложение ${run}`);
    await document.locator('input[type="file"]').setInputFiles(FILE);
    await document.getByText(FILE.name).waitFor();
    await shot(page, 'contracts-document-dialog-1280-bg');
    const uploaded = await saving(page, 'documents/save', () =>
      button(document, t('bg', 'actions.save_and_close')).click(),
    );
    expect(uploaded.Result.files[0].filename).toBe(FILE.name);
    await closed(document);
    await page.getByRole('button', { name: `${t('bg', 'documents:download')}: ${FILE.name}` }).waitFor();
    await shot(page, 'contracts-draft-1280-bg', true);

    // Register: the question first.
    await button(page, c('actions.register')).click();
    const question = dialogNamed(page, c('register.title'));
    await question.getByText(c('register.text')).waitFor();
    await shot(page, 'contracts-register-confirm-1280-bg');
    await saving(page, 'contracts/register', () => button(question, c('actions.register')).click());
    await page.getByText(c('status.1'), { exact: true }).waitFor();
    await page.getByText(c('read_only.not_draft_banks')).waitFor();
    expect(await button(page, t('bg', 'actions.save')).count()).toBe(0);
    // Management may still change the provider's accounts of the registered contract.
    await button(provider, c('change_banks.action')).waitFor();

    // Cancel: the question, then the reason (required).
    await button(page, c('actions.cancel')).click();
    const sure = dialogNamed(page, c('cancel.confirm_title'));
    await button(sure, t('bg', 'actions.confirm')).click();
    await closed(sure);
    const cancel = dialogNamed(page, c('cancel.title'));
    await cancel.getByRole('textbox', { name: c('fields.cancelation_reason') }).fill(REASON);
    await shot(page, 'contracts-cancel-dialog-1280-bg');
    await saving(page, 'contracts/cancel', () => button(cancel, c('actions.cancel')).click());
    await page.getByText(c('cancel.reason_shown', { reason: REASON })).waitFor();
    await page.getByText(c('status.2'), { exact: true }).waitFor();
    // A canceled contract's documents are read-only.
    await openTab(page, 'documents');
    await page.getByText(c('documents.canceled_hint')).waitFor();
    expect(await button(page, t('bg', 'documents:add')).count()).toBe(0);
    await shot(page, 'contracts-canceled-1280-bg', true);
    await context.close();
  });

  it('an admin returns the canceled contract to draft', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.admin());
    await openContract(page);
    await button(page, c('actions.unregister')).click();
    const question = dialogNamed(page, c('unregister.title'));
    await saving(page, 'contracts/deregister', () => button(question, c('actions.unregister')).click());
    await page.getByText(c('status.0'), { exact: true }).waitFor();
    await button(page, c('actions.register')).waitFor();
    await context.close();
  });

  it('an employee who sees the client opens the contract read-only without prices; the client page lists it', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.employee());
    await openContract(page);
    await page.getByText(c('read_only.staff')).waitFor();
    // The invoices and proforma invoices tabs are management's (the timesheets tab, the employee's too, shows the registry is loaded).
    await page.getByRole('tab', { name: c('tabs.timesheets') }).waitFor();
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs.slice(0, 3)).toEqual([c('tabs.details'), c('tabs.services'), c('tabs.documents')]);
    expect(tabs).not.toContain(c('tabs.invoices'));
    expect(tabs).not.toContain(c('tabs.proformaInvoices'));
    expect(await button(page, t('bg', 'actions.save')).count()).toBe(0);
    expect(await button(page, c('actions.register')).count()).toBe(0);
    // Its data reads as text: a read-only field, not a disabled control.
    const name = page.getByRole('textbox', { name: `${c('fields.name')} (${t('bg', 'language_names.bg')})` });
    expect(await name.isEditable()).toBe(false);
    expect(await name.isDisabled()).toBe(false);
    expect(await button(card(page, c('parties.customer')), c('parties.change_client')).count()).toBe(0);

    await openTab(page, 'services');
    const table = page.getByRole('table', { name: c('tabs.services') });
    await table.getByRole('row').filter({ hasText: 'ТРЗ и личен състав' }).waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).not.toContain(c('services.price'));
    expect(await table.getByText('150,00').count()).toBe(0);

    await openTab(page, 'documents');
    await page.getByRole('button', { name: `${t('bg', 'documents:download')}: ${FILE.name}` }).waitFor();
    expect(
      await page
        .getByRole('button', { name: new RegExp(`^(${t('bg', 'documents:edit')}|${t('bg', 'actions.delete')}):`) })
        .count(),
    ).toBe(0);
    await shot(page, 'contracts-employee-1280-bg', true);

    // The client page's contracts tab lists it with a preview link.
    await page.goto(`${baseUrl()}/#/clients/${client._id}`);
    await page.getByRole('tab', { name: t('bg', 'clients:tabs.contracts'), exact: true }).click();
    const preview = page.getByRole('link', { name: `${t('bg', 'actions.preview')}: ${NAME}` });
    await preview.click();
    await page.getByRole('heading', { name: NAME }).waitFor();
    expect(hashPath(page)).toBe(contractPath);
    await context.close();
  });

  it('an employee who does not see the client gets the not-found answer', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, EMPLOYEE2);
    const answered = page.waitForResponse((response) => response.url().endsWith(`/api${contractPath}`));
    await page.goto(`${baseUrl()}/#${contractPath}`);
    expect((await answered).status()).toBe(404);
    await page
      .getByRole('alert')
      .filter({ hasText: t('bg', 'messages:the_contract_was_not_found') })
      .first()
      .waitFor();
    await page.getByRole('link', { name: c('back_to_list') }).waitFor();
    await context.close();
  });

  it("a manager registers the contract again and changes only its provider's accounts", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.manager());
    await openContract(page);
    await button(page, c('actions.register')).click();
    await saving(page, 'contracts/register', () =>
      button(dialogNamed(page, c('register.title')), c('actions.register')).click(),
    );
    await page.getByText(c('status.1'), { exact: true }).waitFor();

    const provider = card(page, c('parties.provider'));
    await button(provider, c('change_banks.action')).click();
    const dialog = dialogNamed(page, c('change_banks.title'));
    const bgn = dialog.getByRole('combobox', { name: c('parties.bgn_bank') });
    const eur = dialog.getByRole('combobox', { name: c('parties.eur_bank') });
    await eur.filter({ hasText: 'УниКредит Булбанк (евро)' }).waitFor();
    await bgn.filter({ hasText: 'УниКредит Булбанк' }).waitFor();
    // The EUR account of a EUR contract is required; the BGN one may go.
    await dialog.getByText(c('change_banks.required', { currency: 'EUR' })).waitFor();
    await bgn.click();
    await page.getByRole('option', { name: t('bg', 'select.none') }).click();
    const saved = await saving(page, 'contracts/saveBanks', () =>
      button(dialog, t('bg', 'actions.save_and_close')).click(),
    );
    expect([
      saved.Result.providerBank,
      saved.Result.provider.bank,
      saved.Result.provider.bank2.name.bg,
      saved.Result.status,
    ]).toEqual([null, null, 'УниКредит Булбанк (евро)', 1]);
    await closed(dialog);
    await provider.getByText(t('bg', 'parties:no_bank')).waitFor();
    await provider.getByText(/УниКредит Булбанк \(евро\) · EUR/).waitFor();
    await context.close();
  });

  for (const locale of ['bg', 'it'] as const) {
    for (const width of [1280, 400]) {
      it(`looks right at ${width} px in ${locale}: the list and the contract`, async () => {
        const { context, page } = await newPage(browser, { width, locale: locale === 'it' ? 'it-IT' : 'bg-BG' });
        await signIn(page, ACCOUNTS.manager(), locale);
        await page.goto(`${baseUrl()}/#/contracts`);
        await page
          .getByRole('table', { name: k(locale, 'list.title') })
          .getByRole('link', { name: new RegExp(run) })
          .first()
          .waitFor();
        await expectFits(page, [NAME]);
        await shot(page, `contracts-list-${width}-${locale}`, true);
        await openContract(page);
        await page.getByRole('heading', { name: k(locale, 'details.title') }).waitFor();
        await expectFits(page, [NAME, CLIENT]);
        await shot(page, `contracts-contract-${width}-${locale}`, true);
        // The registered contract's change-banks dialog.
        await button(card(page, k(locale, 'parties.provider')), k(locale, 'change_banks.action')).click();
        const banks = dialogNamed(page, k(locale, 'change_banks.title'));
        await banks
          .getByRole('combobox', { name: k(locale, 'parties.eur_bank') })
          .filter({ hasText: /UniCredit Bulbank|УниКредит Булбанк/ })
          .waitFor();
        await shot(page, `contracts-change-banks-${width}-${locale}`);
        // The title's close icon and the Close button have one name: the button at the bottom.
        await button(banks, t(locale, 'actions.close')).last().click();
        await closed(banks);
        await openTab(page, 'services', locale);
        await page
          .getByRole('row')
          .filter({ hasText: locale === 'it' ? 'Paghe e personale' : 'ТРЗ и личен състав' })
          .waitFor();
        await shot(page, `contracts-services-${width}-${locale}`, true);
        await context.close();
      });
    }
  }
});
