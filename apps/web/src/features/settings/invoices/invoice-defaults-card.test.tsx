import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { mockApi, ok, renderWithProviders } from '../../../test/render.tsx';
import { InvoiceDefaultsCard } from './invoice-defaults-card.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces('settings');
});
afterEach(() => vi.unstubAllGlobals());

const ids = {
  currency: '00000000-0000-4000-8000-000000000001',
  vat: '00000000-0000-4000-8000-000000000002',
  payment: '00000000-0000-4000-8000-000000000003',
  admin: '00000000-0000-4000-8000-000000000004',
};
const settings = {
  _id: '00000000-0000-4000-8000-000000000010',
  currency: ids.currency,
  vatType: ids.vat,
  paymentType: ids.payment,
  signer: ids.admin,
  signers: [ids.admin],
  paymentTermDays: 14,
};
const term = () => screen.getByRole('textbox', { name: /Срок за плащане \(дни\)/ });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Запази стойностите' }));

describe('InvoiceDefaultsCard: the payment term', () => {
  it('shows the saved term, refuses more than 365 days and saves a whole number of days', {
    timeout: 30_000,
  }, async () => {
    const { calls } = mockApi({
      'GET /api/metaData/getCurrencies': () =>
        ok([{ _id: ids.currency, name: { bg: 'Евро', it: 'Euro' }, code: 'EUR', status: true, exchangeRate: 1.95583 }]),
      'GET /api/metaData/getVATTypes': () =>
        ok([{ _id: ids.vat, name: { bg: 'ДДС 20%', it: 'IVA 20%' }, status: true, percentage: 20 }]),
      'GET /api/metaData/getPaymentTypes': () =>
        ok([{ _id: ids.payment, name: { bg: 'Банков превод', it: 'Bonifico' }, status: true }]),
      'GET /api/metaData/getAllEmployeeUsers': () =>
        ok([{ _id: ids.admin, fullName: { bg: 'Иван Иванов', it: 'Ivan Ivanov' } }]),
      'POST /api/settings/invoices/save': (init) =>
        ok({ ...settings, ...JSON.parse(String(init?.body)) }, 'saved_successfully'),
    });
    renderWithProviders(<InvoiceDefaultsCard settings={settings} />);
    expect(term()).toHaveValue('14');
    await userEvent.clear(term());
    await userEvent.type(term(), '400');
    await save();
    expect(await screen.findByText('Невалидна стойност')).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/settings/invoices/save'))).toBe(false);
    await userEvent.clear(term());
    await userEvent.type(term(), '30');
    await save();
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/settings/invoices/save'))).toBe(true));
    const body = JSON.parse(String(calls.find((call) => call.url.endsWith('/settings/invoices/save'))?.init?.body));
    expect(body).toMatchObject({ paymentTermDays: 30, currency: ids.currency, signers: [ids.admin] });
  });
});
