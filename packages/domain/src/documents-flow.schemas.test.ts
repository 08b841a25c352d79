import { describe, expect, it } from 'vitest';
import {
  documentFlowListQuery,
  documentFlowSaveSchema,
  documentFlowZipSchema,
  isPreviewableContentType,
} from './documents-flow.schemas.ts';

const id = '6f1d0c3e-8a52-4c1b-9f0e-2b7d4c9a1e55';
const other = '0b8e2f4a-1c3d-4e5f-8a9b-0c1d2e3f4a5b';

describe('document flow schemas', () => {
  it('reads the client filter under company, client or companyId, and allows 200 rows a page', () => {
    expect(documentFlowListQuery.parse({ client: id }).company).toBe(id);
    expect(documentFlowListQuery.parse({ companyId: id }).company).toBe(id);
    expect(documentFlowListQuery.parse({ company: '', fileName: ' ', description: null })).toMatchObject({
      company: undefined,
      fileName: undefined,
      description: undefined,
    });
    expect(documentFlowListQuery.parse({ itemsPerPage: 200 }).itemsPerPage).toBe(200);
    expect(documentFlowListQuery.safeParse({ itemsPerPage: 201 }).success).toBe(false);
    const reversed = documentFlowListQuery.safeParse({ uploadedFrom: '2025-02-01', uploadedTo: '2025-01-01' });
    expect(reversed.success ? [] : reversed.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual(
      [['uploadedTo', 'end_date_before_start_date']],
    );
  });

  it('requires the client and the category of a save, and takes a blank date and id as none', () => {
    const empty = documentFlowSaveSchema.safeParse({});
    expect(empty.success ? [] : empty.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['company', 'field_is_required'],
      ['category', 'field_is_required'],
    ]);
    expect(documentFlowSaveSchema.parse({ _id: '', company: id, category: other, date: '' })).toEqual({
      _id: undefined,
      company: id,
      category: other,
      date: null,
      description: '',
      notes: '',
    });
  });

  it('takes 1 to 500 file ids for a zip, each once', () => {
    expect(documentFlowZipSchema.parse({ filesIds: [id, id, other] }).filesIds).toEqual([id, other]);
    expect(documentFlowZipSchema.safeParse({ filesIds: [] }).error?.issues[0].message).toBe('field_is_required');
    expect(
      documentFlowZipSchema.safeParse({ filesIds: Array.from({ length: 501 }, () => id) }).error?.issues[0].message,
    ).toBe('document_flow_zip_too_many_files');
  });

  it('previews pdf, jpeg, png, html and plain text only', () => {
    expect(
      ['application/pdf', 'image/jpeg', 'image/png', 'text/html', 'text/plain; charset=utf-8', 'TEXT/PLAIN'].map(
        isPreviewableContentType,
      ),
    ).toEqual([true, true, true, true, true, true]);
    expect(['image/gif', 'image/svg+xml', 'application/octet-stream', '', null].map(isPreviewableContentType)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
