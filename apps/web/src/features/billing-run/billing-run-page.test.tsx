import { type BillingRunPreview, type BillingRunRow, sofiaDay } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { BillingRunPage } from './billing-run-page.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['billing-run']);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const text = (bg: string) => ({ bg, it: bg });
const rowOf = (n: number, extra: Partial<BillingRunRow> = {}): BillingRunRow => ({
  contractId: `00000000-0000-4000-8000-00000000000${n}`,
  contractName: text(`Договор ${n}`),
  customerId: `00000000-0000-4000-9000-00000000000${n}`,
  companyName: text(`Клиент ${n} ООД`),
  kind: 'invoice',
  periodFrom: '2026-11-01',
  periodTo: '2026-11-30',
  late: false,
  months: 1,
  interval: 1,
  currency: 'eur',
  currencyCode: 'EUR',
  amount: 100,
  VATAmount: 20,
  totalAmount: 120,
  ...extra,
});

function open(rows: BillingRunRow[], extra: Partial<BillingRunPreview> = {}) {
  let current = rows;
  const preview = (): BillingRunPreview => ({
    month: '2026-11',
    rows: current,
    sums: [],
    leftOut: [
      {
        contractId: 'x',
        contractName: text('Сезонно обслужване'),
        customerId: null,
        companyName: text('Черноморски бриз ООД'),
        periodFrom: '2026-11-01',
        periodTo: '2026-11-30',
        late: false,
        reasons: ['client_inactive'],
      },
    ],
    truncated: false,
    ...extra,
  });
  const api = mockApi({
    'POST /api/billing-run/preview': () => ok(preview()),
    'POST /api/billing-run/run': (init) => {
      const body = JSON.parse(String(init?.body)) as { items: Array<{ contractId: string }> };
      const made = current.filter((row) => body.items.some((item) => item.contractId === row.contractId));
      current = current.filter((row) => !made.includes(row));
      return ok({
        created: made.map((row, index) => ({
          _id: row.late ? `doc-${row.contractId.slice(-1)}-${row.periodFrom}` : `doc-${row.contractId.slice(-1)}`,
          kind: row.kind,
          number: null,
          issued: false,
          contractId: row.contractId,
          contractName: row.contractName,
          companyName: row.companyName,
          periodFrom: row.periodFrom,
          periodTo: row.periodTo,
          totalAmount: row.totalAmount + index,
          currencyCode: 'EUR',
        })),
        skipped: [],
        issueErrors: [],
      });
    },
  });
  renderWithProviders(<BillingRunPage />);
  return api;
}

describe('the billing run page', () => {
  it('previews the current month with every row chosen, their sums, and the left-out contracts with reasons', {
    timeout: 60_000,
  }, async () => {
    const { calls } = open([
      rowOf(1),
      rowOf(2, { kind: 'proforma', amount: 50.5, VATAmount: 10.1, totalAmount: 60.6 }),
    ]);
    const table = await screen.findByRole('table', { name: 'Периоди за фактуриране' });
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({ month: sofiaDay().slice(0, 7) });
    expect(within(table).getAllByRole('checkbox', { checked: true })).toHaveLength(3);
    expect(within(table).getByText('Проформа')).toBeInTheDocument();
    const sums = screen.getByRole('list', { name: 'Суми на избраните документи по валути' });
    expect(sums).toHaveTextContent('EUR: 2 документа');
    expect(sums).toHaveTextContent(/без ДДС 150,50\sEUR · с ДДС 180,60\sEUR/);
    expect(screen.getByText('клиентът е неактивен')).toBeInTheDocument();
    await userEvent.click(
      within(table).getByRole('checkbox', { name: 'Избери Договор 2 на Клиент 2 ООД, 01.11.2026 – 30.11.2026' }),
    );
    expect(sums).toHaveTextContent('EUR: 1 документ');
    expect(screen.getByText('Избрани 1 от 2')).toBeInTheDocument();
  });

  it('runs the chosen rows after a confirmation, shows the progress and links the drafts; the unticked one stays', {
    timeout: 60_000,
  }, async () => {
    const { calls } = open([rowOf(1), rowOf(2), rowOf(3)]);
    const table = await screen.findByRole('table', { name: 'Периоди за фактуриране' });
    await userEvent.click(
      within(table).getByRole('checkbox', { name: 'Избери Договор 2 на Клиент 2 ООД, 01.11.2026 – 30.11.2026' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Фактурирай' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Ще бъдат създадени 2 документа като чернови.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Фактурирай' }));
    expect(await screen.findByText('Готово: обработени са 2')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    const created = screen.getByRole('list', { name: 'Създадени документи' });
    expect(within(created).getByRole('link', { name: 'Фактура (чернова) · Клиент 1 ООД' })).toHaveAttribute(
      'href',
      '/invoices/doc-1',
    );
    expect(within(created).getAllByRole('link')).toHaveLength(2);
    const runs = calls
      .filter((call) => call.url.endsWith('/billing-run/run'))
      .map((call) => JSON.parse(String(call.init?.body)));
    expect(runs).toEqual([
      {
        month: sofiaDay().slice(0, 7),
        items: [rowOf(1), rowOf(3)].map((row) => ({ contractId: row.contractId, periodFrom: row.periodFrom })),
        issue: false,
        timesheetAnnex: true,
      },
    ]);
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Периоди за фактуриране' })).getAllByRole('row')).toHaveLength(2),
    );
    expect(screen.getByRole('table', { name: 'Периоди за фактуриране' })).toHaveTextContent('Договор 2');
  });

  it("marks the late periods in words, the oldest first as the preview gives them, and sends a contract's missed periods as items of their own", {
    timeout: 60_000,
  }, async () => {
    const september = rowOf(1, { periodFrom: '2026-09-01', periodTo: '2026-09-30', late: true });
    const october = rowOf(1, { periodFrom: '2026-10-01', periodTo: '2026-10-31', late: true });
    const { calls } = open([september, october, rowOf(1), rowOf(2)], {
      leftOut: [
        {
          contractId: 'x',
          contractName: text('Сезонно обслужване'),
          customerId: null,
          companyName: text('Черноморски бриз ООД'),
          periodFrom: '2026-10-01',
          periodTo: '2026-10-31',
          late: true,
          reasons: ['client_inactive'],
        },
      ],
      truncated: true,
    });
    const table = await screen.findByRole('table', { name: 'Периоди за фактуриране' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('checkbox').getAttribute('aria-label'))).toEqual([
      'Избери Договор 1 на Клиент 1 ООД, 01.09.2026 – 30.09.2026, просрочен',
      'Избери Договор 1 на Клиент 1 ООД, 01.10.2026 – 31.10.2026, просрочен',
      'Избери Договор 1 на Клиент 1 ООД, 01.11.2026 – 30.11.2026',
      'Избери Договор 2 на Клиент 2 ООД, 01.11.2026 – 30.11.2026',
    ]);
    // The mark is a word (shown in the period column, and under the contract on narrow screens).
    expect(within(rows[0]).getAllByText('просрочен').length).toBeGreaterThan(0);
    expect(within(rows[2]).queryByText('просрочен')).not.toBeInTheDocument();
    expect(screen.getByText('Избрани 4 от 4 · 2 просрочени')).toBeInTheDocument();
    expect(screen.getByText(/Показани са само най-старите 5 периода/)).toBeInTheDocument();
    expect(
      within(screen.getByText('Черноморски бриз ООД · Сезонно обслужване').closest('li')!).getByText('просрочен'),
    ).toBeInTheDocument();
    // Plain Bulgarian: the periods left out are "not invoiced", with why.
    expect(screen.getByRole('heading', { name: 'Нефактурирани периоди (1)' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Фактурирай' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Фактурирай' }));
    expect(await screen.findByText('Готово: обработени са 4')).toBeInTheDocument();
    const runs = calls
      .filter((call) => call.url.endsWith('/billing-run/run'))
      .map((call) => JSON.parse(String(call.init?.body)).items);
    expect(runs).toEqual([
      [september, october, rowOf(1), rowOf(2)].map((row) => ({
        contractId: row.contractId,
        periodFrom: row.periodFrom,
      })),
    ]);
  });
});
