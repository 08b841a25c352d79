import type { DocumentFlowFile, DocumentFlowRow, DocumentFlowView } from '@kantora/domain';

/** Ids as the server makes them (UUIDs), readable in the tests. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const CLIENT_ID = uuid(100);
export const CATEGORY_ID = uuid(200);
export const SUBCATEGORY_ID = uuid(201);

export const categories = [
  { _id: CATEGORY_ID, name: { bg: 'Счетоводни документи', it: 'Documenti contabili' }, status: true, parent: null },
  { _id: uuid(202), name: { bg: 'Договори', it: 'Contratti' }, status: true, parent: null },
  { _id: SUBCATEGORY_ID, name: { bg: 'Банкови извлечения', it: 'Estratti conto' }, status: true, parent: CATEGORY_ID },
];

export function fileOf(n: number, overrides: Partial<DocumentFlowFile> = {}): DocumentFlowFile {
  return {
    _id: uuid(300 + n),
    filename: `файл-${n}.pdf`,
    contentType: 'application/pdf',
    length: 2048,
    uploadDate: '2026-03-10T08:00:00.000Z',
    uploadedByName: { bg: 'Георги Иванов', it: 'Giorgio Ivanov' },
    previewable: true,
    ...overrides,
  };
}

export function rowOf(n: number, overrides: Partial<DocumentFlowRow> = {}): DocumentFlowRow {
  return {
    _id: uuid(n),
    category: CATEGORY_ID,
    categoryName: categories[0].name,
    company: CLIENT_ID,
    companyName: { bg: 'Алфа Трейд ООД', it: 'Alfa Trade OOD' },
    description: `Документ ${n}`,
    date: '2026-03-10',
    file: fileOf(n),
    createdBy: uuid(900),
    createdByName: { bg: 'Георги Иванов', it: 'Giorgio Ivanov' },
    created: '2026-03-10T08:00:00.000Z',
    locked: false,
    canEdit: true,
    canDeleteFile: true,
    canDelete: false,
    ...overrides,
  };
}

export function viewOf(n: number, overrides: Partial<DocumentFlowView> = {}): DocumentFlowView {
  return { ...rowOf(n), notes: '', updated: null, currentTime: '2026-03-17T08:00:00.000Z', lockDays: 5, ...overrides };
}
