import { Access } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { TransformDialog } from './transform-dialog.tsx';
import { docOf, ids, itemOf } from './test-fixtures.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['billing']);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the transformation of chosen rows', () => {
  it('offers only the rows not yet invoiced, asks, and sends the chosen rows', { timeout: 60_000 }, async () => {
    const proforma = docOf('proforma', true, Access.manager, { itemsCount: 3, transformedItems: 1 });
    const invoice = docOf('invoice', false, Access.manager, { _id: ids.invoice });
    const { calls } = mockApi({
      'POST /api/proforma-invoices/getItems': () =>
        ok([itemOf(1, { isTransformed: true, transformedToInvoice: ids.invoice }), itemOf(2), itemOf(3)]),
      'POST /api/proforma-invoices/transformItemsToInvoice': () => ok(invoice, 'saved_successfully'),
    });
    const onTransformed = vi.fn();
    renderWithProviders(
      <TransformDialog proforma={proforma} onClose={() => undefined} onTransformed={onTransformed} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Фактуриране на избрани редове' });
    const first = await within(dialog).findByRole('checkbox', { name: /1\. Услуга 1/ });
    expect(first).toBeDisabled();
    expect(within(dialog).getByText('Фактуриран')).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Фактурирай избраните (0)' });
    expect(submit).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /2\. Услуга 2/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /3\. Услуга 3/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Фактурирай избраните (2)' }));
    const question = await screen.findByRole('dialog', { name: 'Фактуриране на проформа' });
    expect(within(question).getByText('Да се създаде ли чернова на фактура с избраните 2 реда?')).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/transformItemsToInvoice'))).toBe(false);
    await userEvent.click(within(question).getByRole('button', { name: 'Превърни във фактура' }));
    await waitFor(() => expect(onTransformed).toHaveBeenCalledWith(invoice));
    const body = JSON.parse(String(calls.find((call) => call.url.endsWith('/transformItemsToInvoice'))?.init?.body));
    expect(body).toEqual({ proformaInvoiceId: ids.doc, proformaInvoiceItems: [ids.item(2), ids.item(3)] });
  });
});
