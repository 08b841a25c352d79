import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageToolbar } from '../../components/ui/page-toolbar.tsx';
import type { ListRequest } from '../../components/ui/use-list-query.ts';
import { PortalBillingTable } from './billing-table.tsx';
import { type PortalKind, portalApi, portalKeys } from '../../api/portal.ts';

/** /my-invoices and /my-proforma-invoices: the issued documents of the user's companies, newest by date first. */
export function PortalBillingListPage({ kind }: { kind: PortalKind }) {
  const { t } = useTranslation(['portal', 'billing']);
  const fetcher = useMemo(() => (request: ListRequest) => portalApi.billingList(kind, request), [kind]);
  return (
    <>
      <PageToolbar description={t(`${kind}.intro`)} />
      <PortalBillingTable
        kind={kind}
        queryKey={[...portalKeys.billing(kind), 'list']}
        fetcher={fetcher}
        label={t(`${kind}.list_title`)}
        emptyText={t(`${kind}.empty`)}
      />
    </>
  );
}
