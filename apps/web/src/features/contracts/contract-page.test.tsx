import { Access, ContractStatus } from '@kantora/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { setSessionUser } from '../../lib/session.ts';
import { failure, mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import ContractPage from './contract-page.tsx';
import { contractOf, currencies, ids, userOf } from './test-fixtures.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['contracts', 'parties', 'clients', 'settings', 'documents']);
  // The tabs are lazy chunks: load them once here, not inside the first test's time.
  await Promise.all([import('./details-tab.tsx'), import('./services-tab.tsx'), import('./documents-tab.tsx')]);
}, 60_000);
beforeEach(() => setSessionUser(userOf(Access.manager)));
afterEach(() => {
  setSessionUser(null);
  vi.unstubAllGlobals();
});

const myCompany = {
  _id: ids.myCompany,
  name: { bg: 'Кантора ЕООД', it: 'Kantora EOOD' },
  bulstat: '201234567',
  vatNumber: 'BG201234567',
  banks: [],
};
const lookups = {
  'GET /api/metaData/getMyCompany': () => ok(myCompany),
  'GET /api/metaData/getCurrencies': () => ok(currencies),
  'GET /api/metaData/getAllEmployeeUsers': () => ok([]),
};
const renderPage = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/contracts/create" element={<ContractPage />} />
      <Route path="/contracts/:id" element={<ContractPage />} />
    </Routes>,
    { route },
  );
const setDate = (name: string, text: string) => {
  const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) throw new Error(`no date input ${name}`);
  fireEvent.change(input, { target: { value: text } });
};
const saveCalls = (calls: { url: string; init?: RequestInit }[]) =>
  calls.filter((call) => call.url.endsWith('/contracts/save'));

// Whole pages with MUI on a shared, busy machine: more time than a unit test's default.
describe('the contract details', { timeout: 60_000 }, () => {
  it('on /contracts/create shows only the details tab; an empty save warns please_fill_all_required_fields and marks the fields', async () => {
    const { calls } = mockApi(lookups);
    renderPage('/contracts/create');
    await screen.findByRole('heading', { name: 'Данни на договора' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Данни']);
    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
    expect(await screen.findByText('Моля, попълнете всички задължителни полета')).toBeInTheDocument();
    expect(screen.getAllByText('Полето е задължително').length).toBeGreaterThanOrEqual(4);
    expect(saveCalls(calls)).toHaveLength(0);
  });

  it('refuses an end date before the start date, then saves in euro with a monthly period by default', async () => {
    const saved = contractOf(ContractStatus.draft, Access.manager, {
      customerId: null,
      customer: null,
      companyName: null,
    });
    const { calls } = mockApi({
      ...lookups,
      'POST /api/contracts/save': () => ok(saved, 'saved_successfully'),
      [`GET /api/contracts/${ids.contract}`]: () => ok(saved),
    });
    renderPage('/contracts/create');
    await screen.findByRole('heading', { name: 'Данни на договора' });
    await userEvent.click(screen.getByRole('textbox', { name: 'Име на договора (български)' }));
    await userEvent.paste('Счетоводно обслужване');
    setDate('fromDate', '10.05.2026');
    setDate('toDate', '01.05.2026');
    await userEvent.click(screen.getByRole('textbox', { name: 'Цена на месец' }));
    await userEvent.paste('250');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Валута' })).toHaveTextContent('EUR'));
    expect(screen.getByRole('combobox', { name: 'Период на фактуриране' })).toHaveTextContent('Месечно');
    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
    expect(await screen.findByText('Крайната дата не може да е преди началната')).toBeInTheDocument();
    expect(saveCalls(calls)).toHaveLength(0);

    setDate('toDate', '31.12.2026');
    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
    await waitFor(() => expect(saveCalls(calls)).toHaveLength(1));
    expect(JSON.parse(String(saveCalls(calls)[0].init?.body))).toMatchObject({
      name: { bg: 'Счетоводно обслужване', it: '' },
      fromDate: '2026-05-10',
      toDate: '2026-12-31',
      invoiceMonthlyInterval: 1,
      pricePerMonth: 250,
      currency: ids.euro,
      customerId: null,
      providerBank: null,
      isAdvance: false,
    });
  });

  it("preselects the own company's default BGN and EUR accounts on a new contract and saves them", async () => {
    const account = (_id: string, name: string, currencyCode: string, flags: object) => ({
      _id,
      name: { bg: name, it: name },
      bic: '',
      iban: `IBAN-${currencyCode}`,
      currencyCode,
      currencyName: null,
      status: true,
      default: false,
      default2: false,
      ...flags,
    });
    const banks = [
      account(ids.clientBank, 'Друга EUR', 'EUR', {}),
      account(ids.eur, 'УниКредит EUR', 'EUR', { default2: true }),
      account(ids.bgn, 'УниКредит', 'BGN', { default: true }),
    ];
    const saved = contractOf(ContractStatus.draft);
    const { calls } = mockApi({
      ...lookups,
      'GET /api/metaData/getMyCompany': () => ok({ ...myCompany, banks }),
      'POST /api/contracts/save': () => ok(saved, 'saved_successfully'),
      [`GET /api/contracts/${ids.contract}`]: () => ok(saved),
    });
    renderPage('/contracts/create');
    const provider = await screen.findByRole('region', { name: 'Доставчик' });
    expect(await within(provider).findByText(/УниКредит · BGN/)).toBeInTheDocument();
    expect(within(provider).getByText(/УниКредит EUR · EUR/)).toBeInTheDocument();
    expect(within(provider).queryByText(/Друга EUR/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('textbox', { name: 'Име на договора (български)' }));
    await userEvent.paste('Счетоводно обслужване');
    setDate('fromDate', '01.05.2026');
    setDate('toDate', '31.12.2026');
    await userEvent.click(screen.getByRole('textbox', { name: 'Цена на месец' }));
    await userEvent.paste('250');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Валута' })).toHaveTextContent('EUR'));
    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
    await waitFor(() => expect(saveCalls(calls)).toHaveLength(1));
    expect(JSON.parse(String(saveCalls(calls)[0].init?.body))).toMatchObject({
      providerBank: ids.bgn,
      providerBank2: ids.eur,
    });
  });

  it('fills no account into a saved draft that has none', async () => {
    const banks = [
      {
        _id: ids.bgn,
        name: { bg: 'УниКредит', it: 'UniCredit' },
        bic: '',
        iban: 'X',
        currencyCode: 'BGN',
        currencyName: null,
        status: true,
        default: true,
        default2: false,
      },
    ];
    const draft = contractOf(ContractStatus.draft);
    mockApi({
      ...lookups,
      'GET /api/metaData/getMyCompany': () => ok({ ...myCompany, banks }),
      [`GET /api/contracts/${ids.contract}`]: () =>
        ok({
          ...draft,
          providerBank: null,
          providerBank2: null,
          provider: { ...draft.provider!, bank: null, bank2: null },
        }),
    });
    renderPage(`/contracts/${ids.contract}`);
    await screen.findByRole('heading', { name: 'Данни на договора' });
    const provider = screen.getByRole('region', { name: 'Доставчик' });
    await waitFor(() => expect(within(provider).getAllByText('не е избрана')).toHaveLength(2));
    expect(within(provider).queryByText(/УниКредит/)).not.toBeInTheDocument();
  });

  it('offers the four invoicing periods', async () => {
    mockApi(lookups);
    renderPage('/contracts/create');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Период на фактуриране' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Месечно',
      'На 3 месеца',
      'На 6 месеца',
      'Годишно',
    ]);
  });

  it("is read-only when registered: no save, read-only fields, and the saved contract's tabs", async () => {
    mockApi({ ...lookups, [`GET /api/contracts/${ids.contract}`]: () => ok(contractOf(ContractStatus.registered)) });
    renderPage(`/contracts/${ids.contract}`);
    await screen.findByRole('heading', { name: 'Данни на договора' });
    expect(screen.queryByRole('button', { name: 'Запази' })).not.toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Име на договора (български)' });
    expect(name).toHaveAttribute('readonly');
    expect(name).not.toBeDisabled();
    // Management may change only the provider's accounts (the provider card's button says how).
    expect(
      screen.getByText(
        'Само черновите се редактират; сметките на доставчика се сменят с „Смени сметките“. Администратор може да върне договора в чернова.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Смени сметките' })).toBeInTheDocument();
    // Details, services and documents first; later areas add their tabs after them.
    expect(
      screen
        .getAllByRole('tab')
        .map((tab) => tab.textContent)
        .slice(0, 3),
    ).toEqual(['Данни', 'Услуги', 'Документи']);
  });

  it("shows an employee no price: the contract's details have no price per month (management's have it)", async () => {
    setSessionUser(userOf(Access.employee));
    const asEmployee = contractOf(ContractStatus.registered, Access.employee);
    expect(Object.hasOwn(asEmployee, 'pricePerMonth')).toBe(false);
    mockApi({ ...lookups, [`GET /api/contracts/${ids.contract}`]: () => ok(asEmployee) });
    const { unmount } = renderPage(`/contracts/${ids.contract}`);
    await screen.findByRole('heading', { name: 'Данни на договора' });
    expect(screen.getByRole('combobox', { name: 'Период на фактуриране' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Цена на месец' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Цена/)).not.toBeInTheDocument();
    unmount();

    setSessionUser(userOf(Access.manager));
    mockApi({
      ...lookups,
      [`GET /api/contracts/${ids.contract}`]: () => ok(contractOf(ContractStatus.registered, Access.manager)),
    });
    renderPage(`/contracts/${ids.contract}`);
    expect(await screen.findByRole('textbox', { name: 'Цена на месец' })).toHaveValue('250,00');
  });

  it('answers the not-found message for a contract the user may not see', async () => {
    mockApi({ ...lookups, [`GET /api/contracts/${ids.contract}`]: () => failure(404, 'the_contract_was_not_found') });
    renderPage(`/contracts/${ids.contract}`);
    // The page's own alert (the API client's toast says the same).
    const back = await screen.findByRole('link', { name: 'Към договорите' });
    expect(back).toHaveAttribute('href', '/contracts');
    expect(
      within(back.closest('[role="alert"]') as HTMLElement).getByText('Договорът не е намерен'),
    ).toBeInTheDocument();
  });
});
