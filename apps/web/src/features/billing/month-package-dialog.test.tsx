import { Access, type BillingRow } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { setSessionUser } from '../../lib/session.ts';
import { failure, mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { BillingListPage } from './billing-list-page.tsx';
import { MonthPackageDialog, previousMonth } from './month-package-dialog.tsx';
import { docOf, userOf } from './test-fixtures.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['billing', 'clients']);
});
afterEach(() => {
  setSessionUser(null);
  vi.unstubAllGlobals();
});

const URL_OF = 'POST /api/invoices/monthPackage';

/** A zip answer streamed in two chunks; the second waits for `release` so the test sees the progress between. */
function streamedZip(count: number) {
  let release = () => {};
  const cancelled = vi.fn();
  const second = new Promise<void>((resolve) => {
    release = resolve;
  });
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(new Uint8Array(2048));
      await second;
      controller.enqueue(new Uint8Array(1024));
      controller.close();
    },
    cancel: cancelled,
  });
  const response = new Response(body, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': 'attachment; filename="invoices-2026-01.zip"',
      'X-Document-Count': String(count),
    },
  });
  return { response, release: () => release(), cancelled };
}

const stubSaving = () => {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:zip');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  return createObjectURL;
};

describe('the month package dialog', () => {
  it('posts the previous month by default, shows the count and the bytes while receiving, then saves the zip', {
    timeout: 60_000,
  }, async () => {
    const saved = stubSaving();
    const zip = streamedZip(42);
    const { calls } = mockApi({ [URL_OF]: () => zip.response });
    renderWithProviders(<MonthPackageDialog open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Пакет на месеца за счетоводството' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Изтегли' }));
    const status = within(dialog).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Документи: 42 · получени 2 KB…'));
    expect(within(dialog).getByRole('progressbar', { name: 'Подготовка и изтегляне на пакета' })).not.toHaveAttribute(
      'aria-valuenow',
    );
    expect(within(dialog).getByRole('button', { name: 'Изтегли' })).toBeDisabled();
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({ month: previousMonth() });

    zip.release();
    await waitFor(() =>
      expect(status).toHaveTextContent('Готово: invoices-2026-01.zip (42 документа, 3 KB) е запазен.'),
    );
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(saved).toHaveBeenCalledTimes(1);
    expect(saved.mock.calls[0][0].size).toBe(3072);
  });

  it('posts the month chosen with the keyboard and shows a refusal in the dialog', { timeout: 60_000 }, async () => {
    const { calls } = mockApi({
      [URL_OF]: () => failure(400, 'invalid_value', [{ field: 'month', message: 'invalid_value' }]),
    });
    renderWithProviders(<MonthPackageDialog open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const [monthSection] = within(dialog).getAllByRole('spinbutton');
    monthSection.focus();
    await userEvent.keyboard('{ArrowUp}');
    const [year, month] = previousMonth().split('-').map(Number);
    const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;

    await userEvent.click(within(dialog).getByRole('button', { name: 'Изтегли' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Пакетът не беше изтеглен: /);
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({ month: next });
    expect(within(dialog).getByRole('button', { name: 'Изтегли' })).toBeEnabled();
  });

  it('closes with Escape and stops a download under way', { timeout: 60_000 }, async () => {
    stubSaving();
    const zip = streamedZip(3);
    mockApi({ [URL_OF]: () => zip.response });
    const onClose = vi.fn();
    renderWithProviders(<MonthPackageDialog open onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Изтегли' }));
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Документи: 3'));
    expect(within(dialog).getByRole('button', { name: 'Прекрати' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(zip.cancelled).toHaveBeenCalled());
  });
});

describe('the month package button on the invoice list', () => {
  const rowOf = (): BillingRow => {
    const { rights: _rights, ...row } = docOf('invoice', true);
    return row;
  };
  const open = (access: number, kind: 'invoice' | 'proforma' = 'invoice') => {
    setSessionUser(userOf(access));
    const base = kind === 'invoice' ? '/api/invoices' : '/api/proforma-invoices';
    mockApi({
      [`GET ${base}/getDocsCount`]: () => ok({ issued: 1, drafts: 0 }),
      [`POST ${base}/list`]: () => ok({ Items: [rowOf()], Total: 1, Page: 1 }),
    });
    renderWithProviders(<BillingListPage kind={kind} />);
  };

  it('is offered to the accountant and opens the dialog', { timeout: 60_000 }, async () => {
    open(Access.accountant);
    await userEvent.click(await screen.findByRole('button', { name: 'Пакет за месеца' }));
    expect(await screen.findByRole('dialog', { name: 'Пакет на месеца за счетоводството' })).toBeInTheDocument();
  });

  it('is not on the proforma list', { timeout: 60_000 }, async () => {
    open(Access.manager, 'proforma');
    await screen.findByRole('tab', { name: /Чернови/ });
    expect(screen.queryByRole('button', { name: 'Пакет за месеца' })).not.toBeInTheDocument();
  });
});
