import type { BillingDocumentView } from '@kantora/domain';
import { PrintMenu as SharedPrintMenu } from '../../components/entities/print-menu.tsx';
import { billingApi } from '../../api/billing.ts';

/** The editor's print menu (components/print-menu.tsx) on the staff print calls; each layout opens in a new tab. */
export function PrintMenu({ doc }: { doc: BillingDocumentView }) {
  return <SharedPrintMenu doc={doc} print={(layout, lang) => billingApi(doc.kind).print(doc._id, layout, lang)} />;
}
