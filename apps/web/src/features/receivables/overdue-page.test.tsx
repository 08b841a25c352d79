import type { OverdueRow } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../lib/format.ts';
import i18n from '../../lib/i18n.ts';
import { LocationProbe, mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import OverduePage, { filterOfQuery } from './overdue-page.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['receivables', 'clients']);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const row = (extra: Partial<OverdueRow> = {}): OverdueRow => ({
  _id: 'inv-1',
  number: '0000000042',
  date: '2026-09-01',
  deadline: '2026-09-15',
  daysOverdue: 45,
  bucket: 'd31_60',
  client: { id: 'c-1', name: { bg: 'Алфа ООД', it: 'Alfa Srl' } },
  currency: 'EUR',
  total: 1200,
  credited: -200,
  paid: 300,
  due: 700,
  lastReminder: { stage: 2, at: '2026-10-06T06:00:00.000Z' },
  contact: { email: 'office@alfa.test', phone: '+359 2 123 456', notificationsEmails: ['billing@alfa.test'] },
  ...extra,
});

const currencies = [
  { _id: 'eur', name: { bg: 'Евро', it: 'Euro' }, code: 'EUR', status: true },
  { _id: 'bgn', name: { bg: 'Лев', it: 'Lev' }, code: 'BGN', status: true },
];

function open(route: string, rows: OverdueRow[] = [row()]) {
  const api = mockApi({
    'POST /api/receivables/overdue': () => ok({ Items: rows, Total: rows.length, Page: 1 }),
    'POST /api/receivables/overdue/export': () =>
      new Response(new Blob(['xlsx']), {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': 'attachment; filename="overdue.xlsx"',
        },
      }),
    'GET /api/metaData/getCurrencies': () => ok(currencies),
    'GET /api/companies/c-1': () => ok({ _id: 'c-1', name: { bg: 'Алфа ООД', it: 'Alfa Srl' }, bulstat: '123' }),
  });
  renderWithProviders(
    <Routes>
      <Route
        path="/receivables/overdue"
        element={
          <>
            <OverduePage />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { route },
  );
  return api;
}

const bodiesOf = (api: ReturnType<typeof mockApi>, path: string) =>
  api.calls
    .filter((call) => call.url === `/api${path}`)
    .map((call) => JSON.parse(String(call.init?.body)) as Record<string, unknown>);

describe('the overdue list', () => {
  it('reads its filter from the route (the summary links here)', () => {
    expect(filterOfQuery(new URLSearchParams('bucket=d31_60&currency=eur&clientId=c-1'))).toEqual({
      bucket: 'd31_60',
      currency: 'EUR',
      clientId: 'c-1',
    });
    expect(filterOfQuery(new URLSearchParams('bucket=d7&sortBy=x'))).toEqual({});
  });

  it('asks for the bucket and currency of the route and shows days overdue, due, the last reminder and the contact', async () => {
    const api = open('/receivables/overdue?bucket=d31_60&currency=EUR');
    const table = await screen.findByRole('table', { name: 'Просрочени фактури' });
    const link = await within(table).findByRole('link', { name: '0000000042' });
    expect(link).toHaveAttribute('href', '/invoices/inv-1');
    const cells = within(link.closest('tr') as HTMLElement);
    expect(cells.getByText('Алфа ООД')).toBeInTheDocument();
    expect(cells.getByText('15.09.2026')).toBeInTheDocument();
    expect(cells.getByText('45 дни')).toBeInTheDocument();
    expect(cells.getByText(formatMoney(700, 'EUR'))).toBeInTheDocument();
    expect(cells.getByText('Напомняне 2')).toBeInTheDocument();
    expect(cells.getByText('06.10.2026')).toBeInTheDocument();
    expect(cells.getByRole('link', { name: 'billing@alfa.test' })).toHaveAttribute('href', 'mailto:billing@alfa.test');
    expect(cells.getByRole('link', { name: 'Фактура 0000000042 на Алфа ООД' })).toHaveAttribute(
      'href',
      '/invoices/inv-1',
    );
    expect(bodiesOf(api, '/receivables/overdue')[0]).toMatchObject({
      bucket: 'd31_60',
      currency: 'EUR',
      page: 1,
      sortBy: 'deadline',
      sortDesc: false,
    });
  });

  it('shows the client of the route in the filter and sends it', async () => {
    const api = open('/receivables/overdue?clientId=c-1&currency=EUR');
    expect(await screen.findByRole('combobox', { name: 'Клиент' })).toHaveValue('Алфа ООД');
    await waitFor(() => expect(bodiesOf(api, '/receivables/overdue')[0]).toMatchObject({ clientId: 'c-1' }));
  });

  it('says when no reminder was sent and when an invoice is not yet due', async () => {
    open('/receivables/overdue?bucket=current', [row({ daysOverdue: -3, lastReminder: null, bucket: 'current' })]);
    const table = await screen.findByRole('table', { name: 'Просрочени фактури' });
    expect(await within(table).findByText('в срок')).toBeInTheDocument();
    expect(within(table).getByText('няма')).toBeInTheDocument();
  });

  it('writes a chosen filter into the route and asks again', async () => {
    const api = open('/receivables/overdue');
    await screen.findByRole('table', { name: 'Просрочени фактури' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Период' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Над 90 дни' }));
    await userEvent.click(screen.getByRole('button', { name: 'Приложи' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/receivables/overdue?bucket=d90_plus'),
    );
    await waitFor(() => expect(bodiesOf(api, '/receivables/overdue').at(-1)).toMatchObject({ bucket: 'd90_plus' }));
  });

  it('exports the filter as XLSX', async () => {
    const api = open('/receivables/overdue?bucket=d61_90&currency=BGN');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    await screen.findByRole('table', { name: 'Просрочени фактури' });
    await userEvent.click(screen.getByRole('button', { name: 'Експорт в Excel' }));
    await waitFor(() =>
      expect(bodiesOf(api, '/receivables/overdue/export')).toEqual([{ bucket: 'd61_90', currency: 'BGN' }]),
    );
  });
});
