import { Access, ContractStatus } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import ServicesTab from './services-tab.tsx';
import { contractOf, ids, serviceRowOf } from './test-fixtures.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['contracts', 'parties']);
});
afterEach(() => vi.unstubAllGlobals());

const services = [1, 2, 3].map((n) => ({
  _id: ids.service(n),
  name: { bg: `Услуга ${n}`, it: `Servizio ${n}` },
  code: `S-${n}`,
  description: { bg: '', it: '' },
  price: 100 * n,
  status: true,
}));
const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);
const bodyOf = (calls: { url: string; init?: RequestInit }[], path: string) =>
  calls.filter((call) => call.url.endsWith(path)).map((call) => JSON.parse(String(call.init?.body)));

// Whole pages with MUI on a shared, busy machine: more time than a unit test's default.
describe('the services tab', { timeout: 60_000 }, () => {
  it('shows an employee the rows without a price column and without buttons', async () => {
    const { calls } = mockApi({
      'POST /api/contract-services/list': () => ok({ Items: [serviceRowOf(1, false)], Total: 1, Page: 1 }),
    });
    renderWithProviders(<ServicesTab contract={contractOf(ContractStatus.registered, Access.employee)} />);
    await screen.findByText('Услуга 1');
    expect(headers()).not.toContain('Цена');
    expect(headers()).toContain('Услуга');
    expect(screen.queryByRole('button', { name: 'Добави услуга' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Премахни услугата/ })).not.toBeInTheDocument();
    expect(bodyOf(calls, '/contract-services/list')[0]).toMatchObject({
      contractId: ids.contract,
      sortBy: 'created',
      sortDesc: false,
    });
  });

  it('shows management the prices; a registered contract has no add or remove', async () => {
    mockApi({ 'POST /api/contract-services/list': () => ok({ Items: [serviceRowOf(1)], Total: 1, Page: 1 }) });
    renderWithProviders(<ServicesTab contract={contractOf(ContractStatus.registered, Access.manager)} />);
    const row = (await screen.findByText('Услуга 1')).closest('tr') as HTMLElement;
    expect(headers()).toContain('Цена');
    expect(within(row).getByText(/100,00/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Добави услуга' })).not.toBeInTheDocument();
  });

  const draftApi = () =>
    mockApi({
      'POST /api/contract-services/list': () => ok({ Items: [serviceRowOf(1)], Total: 1, Page: 1 }),
      'GET /api/metaData/getServices': () => ok(services),
      'POST /api/contract-services/addServiceToContract': () => ok(serviceRowOf(2), 'saved_successfully'),
      'POST /api/contract-services/save': () => ok({ ...serviceRowOf(1), price: 80 }, 'saved_successfully'),
      'POST /api/contract-services/removeServiceFromContract': () => ok(true, 'deleted_successfully'),
    });

  it('in a draft, management adds active services from the picker; services already added cannot be added again', async () => {
    const { calls } = draftApi();
    renderWithProviders(<ServicesTab contract={contractOf(ContractStatus.draft, Access.manager)} />);
    await screen.findByText('Услуга 1');
    await userEvent.click(screen.getByRole('button', { name: 'Добави услуга' }));
    const picker = await screen.findByRole('dialog', { name: 'Добавяне на услуги' });
    expect(await within(picker).findByRole('button', { name: 'Добавена: Услуга 1' })).toBeDisabled();
    await userEvent.click(within(picker).getByRole('button', { name: 'Добави: Услуга 2' }));
    await waitFor(() =>
      expect(bodyOf(calls, '/addServiceToContract')).toEqual([{ contractId: ids.contract, serviceId: ids.service(2) }]),
    );
    expect(await within(picker).findByRole('button', { name: 'Добавена: Услуга 2' })).toBeDisabled();
  });

  it("in a draft, management sets a row's own price in the service settings and removes a row after confirming", async () => {
    const { calls } = draftApi();
    renderWithProviders(<ServicesTab contract={contractOf(ContractStatus.draft, Access.manager)} />);
    await screen.findByText('Услуга 1');
    await userEvent.click(screen.getByRole('button', { name: 'Настройки на услугата: Услуга 1' }));
    const settings = await screen.findByRole('dialog', { name: 'Настройки на услугата: Услуга 1' });
    const price = within(settings).getByRole('textbox', { name: 'Цена' });
    await userEvent.clear(price);
    await userEvent.click(price);
    await userEvent.paste('80');
    await userEvent.click(within(settings).getByRole('button', { name: 'Запази и затвори' }));
    await waitFor(() =>
      expect(bodyOf(calls, '/contract-services/save')).toEqual([
        { _id: ids.row(1), price: 80, description: { bg: 'Описание 1', it: 'Descrizione 1' } },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Премахни услугата: Услуга 1' }));
    const question = await screen.findByRole('dialog', { name: 'Внимание' });
    expect(within(question).getByText('Да се премахне ли услугата „Услуга 1“ от договора?')).toBeInTheDocument();
    await userEvent.click(within(question).getByRole('button', { name: 'Премахни услугата' }));
    await waitFor(() =>
      expect(bodyOf(calls, '/removeServiceFromContract')).toEqual([{ contractServiceId: ids.row(1) }]),
    );
  });
});
