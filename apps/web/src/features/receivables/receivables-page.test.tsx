import type { CurrencySummary, ReceivablesSummary } from '@kantora/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../lib/format.ts';
import i18n from '../../lib/i18n.ts';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import ReceivablesPage from './receivables-page.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['receivables']);
  // The charts measure their box; jsdom has no layout.
  if (typeof ResizeObserver === 'undefined')
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const months = (invoiced: number) =>
  Array.from({ length: 12 }, (_, index) => ({
    month: `2026-${String(index + 1).padStart(2, '0')}`,
    invoiced: index === 10 ? invoiced : 0,
    paid: index === 10 ? invoiced / 2 : 0,
  }));

const euro: CurrencySummary = {
  currency: 'EUR',
  outstanding: 4200.5,
  overdue: 3000,
  buckets: [
    { key: 'current', amount: 1200.5, count: 2 },
    { key: 'd1_30', amount: 500, count: 1 },
    { key: 'd31_60', amount: 2500, count: 3 },
    { key: 'd61_90', amount: 0, count: 0 },
    { key: 'd90_plus', amount: 0, count: 0 },
  ],
  topDebtors: [
    { clientId: 'c-1', name: { bg: 'Алфа ООД', it: 'Alfa Srl' }, due: 3000, overdue: 2500 },
    { clientId: 'c-2', name: { bg: 'Бета ЕООД', it: 'Beta Srl' }, due: 1200.5, overdue: 500 },
  ],
  months: months(4800),
};
const leva: CurrencySummary = {
  currency: 'BGN',
  outstanding: 390,
  overdue: 390,
  buckets: [
    { key: 'current', amount: 0, count: 0 },
    { key: 'd1_30', amount: 0, count: 0 },
    { key: 'd31_60', amount: 0, count: 0 },
    { key: 'd61_90', amount: 0, count: 0 },
    { key: 'd90_plus', amount: 390, count: 1 },
  ],
  topDebtors: [{ clientId: 'c-9', name: { bg: 'Стара ООД', it: 'Vecchia Srl' }, due: 390, overdue: 390 }],
  months: months(0),
};
const summary: ReceivablesSummary = {
  currencies: [euro, leva],
  months: Array.from({ length: 12 }, (_, index) => ({
    month: `2026-${String(index + 1).padStart(2, '0')}`,
    hours: index === 10 ? 120.5 : 0,
    billedHours: index === 10 ? 100 : 0,
  })),
  today: '2026-11-26',
};

function open(answer: ReceivablesSummary = summary) {
  return mockApi({ 'GET /api/receivables/summary': () => ok(answer) });
}

describe('the receivables page', () => {
  it('shows each currency apart, EUR first, the leva with their note', async () => {
    open();
    renderWithProviders(<ReceivablesPage />);
    const cards = await screen.findAllByRole('region', { name: /^(EUR|BGN)$/ });
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['EUR', 'BGN']);
    expect(within(cards[0]).getByText(formatMoney(4200.5, 'EUR'))).toBeInTheDocument();
    expect(within(cards[0]).getByText(formatMoney(3000.0, 'EUR'))).toBeInTheDocument();
    expect(within(cards[0]).queryByText(/не са добавени към еврото/)).toBeNull();
    expect(within(cards[1]).getByText(/не са добавени към еврото/)).toBeInTheDocument();
    expect(within(cards[1]).getByRole('link', { name: 'Просрочените в BGN' })).toHaveAttribute(
      'href',
      '/receivables/overdue?currency=BGN',
    );
    expect(screen.getByText('Към 26.11.2026')).toBeInTheDocument();
  });

  it('gives the aging as a named chart and a table whose rows open the bucket', async () => {
    open();
    renderWithProviders(<ReceivablesPage />);
    expect(await screen.findByRole('figure', { name: 'Възраст на вземанията в EUR, графика' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Възраст на вземанията в EUR' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Неизтекъл срок', '2', formatMoney(1200.5, 'EUR')],
      ['1–30 дни', '1', formatMoney(500.0, 'EUR')],
      ['31–60 дни', '3', formatMoney(2500.0, 'EUR')],
      ['61–90 дни', '0', formatMoney(0.0, 'EUR')],
      ['Над 90 дни', '0', formatMoney(0.0, 'EUR')],
    ]);
    expect(within(table).getByRole('link', { name: 'Фактурите в 31–60 дни' })).toHaveAttribute(
      'href',
      '/receivables/overdue?bucket=d31_60&currency=EUR',
    );
  });

  it('lists the top debtors, each opening their invoices', async () => {
    open();
    renderWithProviders(<ReceivablesPage />);
    const table = await screen.findByRole('table', { name: 'Най-големите длъжници в EUR' });
    const link = within(table).getByRole('link', { name: 'Фактурите на Алфа ООД' });
    expect(link).toHaveAttribute('href', '/receivables/overdue?clientId=c-1&currency=EUR');
    expect(within(link.closest('tr') as HTMLElement).getByText(formatMoney(2500.0, 'EUR'))).toBeInTheDocument();
  });

  it('shows invoiced against paid and the hours as tables beside the charts', async () => {
    open();
    renderWithProviders(<ReceivablesPage />);
    const money = await screen.findByRole('table', { name: 'Фактурирано и платено по месеци в EUR' });
    expect(within(money).getAllByRole('row')).toHaveLength(13);
    expect(within(money).getByText('11.2026')).toBeInTheDocument();
    expect(within(money).getByText(formatMoney(4800))).toBeInTheDocument();
    expect(within(money).getByText(formatMoney(2400))).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Фактурирано и платено по месеци в EUR, графика' })).toBeInTheDocument();
    const hours = screen.getByRole('table', { name: 'Отчетени и фактурирани часове по месеци' });
    expect(within(hours).getByText('120,5')).toBeInTheDocument();
    expect(within(hours).getByText('100')).toBeInTheDocument();
  });

  it('switches the charts and tables to the leva', async () => {
    open();
    renderWithProviders(<ReceivablesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'BGN' }));
    const table = screen.getByRole('table', { name: 'Възраст на вземанията в BGN' });
    expect(within(table).getByRole('link', { name: 'Фактурите в Над 90 дни' })).toHaveAttribute(
      'href',
      '/receivables/overdue?bucket=d90_plus&currency=BGN',
    );
    expect(screen.queryByRole('table', { name: 'Възраст на вземанията в EUR' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Фактурите на Стара ООД' })).toBeInTheDocument();
  });

  it('says so when nothing is owed', async () => {
    open({ currencies: [], months: [], today: '2026-11-26' });
    renderWithProviders(<ReceivablesPage />);
    expect(await screen.findByText(/Няма неплатени фактури/)).toBeInTheDocument();
  });
});
