import type { DocumentFlowRow } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { staffDocumentsFlowApi } from '../../api/documents-flow.ts';
import { DocumentsFlowList } from './documents-flow-list.tsx';
import { categories, fileOf, rowOf } from './test-fixtures.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['documents-flow', 'clients']);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const rows = (admin = false): DocumentFlowRow[] => [
  rowOf(1, { canDelete: admin }),
  rowOf(2, { canDelete: admin, file: fileOf(2, { filename: 'бележка.txt', contentType: 'text/plain' }) }),
  // A document whose file was removed: nothing to download or zip.
  rowOf(3, { canDelete: admin, file: null }),
  rowOf(4, {
    canDelete: admin,
    file: fileOf(4, { filename: 'архив.rar', contentType: 'application/x-rar', previewable: false }),
  }),
];
const listing = (admin = false) => ({
  'GET /api/metaData/getDocumentFlowCategories': () => ok(categories),
  'POST /api/documents-flow/list': () => ok({ Items: rows(admin), Total: 4, Page: 1 }),
});
const rowWith = (text: string) => screen.getByRole('row', { name: new RegExp(text) });
const selectBox = (text: string) => within(rowWith(text)).getByRole('checkbox', { name: 'Избери реда' });

describe('DocumentsFlowList', () => {
  it('asks for the newest first and offers download and file preview only where they apply', async () => {
    const { calls } = mockApi(listing());
    renderWithProviders(<DocumentsFlowList api={staffDocumentsFlowApi} />);
    await screen.findByText('Документ 1');
    expect(JSON.parse(String(calls.find((call) => call.url.endsWith('/list'))?.init?.body))).toMatchObject({
      sortBy: 'created',
      sortDesc: true,
      page: 1,
      itemsPerPage: 15,
    });
    expect(within(rowWith('Документ 3')).queryByRole('button', { name: /^Изтегли/ })).not.toBeInTheDocument();
    expect(within(rowWith('Документ 4')).getByRole('button', { name: 'Изтегли: архив.rar' })).toBeInTheDocument();
    expect(within(rowWith('Документ 4')).queryByRole('button', { name: /^Преглед на файла/ })).not.toBeInTheDocument();
    expect(
      within(rowWith('Документ 2')).getByRole('button', { name: 'Преглед на файла: бележка.txt' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Изтрий/ })).not.toBeInTheDocument();
  });

  it('zips the files of the selected rows; a row without a file cannot be selected', async () => {
    const { calls } = mockApi({
      ...listing(),
      'POST /api/documents-flow/downloadFilesAsZip': () =>
        new Response('PK', {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': 'attachment; filename="documents-flow-2026-03-17.zip"',
          },
        }),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:zip'), revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderWithProviders(<DocumentsFlowList api={staffDocumentsFlowApi} />);
    await screen.findByText('Документ 1');
    expect(screen.queryByRole('button', { name: /zip/ })).not.toBeInTheDocument();
    expect(selectBox('Документ 3')).toBeDisabled();

    await userEvent.click(selectBox('Документ 1'));
    expect(screen.getByRole('button', { name: 'Изтегли 1 файл (zip)' })).toBeInTheDocument();
    await userEvent.click(selectBox('Документ 4'));
    await userEvent.click(screen.getByRole('button', { name: 'Изтегли 2 файла (zip)' }));
    await waitFor(() => expect(saved).toEqual(['documents-flow-2026-03-17.zip']));
    const zip = calls.find((call) => call.url.endsWith('/downloadFilesAsZip'));
    expect(JSON.parse(String(zip?.init?.body))).toEqual({ filesIds: [fileOf(1)._id, fileOf(4)._id] });

    // The page's box selects every row that has a file; clearing hides the button.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Избери всички редове на страницата' }));
    expect(screen.getByRole('button', { name: 'Изтегли 3 файла (zip)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Отмени избора' }));
    expect(screen.queryByRole('button', { name: /zip/ })).not.toBeInTheDocument();
  });

  it('lets the admin delete a document after confirming', async () => {
    const { calls } = mockApi({
      ...listing(true),
      'POST /api/documents-flow/remove': () => ok(true, 'deleted_successfully'),
    });
    renderWithProviders(<DocumentsFlowList api={staffDocumentsFlowApi} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Изтрий: Документ 2' }));
    expect(await screen.findByText('Сигурни ли сте, че искате да изтриете документа?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Изтрий' }));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/remove'))).toBe(true));
    expect(JSON.parse(String(calls.find((call) => call.url.endsWith('/remove'))?.init?.body))).toEqual({
      documentId: rowOf(2)._id,
    });
  });

  it("shows one client's documents without the client filter and column", async () => {
    const { calls } = mockApi(listing());
    const client = { _id: rowOf(1).company, name: { bg: 'Алфа Трейд ООД', it: 'Alfa Trade OOD' } };
    renderWithProviders(<DocumentsFlowList api={staffDocumentsFlowApi} client={client} />);
    await screen.findByText('Документ 1');
    expect(JSON.parse(String(calls.find((call) => call.url.endsWith('/list'))?.init?.body)).company).toBe(client._id);
    expect(screen.queryByRole('columnheader', { name: 'Клиент' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Клиент' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Добави документ' }));
    expect(await screen.findByRole('combobox', { name: 'Клиент' })).toHaveValue('Алфа Трейд ООД');
  });
});
