import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { failure, LocationProbe, mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import PortalContractPage from './contract-page.tsx';
import PortalContractsPage from './contracts-page.tsx';
import { billingRowOf, contract, contractRow, documentRows, ids, serviceRows } from './test-fixtures.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['portal', 'contracts', 'parties', 'documents', 'billing']);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const bodyOf = (calls: { url: string; init?: RequestInit }[], path: string) =>
  JSON.parse(String(calls.find((call) => call.url.endsWith(path))?.init?.body));

function openContract(id: string) {
  renderWithProviders(
    <Routes>
      <Route path="/my-contracts/:id" element={<PortalContractPage />} />
      <Route path="/my-contracts" element={<LocationProbe />} />
    </Routes>,
    { route: `/my-contracts/${id}` },
  );
}

describe('my contracts', () => {
  it('lists the contracts by their start, latest first, each previewing its portal page', async () => {
    const { calls } = mockApi({ 'POST /api/my-contracts/list': () => ok({ Items: [contractRow], Total: 1, Page: 1 }) });
    renderWithProviders(<PortalContractsPage />);
    expect(await screen.findByText('Счетоводно обслужване 2026')).toBeInTheDocument();
    expect(bodyOf(calls, '/my-contracts/list')).toEqual({
      page: 1,
      itemsPerPage: 15,
      sortBy: 'fromDate',
      sortDesc: true,
    });
    expect(screen.getByText('Регистриран')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Преглед: Счетоводно обслужване 2026' })).toHaveAttribute(
      'href',
      `/my-contracts/${ids.contract}`,
    );
    expect(screen.queryByRole('link', { name: /Нов договор/ })).not.toBeInTheDocument();
  });

  it('previews a contract read-only: the parties from its snapshots, the details, services with prices, documents and invoices', async () => {
    const { calls } = mockApi({
      [`GET /api/my-contracts/${ids.contract}`]: () => ok(contract),
      'POST /api/my-contracts/services/list': () => ok({ Items: serviceRows, Total: 2, Page: 1 }),
      'POST /api/my-contracts/documents/list': () => ok({ Items: documentRows, Total: 1, Page: 1 }),
      [`GET /api/my-contracts/documents/download/${ids.file}`]: () =>
        new Response('%PDF', {
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="dogovor.pdf"' },
        }),
      'POST /api/my-invoices/list': () => ok({ Items: [billingRowOf('invoice', 3)], Total: 1, Page: 1 }),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    openContract(ids.contract);

    expect(await screen.findByRole('heading', { level: 2, name: 'Счетоводно обслужване 2026' })).toBeInTheDocument();
    const provider = screen.getByRole('region', { name: 'Доставчик' });
    expect(provider).toHaveTextContent('Кантора ЕООД');
    expect(provider).toHaveTextContent('BG80STSA93000012345678');
    expect(provider).toHaveTextContent('BG18UNCR70001512345678');
    const customer = screen.getByRole('region', { name: 'Получател' });
    for (const value of [
      'Роси Кострузиони ООД',
      'виа Торино 21, 20123, Милано, Италия',
      'Марко Роси',
      '0234567890',
      'IT0234567890',
      'IT60X0542811101000000123456',
      'BIC BCITITMM',
    ]) {
      expect(customer).toHaveTextContent(value);
    }
    const details = await screen.findByRole('region', { name: 'Данни на договора' });
    for (const value of [
      'Месечно счетоводно обслужване и ТРЗ',
      '01.01.2026',
      '31.12.2026',
      'На 3 месеца',
      '450,00 EUR',
    ])
      expect(details).toHaveTextContent(value);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Услуги' }));
    const services = await screen.findByRole('table', { name: 'Услуги' });
    expect(await within(services).findByText('350,00 EUR')).toBeInTheDocument();
    expect(bodyOf(calls, '/my-contracts/services/list')).toMatchObject({
      contractId: ids.contract,
      sortBy: 'created',
      sortDesc: false,
    });

    await userEvent.click(screen.getByRole('tab', { name: 'Документи' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Изтегли: dogovor.pdf' }));
    await waitFor(() => expect(saved).toEqual(['dogovor.pdf']));
    expect(screen.queryByRole('button', { name: /Качи документ|Редактирай|Изтрий/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Фактури' }));
    const link = await screen.findByRole('link', { name: 'Преглед: фактура № 0000000003' });
    expect(link).toHaveAttribute('href', `/my-invoices/${billingRowOf('invoice', 3)._id}`);
    expect(bodyOf(calls, '/my-invoices/list')).toMatchObject({
      contract: ids.contract,
      sortBy: 'date',
      sortDesc: true,
    });
  });

  it("returns to the list with the not-found message for another company's contract or a draft", async () => {
    mockApi({ [`GET /api/my-contracts/${ids.contract}`]: () => failure(404, 'the_contract_was_not_found') });
    openContract(ids.contract);
    expect(await screen.findByText('Договорът не е намерен')).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/my-contracts');
  });
});
