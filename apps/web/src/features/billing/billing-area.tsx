import { lazy } from 'react';
import type { AreaPageProps } from '../../components/area-types.ts';
import { isBillingList, loadBillingEditor, loadBillingList } from './billing-pages.ts';

const ListPage = lazy(() => loadBillingList().then((module) => ({ default: module.BillingListPage })));
const EditorPage = lazy(() => loadBillingEditor().then((module) => ({ default: module.BillingEditorPage })));

/** The billing area: the invoice and proforma lists and editors (one feature, two kinds). */
export default function BillingArea({ route }: AreaPageProps) {
  const kind = route.path.startsWith('/invoices') ? 'invoice' : 'proforma';
  return isBillingList(route.path) ? <ListPage kind={kind} /> : <EditorPage key={kind} kind={kind} />;
}
