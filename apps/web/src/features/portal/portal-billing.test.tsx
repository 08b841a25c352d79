import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { failure, LocationProbe, mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { PortalBillingListPage } from './billing-list-page.tsx';
import { PortalBillingPage } from './billing-page.tsx';
import { billingRowOf, billingViewOf, ids } from './test-fixtures.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['portal', 'billing', 'contracts', 'parties']);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The preview at `/my-invoices/{id}` (or the proforma's), with the list's route showing where the page went. */
function openPreview(kind: 'invoice' | 'proforma', id: string) {
  const list = kind === 'invoice' ? '/my-invoices' : '/my-proforma-invoices';
  renderWithProviders(
    <Routes>
      <Route path={`${list}/:id`} element={<PortalBillingPage kind={kind} />} />
      <Route path={list} element={<LocationProbe />} />
    </Routes>,
    { route: `${list}/${id}` },
  );
}

const bodyOf = (calls: { url: string; init?: RequestInit }[], path: string) =>
  JSON.parse(String(calls.find((call) => call.url.endsWith(path))?.init?.body));

describe('my invoices', () => {
  it('lists the portal list columns, newest by date first, each row previewing its portal page', async () => {
    const rows = [
      billingRowOf('invoice', 2, { isPaid: 1 }),
      billingRowOf('invoice', 1, { noticeType: 1, amount: -300, VATAmount: -60, totalAmount: -360 }),
    ];
    const { calls } = mockApi({ 'POST /api/my-invoices/list': () => ok({ Items: rows, Total: 2, Page: 1 }) });
    renderWithProviders(<PortalBillingListPage kind="invoice" />);
    await screen.findByText('0000000002');
    expect(bodyOf(calls, '/my-invoices/list')).toEqual({ page: 1, itemsPerPage: 15, sortBy: 'date', sortDesc: true });
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.slice(0, 6)).toEqual(['Номер', 'Клиент', 'Дата', 'ЕИК / ДДС номер', 'Сума без ДДС', 'Сума с ДДС']);
    expect(within(screen.getByRole('row', { name: /0000000002/ })).getByText('IT0234567890')).toBeInTheDocument();
    expect(screen.getByText('Кредитно известие')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /0000000002/ })).getByText('Платена')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Преглед: фактура № 0000000002' })).toHaveAttribute(
      'href',
      `/my-invoices/${rows[0]._id}`,
    );
  });

  it('says so when there are no issued invoices yet', async () => {
    mockApi({ 'POST /api/my-proforma-invoices/list': () => ok({ Items: [], Total: 0, Page: 1 }) });
    renderWithProviders(<PortalBillingListPage kind="proforma" />);
    expect(await screen.findByText('Все още нямате издадени проформа фактури.')).toBeInTheDocument();
  });

  it('previews an issued invoice read-only: parties, details, rows, totals, the paid state; prints a layout in a new tab', async () => {
    const { calls } = mockApi({
      [`GET /api/my-invoices/${ids.invoice}`]: () => ok(billingViewOf('invoice')),
      [`GET /api/my-invoices/print/${ids.invoice}`]: () =>
        new Response('%PDF-1.7', {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'inline; filename="invoice-0000000042-2026-03-52.pdf"',
          },
        }),
    });
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }));
    openPreview('invoice', ids.invoice);

    expect(await screen.findByRole('heading', { level: 2, name: 'Фактура № 0000000042' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Доставчик' })).toHaveTextContent('Кантора ЕООД');
    expect(screen.getByRole('region', { name: 'Доставчик' })).toHaveTextContent('BG18UNCR70001512345678');
    expect(screen.getByRole('region', { name: 'Получател' })).toHaveTextContent('Роси Кострузиони ООД');
    const details = screen.getByRole('region', { name: 'Данни' });
    for (const value of ['31.03.2026', '14.04.2026', 'По банков път', 'Фактура', 'Мария Петрова'])
      expect(details).toHaveTextContent(value);
    expect(within(details).getByRole('link', { name: 'Счетоводно обслужване 2026' })).toHaveAttribute(
      'href',
      `/my-contracts/${ids.contract}`,
    );
    const items = screen.getByRole('table', { name: 'Стоки и услуги' });
    expect(within(items).getAllByRole('row')).toHaveLength(3);
    expect(within(items).getByText('март 2026')).toBeInTheDocument();
    const totals = within(screen.getByRole('group', { name: 'Суми' }))
      .getAllByRole('definition')
      .map((element) => element.textContent?.replace(/\s/g, ' '));
    expect(totals).toEqual(['300,00 EUR', '60,00 EUR', '360,00 EUR']);
    expect(screen.getByTestId('amount-in-words')).toHaveTextContent('триста и шестдесет евро и нула цента');
    expect(screen.getAllByText('Частично платена').length).toBeGreaterThan(0);
    expect(screen.getByText('260,00 EUR')).toBeInTheDocument();
    // Read-only: nothing to type in, nothing to save.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Запази/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Печат' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Основен шаблон',
      'Българска фактура (в лева)',
      'Италиански шаблон',
      'Е-фактура (XML)EN 16931 (UBL), с PDF-а в нея',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Българска фактура (в лева)' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:pdf'));
    expect(calls.find((call) => call.url.includes('/print/'))?.url).toBe(
      `/api/my-invoices/print/${ids.invoice}?layout=invoice-bgn&lang=bg`,
    );
  });

  it('downloads the e-invoice (XML) of an issued invoice from the print menu, under the name the server gives', async () => {
    const { calls } = mockApi({
      [`GET /api/my-invoices/${ids.invoice}`]: () => ok(billingViewOf('invoice')),
      [`GET /api/my-invoices/einvoice/${ids.invoice}`]: () =>
        new Response('<?xml version="1.0"?><Invoice/>', {
          headers: {
            'Content-Type': 'application/xml',
            'Content-Disposition': 'attachment; filename="invoice-0000000042-2026-03-31.xml"',
          },
        }),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:xml'), revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    openPreview('invoice', ids.invoice);
    await userEvent.click(await screen.findByRole('button', { name: 'Печат' }));
    await userEvent.click(screen.getByRole('menuitem', { name: /Е-фактура \(XML\)/ }));
    await waitFor(() => expect(saved).toEqual(['invoice-0000000042-2026-03-31.xml']));
    expect(calls.map((call) => call.url)).toContain(`/api/my-invoices/einvoice/${ids.invoice}`);
  });

  it('offers no e-invoice for a proforma', async () => {
    mockApi({ [`GET /api/my-proforma-invoices/${ids.proforma}`]: () => ok(billingViewOf('proforma')) });
    openPreview('proforma', ids.proforma);
    await userEvent.click(await screen.findByRole('button', { name: 'Печат' }));
    expect(screen.getAllByRole('menuitem').length).toBeGreaterThan(0);
    expect(screen.queryByRole('menuitem', { name: /XML/ })).not.toBeInTheDocument();
  });

  it("shows a proforma without the invoice's notice type and tax date", async () => {
    mockApi({
      [`GET /api/my-proforma-invoices/${ids.proforma}`]: () =>
        ok(billingViewOf('proforma', { isPaid: 1, paidAmount: 360, notPaid: 0 })),
    });
    openPreview('proforma', ids.proforma);
    expect(await screen.findByRole('heading', { level: 2, name: 'Проформа фактура № 0000000042' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Данни' });
    expect(details).not.toHaveTextContent('Вид на документа');
    expect(details).not.toHaveTextContent('Дата на данъчното събитие');
    expect(screen.getAllByText('Платена').length).toBeGreaterThan(0);
  });

  it("returns to the list with the not-found message for an invoice that is not the user's, or a draft (404)", async () => {
    mockApi({ [`GET /api/my-invoices/${ids.invoice}`]: () => failure(404, 'the_invoice_was_not_found') });
    openPreview('invoice', ids.invoice);
    expect(await screen.findByText('Фактурата не е намерена')).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/my-invoices');
  });

  it('never asks for an id that cannot be one, and returns with the same message', async () => {
    const { calls } = mockApi({});
    openPreview('proforma', 'not-an-id');
    expect(await screen.findByText('Проформа фактурата не е намерена')).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/my-proforma-invoices');
    expect(calls).toHaveLength(0);
  });
});
