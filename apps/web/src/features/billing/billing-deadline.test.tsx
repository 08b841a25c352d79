import { Access, addDaysToDate, NoticeType } from '@kantora/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { setSessionUser } from '../../lib/session.ts';
import { sofiaDate } from '../../lib/sofia-time.ts';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { BillingEditorPage } from './billing-editor-page.tsx';
import { suggestedDeadline } from './billing-form.ts';
import { currencies, userOf, vatTypes } from './test-fixtures.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['billing', 'contracts', 'parties', 'clients', 'settings']);
});
afterEach(() => {
  setSessionUser(null);
  vi.unstubAllGlobals();
});

const client = {
  _id: '00000000-0000-4000-8000-0000000000c1',
  name: { bg: 'Клиент ООД', it: 'Cliente Srl' },
  bulstat: '123456789',
  vatNumber: 'BG123456789',
};
const dotted = (day: string) => day.split('-').reverse().join('.');
const deadlineInput = () => document.querySelector<HTMLInputElement>('input[name="paymentDeadlineDate"]');

describe('suggestedDeadline', () => {
  it("is the date plus the client's term, else the defaults'; none for a credit notice or a client whose term is unknown", () => {
    const defaults = {
      currency: null,
      vatType: null,
      paymentType: null,
      signer: null,
      signers: [],
      paymentTermDays: 14,
    };
    expect(suggestedDeadline('2026-03-02', null, defaults, NoticeType.invoice)).toBe('2026-03-16');
    expect(suggestedDeadline('2026-03-02', { ...client, paymentTermDays: null }, defaults, NoticeType.invoice)).toBe(
      '2026-03-16',
    );
    expect(suggestedDeadline('2026-03-02', { ...client, paymentTermDays: 0 }, defaults, NoticeType.debit)).toBe(
      '2026-03-02',
    );
    expect(suggestedDeadline('2026-03-02', { ...client, paymentTermDays: 30 }, defaults, NoticeType.invoice)).toBe(
      '2026-04-01',
    );
    expect(suggestedDeadline('2026-03-02', { ...client, paymentTermDays: 30 }, defaults, NoticeType.credit)).toBeNull();
    expect(suggestedDeadline('2026-03-02', client, defaults, NoticeType.invoice)).toBeNull();
    expect(suggestedDeadline(null, null, defaults, NoticeType.invoice)).toBeNull();
    expect(suggestedDeadline('2026-03-02', null, null, NoticeType.invoice)).toBe('2026-03-02');
  });
});

describe('a new invoice for a client', () => {
  it("is due today plus the client's term; a credit notice has no due date field", { timeout: 60_000 }, async () => {
    setSessionUser(userOf(Access.manager));
    mockApi({
      'GET /api/metaData/getCurrencies': () => ok(currencies),
      'GET /api/metaData/getVATTypes': () => ok(vatTypes),
      'GET /api/metaData/getPaymentTypes': () => ok([]),
      'GET /api/metaData/getInvoiceDefaults': () =>
        ok({ currency: null, vatType: null, paymentType: null, signer: null, signers: [], paymentTermDays: 14 }),
      'GET /api/metaData/getMyCompany': () => ok(null),
      [`GET /api/companies/${client._id}`]: () => ok({ ...client, paymentTermDays: 10 }),
    });
    renderWithProviders(
      <Routes>
        <Route path="/invoices/create" element={<BillingEditorPage kind="invoice" />} />
      </Routes>,
      { route: `/invoices/create?clientId=${client._id}` },
    );
    // The editor is the app's heaviest page: on a busy machine its first render takes a while.
    await screen.findByRole('combobox', { name: /Вид на документа/ }, { timeout: 30_000 });
    await waitFor(() => expect(deadlineInput()?.value).toBe(dotted(addDaysToDate(sofiaDate(), 10))));
    await userEvent.click(screen.getByRole('combobox', { name: /Вид на документа/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Кредитно известие' }));
    await waitFor(() => expect(deadlineInput()).toBeNull());
    await userEvent.click(screen.getByRole('combobox', { name: /Вид на документа/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Фактура' }));
    await waitFor(() => expect(deadlineInput()?.value).toBe(dotted(addDaysToDate(sofiaDate(), 10))));
  });
});
