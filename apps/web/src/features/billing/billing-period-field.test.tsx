import { Access, type BillingDocumentView, type ContractView } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { setSessionUser } from '../../lib/session.ts';
import { failure, ok } from '../../test/render.tsx';
import { docOf, ids } from './test-fixtures.ts';
import { openInvoiceEditor } from './test-page.tsx';

const contractId = '00000000-0000-4000-8000-0000000000b1';
/** A monthly contract from 1 August 2026 (only the fields the period list reads matter). */
const contract = {
  _id: contractId,
  name: { bg: 'Счетоводство', it: 'Contabilità' },
  fromDate: '2026-08-01',
  toDate: '2099-12-31',
  invoiceDate: null,
  invoiceMonthlyInterval: 1,
} as unknown as ContractView;

beforeAll(async () => {
  await i18n.loadNamespaces(['billing', 'contracts', 'parties', 'clients', 'settings']);
});
beforeEach(() => {
  // Only the clock's date: the list runs up to three months after today.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-03T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  setSessionUser(null);
  vi.unstubAllGlobals();
});

const open = (doc: BillingDocumentView, answers: Record<string, (init?: RequestInit) => Response> = {}) =>
  openInvoiceEditor(doc, Access.manager, {
    answers: { [`GET /api/contracts/${contractId}`]: () => ok(contract), ...answers },
  });

const draft = (extra: Partial<BillingDocumentView> = {}) =>
  docOf('invoice', false, Access.manager, { contract: contractId, contractName: contract.name, ...extra });

describe('the billed period of an invoice of a contract', () => {
  it("lists the contract's periods newest first with 'by the document's date', and saves the chosen one", {
    timeout: 60_000,
  }, async () => {
    const { calls } = open(draft(), {
      'POST /api/invoices/save': () =>
        ok(draft({ periodFrom: '2026-10-01', periodTo: '2026-10-31' }), 'saved_successfully'),
    });
    const select = await screen.findByRole('combobox', { name: 'Период на фактуриране' }, { timeout: 30_000 });
    expect(select).toHaveTextContent('По датата на документа');
    await userEvent.click(select);
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(8));
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'По датата на документа',
      '01.02.2027 – 28.02.2027',
      '01.01.2027 – 31.01.2027',
      '01.12.2026 – 31.12.2026',
      '01.11.2026 – 30.11.2026',
      '01.10.2026 – 31.10.2026',
      '01.09.2026 – 30.09.2026',
      '01.08.2026 – 31.08.2026',
    ]);
    await userEvent.click(within(list).getByRole('option', { name: '01.10.2026 – 31.10.2026' }));
    expect(select).toHaveTextContent('01.10.2026 – 31.10.2026');
    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/invoices/save'))).toBe(true));
    expect(JSON.parse(String(calls.find((call) => call.url.endsWith('/invoices/save'))?.init?.body))).toMatchObject({
      _id: ids.doc,
      contract: contractId,
      periodFrom: '2026-10-01',
    });
  });

  it('shows the server refusal under the field', { timeout: 60_000 }, async () => {
    open(draft({ periodFrom: '2026-10-01', periodTo: '2026-10-31' }), {
      'POST /api/invoices/save': () =>
        failure(409, 'contract_period_billed', [{ field: 'periodFrom', message: 'contract_period_billed' }]),
    });
    const select = await screen.findByRole('combobox', { name: 'Период на фактуриране' }, { timeout: 30_000 });
    await waitFor(() => expect(select).toHaveTextContent('01.10.2026 – 31.10.2026'));
    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
    expect((await screen.findAllByText('Периодът вече е фактуриран с друг документ')).length).toBeGreaterThan(0);
  });

  it('shows the period read-only on an issued invoice', { timeout: 60_000 }, async () => {
    open(
      docOf('invoice', true, Access.manager, {
        contract: contractId,
        contractName: contract.name,
        periodFrom: '2026-10-01',
        periodTo: '2026-10-31',
      }),
    );
    const field = await screen.findByRole('textbox', { name: 'Период на фактуриране' }, { timeout: 30_000 });
    expect(field).toHaveValue('01.10.2026 – 31.10.2026');
    expect(field).toHaveAttribute('readonly');
    expect(field).not.toBeDisabled();
  });

  it('has no period on a notice', { timeout: 60_000 }, async () => {
    open(
      draft({
        noticeType: 2,
        creditToInvoice: ids.invoice,
        creditToInvoiceNumber: '0000000041',
        creditToInvoiceDate: '2026-10-01',
      }),
    );
    expect(await screen.findByRole('combobox', { name: /Вид на документа/ }, { timeout: 30_000 })).toHaveTextContent(
      'Дебитно известие',
    );
    expect(screen.queryByRole('combobox', { name: 'Период на фактуриране' })).toBeNull();
  });
});
