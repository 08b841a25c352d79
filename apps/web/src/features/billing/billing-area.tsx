import type { AreaPageProps } from '../../components/ui/area-types.ts';
import { BillingEditorPage, BillingListPage, isBillingList } from './billing-pages.ts';

/** The billing area: the invoice and proforma lists and editors (one feature, two kinds). */
export default function BillingArea({ route }: AreaPageProps) {
  const kind = route.path.startsWith('/invoices') ? 'invoice' : 'proforma';
  return isBillingList(route.path) ? <BillingListPage kind={kind} /> : <BillingEditorPage key={kind} kind={kind} />;
}
