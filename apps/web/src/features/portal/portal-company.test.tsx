import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { failure, LocationProbe, mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import PortalCompaniesPage from './companies-page.tsx';
import PortalCompanyPage from './company-page.tsx';
import { billingRowOf, company, companyRows, contractRow, ids } from './test-fixtures.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['portal', 'clients', 'contracts', 'billing', 'documents-flow']);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const bodyOf = (calls: { url: string; init?: RequestInit }[], path: string) =>
  JSON.parse(String(calls.find((call) => call.url.endsWith(path))?.init?.body));

function openCompany(id: string) {
  renderWithProviders(
    <Routes>
      <Route path="/my-companies/:id" element={<PortalCompanyPage />} />
      <Route path="/my-companies" element={<LocationProbe />} />
    </Routes>,
    { route: `/my-companies/${id}` },
  );
}

describe('my companies', () => {
  it("lists the user's companies by name, each previewing its portal page", async () => {
    const { calls } = mockApi({ 'POST /api/my-companies/list': () => ok({ Items: companyRows, Total: 2, Page: 1 }) });
    renderWithProviders(<PortalCompaniesPage />);
    expect(await screen.findByText('Роси Кострузиони ООД')).toBeInTheDocument();
    expect(screen.getByText('Бианки Мода АД')).toBeInTheDocument();
    expect(bodyOf(calls, '/my-companies/list')).toEqual({
      page: 1,
      itemsPerPage: 15,
      sortBy: 'name.bg',
      sortDesc: false,
    });
    expect(screen.getByRole('link', { name: 'Преглед: Бианки Мода АД' })).toHaveAttribute(
      'href',
      `/my-companies/${ids.company2}`,
    );
  });

  it('shows the company with its tabs: contracts, invoices, proformas, the document flow and the contact persons', async () => {
    const { calls } = mockApi({
      [`GET /api/my-companies/${ids.company}`]: () => ok(company),
      'POST /api/my-companies/contracts/list': () => ok({ Items: [contractRow], Total: 1, Page: 1 }),
      'POST /api/my-companies/proforma-invoices/list': () =>
        ok({ Items: [billingRowOf('proforma', 5)], Total: 1, Page: 1 }),
    });
    openCompany(ids.company);
    expect(await screen.findByRole('heading', { level: 2, name: 'Роси Кострузиони ООД' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Данни на фирмата' });
    for (const value of [
      '0234567890',
      'IT0234567890',
      'Марко Роси',
      'виа Торино 21, 20123, Милано, Италия',
      'amministrazione@rossicostruzioni.it',
    ])
      expect(details).toHaveTextContent(value);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Договори',
      'Фактури',
      'Проформа фактури',
      'Документооборот',
      'Лица за контакт',
    ]);

    // The first tab: the company's contracts, each opening the portal's contract page.
    expect(await screen.findByRole('link', { name: 'Преглед: Счетоводно обслужване 2026' })).toHaveAttribute(
      'href',
      `/my-contracts/${ids.contract}`,
    );
    expect(bodyOf(calls, '/my-companies/contracts/list')).toMatchObject({
      companyId: ids.company,
      sortBy: 'fromDate',
      sortDesc: true,
    });

    await userEvent.click(screen.getByRole('tab', { name: 'Проформа фактури' }));
    expect(await screen.findByRole('link', { name: 'Преглед: проформа фактура № 0000000005' })).toHaveAttribute(
      'href',
      `/my-proforma-invoices/${billingRowOf('proforma', 5)._id}`,
    );
    expect(bodyOf(calls, '/my-companies/proforma-invoices/list')).toMatchObject({
      companyId: ids.company,
      sortBy: 'date',
      sortDesc: true,
    });

    await userEvent.click(screen.getByRole('tab', { name: 'Лица за контакт' }));
    const contacts = await screen.findByRole('table', { name: 'Лица за контакт' });
    expect(within(contacts).getAllByRole('row')).toHaveLength(3);
    expect(within(contacts).getByText('Марко Роси')).toBeInTheDocument();
    expect(within(contacts).getByText('Referente Bulgaria')).toBeInTheDocument();
    expect(within(contacts).getByText('ул. Шипка 34, 1504, София, България')).toBeInTheDocument();
  });

  it("returns to /my-companies with the_client_was_not_found for a company that is not the user's", async () => {
    mockApi({ [`GET /api/my-companies/${ids.company2}`]: () => failure(404, 'the_client_was_not_found') });
    openCompany(ids.company2);
    expect(await screen.findByText('Клиентът не е намерен')).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/my-companies');
  });
});
