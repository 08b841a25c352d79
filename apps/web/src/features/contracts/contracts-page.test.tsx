import { Access, type ContractRow } from '@kantora/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { setSessionUser } from '../../lib/session.ts';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import ContractsPage from './contracts-page.tsx';
import { ids, userOf } from './test-fixtures.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['contracts', 'clients']);
});
beforeEach(() => setSessionUser(userOf(Access.manager)));
afterEach(() => {
  setSessionUser(null);
  vi.unstubAllGlobals();
});

const rows: ContractRow[] = [
  {
    _id: ids.contract,
    name: { bg: 'Поддръжка', it: 'Assistenza' },
    customerId: ids.client,
    companyName: { bg: 'Алфа Трейд ООД', it: 'Alfa Trade' },
    fromDate: '2025-01-01',
    toDate: '2025-12-31',
    status: 3,
    created: '2025-01-02T10:00:00Z',
  },
  {
    _id: ids.row(1),
    name: { bg: 'Счетоводство', it: 'Contabilità' },
    customerId: ids.client,
    companyName: { bg: 'Алфа Трейд ООД', it: 'Alfa Trade' },
    fromDate: '2026-01-01',
    toDate: '2026-12-31',
    status: 0,
    created: '2026-01-02T10:00:00Z',
  },
];
const listing = () => ({ 'POST /api/contracts/list': () => ok({ Items: rows, Total: 2, Page: 1 }) });
const bodies = (calls: { url: string; init?: RequestInit }[]) =>
  calls.filter((call) => call.url.endsWith('/contracts/list')).map((call) => JSON.parse(String(call.init?.body)));

// Whole pages with MUI on a shared, busy machine: more time than a unit test's default.
describe('the contracts list', { timeout: 60_000 }, () => {
  it('asks for the newest first and shows name, client, dates, status (expired too) and a preview link', async () => {
    const { calls } = mockApi(listing());
    renderWithProviders(<ContractsPage />);
    const row = (await screen.findByText('Поддръжка')).closest('tr') as HTMLElement;
    expect(bodies(calls)[0]).toEqual({ page: 1, itemsPerPage: 15, sortBy: 'created', sortDesc: true });
    expect(within(row).getByText('Изтекъл')).toBeInTheDocument();
    expect(within(row).getByText('01.01.2025')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Преглед: Поддръжка' })).toHaveAttribute(
      'href',
      `/contracts/${ids.contract}`,
    );
    expect(screen.getByRole('link', { name: 'Нов договор' })).toHaveAttribute('href', '/contracts/create');
  });

  it('filters by bulstat, VAT number and the expired status, from page 1', async () => {
    const { calls } = mockApi(listing());
    renderWithProviders(<ContractsPage />);
    await screen.findByText('Поддръжка');
    const filter = screen.getByRole('form', { name: 'Филтър' });
    await userEvent.type(within(filter).getByRole('textbox', { name: 'ЕИК / Булстат' }), '2034');
    await userEvent.type(within(filter).getByRole('textbox', { name: 'ДДС номер' }), 'BG20');
    await userEvent.click(within(filter).getByRole('combobox', { name: 'Статус' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Изтекъл' }));
    await userEvent.click(within(filter).getByRole('button', { name: 'Приложи' }));
    await waitFor(() =>
      expect(bodies(calls).at(-1)).toEqual({
        page: 1,
        itemsPerPage: 15,
        sortBy: 'created',
        sortDesc: true,
        bulstat: '2034',
        vatNumber: 'BG20',
        status: 3,
      }),
    );
  });

  it('filters by a client chosen in the client search (its id as customerId), and a draft status 0 counts as a value', async () => {
    const { calls } = mockApi({
      ...listing(),
      'POST /api/companies/search': () =>
        ok({
          Items: [{ _id: ids.client, name: { bg: 'Алфа Трейд ООД', it: 'Alfa Trade' }, bulstat: '20345678' }],
          Total: 1,
          Page: 1,
        }),
    });
    renderWithProviders(<ContractsPage />);
    await screen.findByText('Поддръжка');
    const filter = screen.getByRole('form', { name: 'Филтър' });
    await userEvent.type(within(filter).getByRole('combobox', { name: 'Клиент' }), 'Алфа');
    await userEvent.click(await screen.findByRole('option', { name: 'Алфа Трейд ООД (20345678)' }));
    await userEvent.click(within(filter).getByRole('combobox', { name: 'Статус' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Чернова' }));
    fireEvent.submit(filter);
    await waitFor(() => expect(bodies(calls).at(-1)).toMatchObject({ customerId: ids.client, status: 0, page: 1 }));
    expect(bodies(calls).at(-1)).not.toHaveProperty('client');
  });

  it('offers no add button to an employee', async () => {
    setSessionUser(userOf(Access.employee));
    mockApi(listing());
    renderWithProviders(<ContractsPage />);
    await screen.findByText('Поддръжка');
    expect(screen.queryByRole('link', { name: 'Нов договор' })).not.toBeInTheDocument();
  });
});
