import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { DocumentFlowDialog } from './document-flow-dialog.tsx';
import { staffDocumentsFlowApi } from '../../api/documents-flow.ts';
import { CLIENT_ID, categories, SUBCATEGORY_ID, uuid, viewOf } from './test-fixtures.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['documents-flow', 'clients']);
});

const ID = uuid(1);
const open = (id: string | null = ID) =>
  renderWithProviders(<DocumentFlowDialog api={staffDocumentsFlowApi} id={id} onClose={vi.fn()} />);
const metadata = { 'GET /api/metaData/getDocumentFlowCategories': () => ok(categories) };
const saveButtons = () => screen.queryAllByRole('button', { name: /^Запази/ });

describe('DocumentFlowDialog', () => {
  it('hides Save and the file delete of a document past the lock window, says why, and still offers the file', async () => {
    mockApi({
      ...metadata,
      [`GET /api/documents-flow/${ID}`]: () => ok(viewOf(1, { locked: true, canEdit: false, canDeleteFile: false })),
    });
    open();
    expect(await screen.findByText(/Документът е заключен: създаден е преди повече от 5 дни/)).toBeInTheDocument();
    expect(saveButtons()).toHaveLength(0);
    const file = screen.getByRole('region', { name: 'Файл на документа' });
    expect(within(file).queryByRole('button', { name: 'Изтрий файла' })).not.toBeInTheDocument();
    expect(within(file).getByRole('button', { name: 'Изтегли' })).toBeEnabled();
    expect(within(file).getByRole('button', { name: 'Преглед на файла' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Описание' })).toBeDisabled();
    expect(screen.getByText('Само за преглед')).toBeInTheDocument();
  });

  it("hides Save of another user's document and names its author", async () => {
    mockApi({
      ...metadata,
      [`GET /api/documents-flow/${ID}`]: () => ok(viewOf(1, { locked: false, canEdit: false, canDeleteFile: false })),
    });
    open();
    expect(await screen.findByText(/Документът е създаден от Георги Иванов/)).toBeInTheDocument();
    expect(saveButtons()).toHaveLength(0);
  });

  it('shows Save and the file delete while the server allows them (own document inside the window, or admin)', async () => {
    const { calls } = mockApi({
      ...metadata,
      [`GET /api/documents-flow/${ID}`]: () => ok(viewOf(1)),
      'POST /api/documents-flow/removeFile': () => ok(true, 'deleted_successfully'),
    });
    open();
    const file = await screen.findByRole('region', { name: 'Файл на документа' });
    expect(saveButtons().map((button) => button.textContent)).toEqual(['Запази', 'Запази и затвори']);
    expect(screen.queryByText(/заключен/)).not.toBeInTheDocument();
    // Deleting the file asks first, then the upload field takes its place.
    await userEvent.click(within(file).getByRole('button', { name: 'Изтрий файла' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Изтрий' }));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/removeFile'))).toBe(true));
    const removed = calls.find((call) => call.url.endsWith('/removeFile'));
    expect(JSON.parse(String(removed?.init?.body))).toEqual({ fileId: uuid(301), documentId: ID });
  });

  it('creates a document: client, category and file required; multipart save; then edit mode with the file', async () => {
    const saved = viewOf(7, { category: SUBCATEGORY_ID });
    const { calls } = mockApi({
      ...metadata,
      'POST /api/companies/search': () =>
        ok({
          Items: [{ _id: CLIENT_ID, name: { bg: 'Алфа Трейд ООД', it: 'Alfa Trade OOD' }, bulstat: '20345678' }],
          Total: 1,
          Page: 1,
        }),
      'POST /api/documents-flow/save': () => ok(saved, 'saved_successfully'),
    });
    open(null);
    expect(await screen.findByRole('heading', { name: 'Нов документ' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
    expect(await screen.findAllByText('Полето е задължително')).toHaveLength(3);
    expect(calls.filter((call) => call.url.endsWith('/save'))).toHaveLength(0);

    await userEvent.type(screen.getByRole('combobox', { name: 'Клиент' }), 'Алфа');
    await userEvent.click(await screen.findByRole('option', { name: 'Алфа Трейд ООД (20345678)' }));
    // Categories as a tree: a child right under its parent.
    await userEvent.click(screen.getByRole('combobox', { name: 'Категория' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Договори',
      'Счетоводни документи',
      'Банкови извлечения',
    ]);
    await userEvent.click(options[2]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Описание' }), 'Извлечение');
    const pdf = new File(['%PDF-1.4'], 'извлечение.pdf', { type: 'application/pdf' });
    await userEvent.upload(document.querySelector('input[type="file"]') as HTMLInputElement, pdf);
    expect(screen.getByText(/извлечение\.pdf/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));

    expect(await screen.findByRole('heading', { name: 'Документ' })).toBeInTheDocument();
    const body = calls.find((call) => call.url.endsWith('/save'))?.init?.body as FormData;
    expect(body.get('company')).toBe(CLIENT_ID);
    expect(body.get('category')).toBe(SUBCATEGORY_ID);
    expect(body.get('description')).toBe('Извлечение');
    expect(body.get('_id')).toBeNull();
    expect((body.get('file') as File).name).toBe('извлечение.pdf');
    expect(
      within(screen.getByRole('region', { name: 'Файл на документа' })).getByText(saved.file?.filename ?? ''),
    ).toBeInTheDocument();
    // The next save updates the same document and sends no file.
    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
    await waitFor(() => expect(calls.filter((call) => call.url.endsWith('/save'))).toHaveLength(2));
    const second = calls.filter((call) => call.url.endsWith('/save'))[1]?.init?.body as FormData;
    expect(second.get('_id')).toBe(saved._id);
    expect(second.get('file')).toBeNull();
  });
});
