import type { PortalContractDocumentRow, PortalContractServiceRow } from '@kantora/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalContractTabProps } from '../../components/ui/area-types.ts';
import { DataTable } from '../../components/ui/data-table.tsx';
import { contractServiceColumns } from '../../components/entities/contract-service-columns.tsx';
import { DocumentsCard, type DocumentsSource } from '../../components/entities/documents/documents-card.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { type ListRequest, useListState } from '../../components/ui/use-list-query.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { currencyLabel, localized } from '../../lib/labels.ts';
import { PortalBillingTable } from './billing-table.tsx';
import { type PortalKind, portalApi, portalKeys } from '../../api/portal.ts';
import { DetailList } from './portal-parts.tsx';

/** The contract's details: name, description, period, invoicing period, price per month and currency. */
export function ContractDetailsTab({ contract }: PortalContractTabProps) {
  const { t, i18n } = useTranslation('contracts');
  const locale = i18n.language;
  return (
    <SectionCard title={t('details.title')}>
      <DetailList
        label={t('details.title')}
        items={[
          { key: 'name', label: t('fields.name'), value: localized(contract.name, locale) },
          { key: 'description', label: t('fields.description'), value: localized(contract.description, locale) },
          { key: 'fromDate', label: t('fields.from_date'), value: formatDate(contract.fromDate) },
          { key: 'toDate', label: t('fields.to_date'), value: formatDate(contract.toDate) },
          {
            key: 'interval',
            label: t('fields.invoice_monthly_interval'),
            value: t(`interval.${contract.invoiceMonthlyInterval}`),
          },
          {
            key: 'price',
            label: t('fields.price_per_month'),
            value: formatMoney(contract.pricePerMonth, contract.currencyCode ?? undefined),
          },
          {
            key: 'currency',
            label: t('fields.currency'),
            value: currencyLabel({ code: contract.currencyCode, name: contract.currencyName }, locale),
          },
          { key: 'advance', label: t('fields.is_advance'), value: t(contract.isAdvance ? 'common:yes' : 'common:no') },
        ]}
      />
    </SectionCard>
  );
}

/** The contract's services in the order they were added, with the contract's prices. */
export function ContractServicesTab({ contract }: PortalContractTabProps) {
  const { t, i18n } = useTranslation(['portal', 'contracts']);
  const locale = i18n.language;
  const list = useListState({ sortBy: 'created', sortDesc: false });
  const fetcher = useMemo(
    () => (request: ListRequest) => portalApi.contractServices(contract._id, request),
    [contract._id],
  );
  const currency = contract.currencyCode ?? undefined;
  const columns = useMemo(
    () => contractServiceColumns<PortalContractServiceRow>(locale, { currency, prices: true }),
    [locale, currency],
  );
  return (
    <SectionCard title={t('contracts:tabs.services')} flush>
      <DataTable<PortalContractServiceRow>
        embedded
        queryKey={portalKeys.contractTab(contract._id, 'services')}
        fetcher={fetcher}
        columns={columns}
        state={list.state}
        onStateChange={list.setState}
        label={t('contracts:tabs.services')}
        emptyText={t('portal:contract.services_empty')}
      />
    </SectionCard>
  );
}

/** The contract's documents: type, date, description, notes and the files, each downloading on click. */
export function ContractDocumentsTab({ contract }: PortalContractTabProps) {
  const { t } = useTranslation('contracts');
  const contractId = contract._id;
  const source = useMemo<DocumentsSource>(
    () => ({
      queryKey: portalKeys.contractTab(contractId, 'documents'),
      list: async (request) => {
        const page = await portalApi.contractDocuments(contractId, request);
        return {
          ...page,
          Items: page.Items.map((row: PortalContractDocumentRow) => ({ ...row, createdByName: null })),
        };
      },
      downloadPath: portalApi.contractDocumentPath,
    }),
    [contractId],
  );
  return (
    <DocumentsCard
      parent={{ parentType: 'contract', parentId: contractId }}
      source={source}
      title={t('tabs.documents')}
    />
  );
}

function ContractBillingTab({ kind, contractId }: { kind: PortalKind; contractId: string }) {
  const { t } = useTranslation(['portal', 'billing']);
  const fetcher = useMemo(
    () => (request: ListRequest) => portalApi.billingList(kind, { ...request, contract: contractId }),
    [kind, contractId],
  );
  const title = t(`${kind}.list_title`);
  return (
    <SectionCard title={title} flush>
      <PortalBillingTable
        embedded
        kind={kind}
        queryKey={[...portalKeys.billing(kind), 'contract', contractId]}
        fetcher={fetcher}
        label={title}
        emptyText={t('portal:contract.billing_empty')}
      />
    </SectionCard>
  );
}

/** The contract's issued invoices, each with its preview. */
export function ContractInvoicesTab({ contract }: PortalContractTabProps) {
  return <ContractBillingTab kind="invoice" contractId={contract._id} />;
}

/** The contract's issued proforma invoices, each with its preview. */
export function ContractProformasTab({ contract }: PortalContractTabProps) {
  return <ContractBillingTab kind="proforma" contractId={contract._id} />;
}
