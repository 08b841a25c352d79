import { MessageKeys, type PortalBillingView } from '@kantora/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PaidChip } from '../../components/entities/paid-chip.tsx';
import { PrintMenu } from '../../components/entities/print-menu.tsx';
import { formatDate } from '../../lib/format.ts';
import { localized } from '../../lib/labels.ts';
import { BillingAmountsSection, BillingDetailsSection, BillingItemsSection } from './billing-sections.tsx';
import { PORTAL_ROUTES, type PortalKind, portalApi, portalQueries } from '../../api/portal.ts';
import { RecordHeader, RecordPending, SnapshotPartyCards } from './portal-parts.tsx';
import { usePortalRecord } from './use-portal-record.ts';

const NOT_FOUND = {
  invoice: MessageKeys.the_invoice_was_not_found,
  proforma: MessageKeys.the_proforma_invoice_was_not_found,
} as const;

/** The title: invoice, credit or debit notice by the notice type, or proforma invoice, with its number. */
function useTitle(doc: PortalBillingView): string {
  const { t } = useTranslation('billing');
  const name = doc.kind === 'proforma' ? t('proforma.title') : t(`notice_title.${doc.noticeType}`);
  return doc.number ? t('title_with_number', { name, number: doc.number }) : name;
}

function BillingPreview({ doc }: { doc: PortalBillingView }) {
  const { t, i18n } = useTranslation(['portal', 'billing']);
  const title = useTitle(doc);
  const kind = doc.kind;
  return (
    <>
      <RecordHeader
        title={title}
        chips={<PaidChip state={doc.isPaid} size="medium" />}
        subtitle={[formatDate(doc.date), localized(doc.companyName, i18n.language)].filter(Boolean).join(' · ')}
        back={{ to: PORTAL_ROUTES[kind], label: t(`${kind}.back`) }}
        actions={
          <PrintMenu
            doc={{ kind, showBGInvoice: doc.showBGInvoice, issued: true }}
            layouts={doc.printLayouts}
            print={(layout, lang) => portalApi.print(kind, doc._id, layout, lang)}
            einvoice={kind === 'invoice' ? () => portalApi.einvoice(doc._id) : undefined}
          />
        }
      />
      <SnapshotPartyCards
        provider={doc.provider}
        customer={doc.customer}
        customerTitle={t('billing:parties.recipient')}
      />
      <BillingDetailsSection doc={doc} />
      <BillingItemsSection doc={doc} />
      <BillingAmountsSection doc={doc} />
    </>
  );
}

/**
 * /my-invoices/{id} and /my-proforma-invoices/{id}: the read-only preview of an issued document of one of the user's
 * companies, and its print menu. Anything else (another company's, a draft, unknown) returns to the list.
 */
export function PortalBillingPage({ kind }: { kind: PortalKind }) {
  const { t } = useTranslation('portal');
  const { id } = useParams();
  const record = usePortalRecord({
    query: (documentId) => portalQueries.billing(kind, documentId),
    id,
    listPath: PORTAL_ROUTES[kind],
    notFound: NOT_FOUND[kind],
  });
  if (!record.data)
    return <RecordPending failed={record.failed} back={{ to: PORTAL_ROUTES[kind], label: t(`${kind}.back`) }} />;
  return <BillingPreview key={record.data._id} doc={record.data} />;
}
