import type { AreaPageProps } from '../../components/ui/area-types.ts';
import { BillingRunPage } from './billing-run-page.tsx';

/** The billing-run area: one page, /invoices/billing-run (management). */
export default function BillingRunArea(_props: AreaPageProps) {
  return <BillingRunPage />;
}
