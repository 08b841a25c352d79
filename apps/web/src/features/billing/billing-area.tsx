import { lazy } from 'react';
import type { AreaPageProps } from '../../components/area-types.ts';

const ListPage = lazy(() => import('./billing-list-page.tsx').then((module) => ({ default: module.BillingListPage })));
const EditorPage = lazy(() => import('./billing-editor-page.tsx').then((module) => ({ default: module.BillingEditorPage })));

/** The billing area: the invoice and proforma lists and editors (one feature, two kinds). */
export default function BillingArea({ route }: AreaPageProps) {
  const kind = route.path.startsWith('/invoices') ? 'invoice' : 'proforma';
  switch (route.path) {
    case '/invoices':
    case '/proforma-invoices':
      return <ListPage kind={kind} />;
    default:
      return <EditorPage key={kind} kind={kind} />;
  }
}
