import { Access, type BillingDocumentView, type BillingItemRow } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { ok } from '../../test/render.tsx';
import { signOutAfterEach } from '../../test/users.ts';
import { docOf, ids, itemOf } from './test-fixtures.ts';
import { openInvoiceEditor } from './test-page.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['billing', 'contracts', 'parties', 'clients', 'settings']);
});
signOutAfterEach();

const DUPLICATE_ID = '00000000-0000-4000-8000-0000000000d9';

const open = (
  doc: BillingDocumentView,
  access: number,
  items: () => BillingItemRow[],
  answers: Record<string, (init?: RequestInit) => Response> = {},
) => openInvoiceEditor(doc, access, { items, answers, withList: true });

const heading = () =>
  screen.findByRole('heading', { level: 2, name: /^(Фактура|Кредитно известие)/ }, { timeout: 30_000 });
const bodyOf = (calls: Array<{ url: string; init?: RequestInit }>, path: string) =>
  JSON.parse(String(calls.find((call) => call.url.endsWith(path))?.init?.body));

describe('removing and duplicating drafts in the editor', () => {
  it('deletes a never-issued draft only after the question is confirmed, then opens the list', {
    timeout: 60_000,
  }, async () => {
    const { calls } = open(docOf('invoice', false, Access.manager), Access.manager, () => [], {
      'POST /api/invoices/remove': () => ok({ _id: ids.doc }, 'deleted_successfully'),
    });
    await heading();
    await userEvent.click(await screen.findByRole('button', { name: 'Изтрий черновата' }));
    const question = await screen.findByRole('dialog', { name: 'Изтриване на чернова' });
    await userEvent.click(within(question).getByRole('button', { name: 'Отказ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.url.endsWith('/invoices/remove'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Изтрий черновата' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Изтриване на чернова' })).getByRole('button', {
        name: 'Изтрий черновата',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/invoices'));
    expect(bodyOf(calls, '/invoices/remove')).toEqual({ invoiceId: ids.doc });
  });

  it('offers no delete on an issued invoice; duplicates it and opens the copy', { timeout: 60_000 }, async () => {
    const issued = docOf('invoice', true, Access.manager);
    const { calls } = open(issued, Access.manager, () => [itemOf(1)], {
      'POST /api/invoices/duplicate': () =>
        ok(docOf('invoice', false, Access.manager, { _id: DUPLICATE_ID }), 'saved_successfully'),
    });
    await heading();
    expect(screen.queryByRole('button', { name: 'Изтрий черновата' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Дублирай' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/invoices/${DUPLICATE_ID}`));
    expect(bodyOf(calls, '/invoices/duplicate')).toEqual({ invoiceId: ids.doc });
  });

  it('shows neither button to an accountant', { timeout: 60_000 }, async () => {
    open(docOf('invoice', false, Access.accountant), Access.accountant, () => []);
    await heading();
    expect(screen.queryByRole('button', { name: 'Изтрий черновата' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Дублирай' })).not.toBeInTheDocument();
  });

  it('keeps the delete button away from a draft that once had a number', { timeout: 60_000 }, async () => {
    open(docOf('invoice', false, Access.admin, { number: '0000000042' }), Access.admin, () => []);
    await heading();
    expect(await screen.findByRole('button', { name: 'Дублирай' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Изтрий черновата' })).not.toBeInTheDocument();
  });
});

describe("a notice draft takes its invoice's rows", () => {
  it('copies the rows into an empty credit notice draft; the button goes once there are rows', {
    timeout: 60_000,
  }, async () => {
    let rows: BillingItemRow[] = [];
    const notice = {
      noticeType: 1 as const,
      creditToInvoice: ids.invoice,
      creditToInvoiceNumber: '0000000041',
      creditToInvoiceDate: '2026-03-01',
    };
    const { calls } = open(
      docOf('invoice', false, Access.manager, { ...notice, amount: 0, VATAmount: 0, totalAmount: 0 }),
      Access.manager,
      () => rows,
      {
        'POST /api/invoices/copyOriginalItems': () => {
          rows = [itemOf(1, { total: -100 }), itemOf(2, { total: -200 })];
          return ok(
            docOf('invoice', false, Access.manager, {
              ...notice,
              amount: -300,
              VATAmount: -60,
              totalAmount: -360,
              itemsCount: 2,
            }),
            'saved_successfully',
          );
        },
      },
    );
    await heading();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Копирай редовете на фактурата' }, { timeout: 15_000 }),
    );
    const table = screen.getByRole('table', { name: 'Стоки и услуги' });
    expect(await within(table).findByText('Услуга 2')).toBeInTheDocument();
    expect(bodyOf(calls, '/invoices/copyOriginalItems')).toEqual({ invoiceId: ids.doc });
    expect(screen.queryByRole('button', { name: 'Копирай редовете на фактурата' })).not.toBeInTheDocument();
  });

  it('offers no copy on a plain invoice draft', { timeout: 60_000 }, async () => {
    open(docOf('invoice', false, Access.manager), Access.manager, () => []);
    await heading();
    expect(
      await screen.findByText('Във фактурата няма добавени редове', undefined, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Копирай редовете на фактурата' })).not.toBeInTheDocument();
  });
});
