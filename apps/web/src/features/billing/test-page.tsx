import type { BillingDocumentView, BillingItemRow } from '@kantora/domain';
import { Route, Routes } from 'react-router';
import { setSessionUser } from '../../lib/session.ts';
import { LocationProbe, mockApi, renderWithProviders } from '../../test/render.tsx';
import { userOf } from '../../test/users.ts';
import { BillingEditorPage } from './billing-editor-page.tsx';
import { editorAnswers, ids } from './test-fixtures.ts';

type Answers = Parameters<typeof mockApi>[0];

/**
 * The invoice editor at /invoices/<ids.doc> for a user of `access`: `doc` and `items` are answered by editorAnswers,
 * `answers` add to them. `withList` also routes /invoices (a stub) and shows the location.
 */
export function openInvoiceEditor(
  doc: BillingDocumentView,
  access: number,
  {
    items = () => [],
    answers = {},
    withList = false,
  }: { items?: () => BillingItemRow[]; answers?: Answers; withList?: boolean } = {},
) {
  setSessionUser(userOf(access));
  const api = mockApi({ ...editorAnswers(doc, items), ...answers });
  renderWithProviders(
    <>
      <Routes>
        <Route path="/invoices/:id" element={<BillingEditorPage kind="invoice" />} />
        {withList && <Route path="/invoices" element={<p>list</p>} />}
      </Routes>
      {withList && <LocationProbe />}
    </>,
    { route: `/invoices/${ids.doc}` },
  );
  return api;
}
