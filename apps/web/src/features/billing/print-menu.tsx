import type { BillingDocumentView } from '@kantora/domain';
import { PrintMenu as SharedPrintMenu } from '../../components/entities/print-menu.tsx';
import { billingApi } from '../../api/billing.ts';

/**
 * The editor's print menu (components/print-menu.tsx) on the staff print calls; each layout opens in a new tab. An
 * issued invoice or notice also offers its e-invoice (XML); a draft or a proforma has none.
 */
export function PrintMenu({ doc }: { doc: BillingDocumentView }) {
  const api = billingApi(doc.kind);
  return (
    <SharedPrintMenu
      doc={doc}
      print={(layout, lang) => api.print(doc._id, layout, lang)}
      einvoice={doc.kind === 'invoice' && doc.issued ? () => api.einvoice(doc._id) : undefined}
    />
  );
}
