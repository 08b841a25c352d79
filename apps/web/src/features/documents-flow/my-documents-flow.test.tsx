import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import MyDocumentsFlowPage from './my-documents-flow.tsx';
import { CATEGORY_ID, CLIENT_ID, categories, fileOf, rowOf, uuid, viewOf } from './test-fixtures.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['documents-flow', 'clients']);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const OTHER_ID = uuid(101);
const companies = [
  {
    _id: CLIENT_ID,
    name: { bg: 'Алфа Трейд ООД', it: 'Alfa Trade OOD' },
    bulstat: '20345678',
    vatNumber: 'BG20345678',
    phone: '',
    email: '',
    status: true,
  },
  {
    _id: OTHER_ID,
    name: { bg: 'Бета Консулт ЕООД', it: 'Beta Consult EOOD' },
    bulstat: '20456789',
    vatNumber: '',
    phone: '',
    email: '',
    status: true,
  },
];
const portal = (answers: Record<string, (init?: RequestInit) => Response> = {}) =>
  mockApi({
    'GET /api/my-documents-flow/categories': () => ok(categories),
    'POST /api/my-companies/list': () => ok({ Items: companies, Total: 2, Page: 1 }),
    'POST /api/my-documents-flow/list': () =>
      ok({
        Items: [rowOf(1, { canEdit: true }), rowOf(2, { canEdit: false, locked: true, file: null })],
        Total: 2,
        Page: 1,
      }),
    ...answers,
  });

describe('the portal document flow (/my-documents-flow)', () => {
  it('lists the documents of the user’s companies through the portal calls, without selection or delete', async () => {
    const { calls } = portal();
    renderWithProviders(<MyDocumentsFlowPage />);
    await screen.findByText('Документ 1');
    const list = calls.find((call) => call.url === '/api/my-documents-flow/list');
    expect(JSON.parse(String(list?.init?.body))).toMatchObject({ sortBy: 'created', sortDesc: true, page: 1 });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Изтрий/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Изтегли: файл-1\.pdf/ })).toBeInTheDocument();
    // No staff call anywhere: no client search, no metadata.
    expect(calls.some((call) => call.url.includes('/companies/search') || call.url.includes('/metaData/'))).toBe(false);
  });

  it('shows the provider (own company) where the server names no staff user: the list, the document and its file', async () => {
    const provider = { bg: 'Кантора ООД', it: 'Kantora Srl' };
    // As the portal calls answer a staff member's document: no id, the provider's name.
    const staffDocument = {
      createdBy: null,
      createdByName: provider,
      canEdit: false,
      file: fileOf(3, { uploadedByName: provider }),
    };
    portal({
      'POST /api/my-documents-flow/list': () => ok({ Items: [rowOf(3, staffDocument)], Total: 1, Page: 1 }),
      [`GET /api/my-documents-flow/${uuid(3)}`]: () => ok(viewOf(3, staffDocument)),
    });
    renderWithProviders(<MyDocumentsFlowPage />);
    const row = (await screen.findByText('Документ 3')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Кантора ООД')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: /^Преглед: / }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/^Създаден от Кантора ООД на /)).toBeInTheDocument();
    expect(within(dialog).getByText(/^Документът е създаден от Кантора ООД\./)).toBeInTheDocument();
    expect(within(dialog).getByText(/ · Кантора ООД$/)).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('Георги Иванов');
  });

  it("filters by one of the user's own companies", async () => {
    const { calls } = portal();
    renderWithProviders(<MyDocumentsFlowPage />);
    await screen.findByText('Документ 1');
    await userEvent.click(screen.getByRole('combobox', { name: 'Клиент' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '— няма —',
      'Алфа Трейд ООД (20345678)',
      'Бета Консулт ЕООД (20456789)',
    ]);
    await userEvent.click(options[2]);
    await userEvent.click(screen.getByRole('button', { name: 'Приложи' }));
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/my-documents-flow/list')).toHaveLength(2));
    const filtered = calls.filter((call) => call.url === '/api/my-documents-flow/list')[1];
    expect(JSON.parse(String(filtered?.init?.body))).toMatchObject({ company: OTHER_ID, page: 1 });
  });

  it('adds a document with a file for one of their companies', async () => {
    const saved = viewOf(7, { company: OTHER_ID, companyName: companies[1].name });
    const { calls } = portal({ 'POST /api/my-documents-flow/save': () => ok(saved, 'saved_successfully') });
    renderWithProviders(<MyDocumentsFlowPage />);
    await screen.findByText('Документ 1');
    await userEvent.click(screen.getByRole('button', { name: 'Добави документ' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Клиент' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Бета Консулт ЕООД (20456789)' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Категория' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Счетоводни документи' }));
    await userEvent.upload(
      dialog.querySelector('input[type="file"]') as HTMLInputElement,
      new File(['%PDF-1.4'], 'отчет.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Запази' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/my-documents-flow/save')).toBe(true));
    const body = calls.find((call) => call.url === '/api/my-documents-flow/save')?.init?.body as FormData;
    expect(body.get('company')).toBe(OTHER_ID);
    expect(body.get('category')).toBe(CATEGORY_ID);
    expect((body.get('file') as File).name).toBe('отчет.pdf');
  });
});
