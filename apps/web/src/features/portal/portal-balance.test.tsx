import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import PortalCompanyPage from './company-page.tsx';
import { company, contractRow, ids } from './test-fixtures.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['portal', 'clients', 'contracts', 'reminders']);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function open(balance: unknown) {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:pdf');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  const api = mockApi({
    [`GET /api/my-companies/${ids.company}`]: () => ok(company),
    [`GET /api/my-companies/balance/${ids.company}`]: () => ok(balance),
    'POST /api/my-companies/contracts/list': () => ok({ Items: [contractRow], Total: 1, Page: 1 }),
    'POST /api/my-companies/statement': () =>
      new Response('%PDF-1.7', {
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="statement.pdf"' },
      }),
  });
  renderWithProviders(
    <Routes>
      <Route path="/my-companies/:id" element={<PortalCompanyPage />} />
    </Routes>,
    { route: `/my-companies/${ids.company}` },
  );
  return { ...api, createObjectURL };
}

describe("the portal company's balance and statement", () => {
  it('shows what the company owes and what is overdue per currency, leva apart, and downloads its statement', async () => {
    const { calls, createObjectURL } = open([
      { currency: 'EUR', outstanding: 1250.5, overdue: 400 },
      { currency: 'BGN', outstanding: 35, overdue: 0 },
    ]);
    const table = await screen.findByRole('table', { name: 'Задължения' }, { timeout: 30_000 });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ВалутаНеплатеноПросрочено',
      'EUR1250,50 EUR400,00 EUR',
      'BGN35,00 BGN0,00 BGN',
    ]);
    expect(screen.getByText('Сумите в лева са на по-стари документи и не са добавени към еврото.')).toBeInTheDocument();

    await screen.findByRole('form', { name: 'Извлечение по сметка' });
    // A client user may only download (no sending by mail).
    expect(screen.queryByRole('button', { name: 'Изпрати по имейл' })).not.toBeInTheDocument();
    const from = document.querySelector<HTMLInputElement>('input[name="fromDate"]');
    const to = document.querySelector<HTMLInputElement>('input[name="toDate"]');
    if (!from || !to) throw new Error('no period inputs');
    fireEvent.change(from, { target: { value: '01.01.2026' } });
    fireEvent.change(to, { target: { value: '31.03.2026' } });
    await userEvent.click(screen.getByRole('button', { name: 'Изтегли PDF' }));
    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.url === '/api/my-companies/statement')
          .map((call) => JSON.parse(String(call.init?.body))),
      ).toEqual([{ companyId: ids.company, fromDate: '2026-01-01', toDate: '2026-03-31', language: 'bg' }]),
    );
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
  });

  it('says so when nothing is owed', async () => {
    open([{ currency: 'EUR', outstanding: 0, overdue: 0 }]);
    expect(await screen.findByText('Нямате неплатени фактури.', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Задължения' })).not.toBeInTheDocument();
  });
});
