import type { PortalCompanyRow } from '@kantora/domain';
import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table.tsx';
import { PageToolbar } from '../../components/ui/page-toolbar.tsx';
import { useListState } from '../../components/ui/use-list-query.ts';
import { localized } from '../../lib/labels.ts';
import { PORTAL_ROUTES, portalApi, portalKeys } from '../../api/portal.ts';
import { PreviewLink } from './portal-parts.tsx';

/** /my-companies: the companies whose client users include the user, by name. */
export default function PortalCompaniesPage() {
  const { t, i18n } = useTranslation(['portal', 'clients']);
  const locale = i18n.language;
  const list = useListState({ sortBy: `name.${locale}`, sortDesc: false });
  const columns = useMemo<DataTableColumn<PortalCompanyRow>[]>(
    () => [
      {
        field: `name.${locale}`,
        header: 'clients:fields.name',
        sortable: true,
        render: (row) => localized(row.name, locale),
      },
      { field: 'bulstat', header: 'clients:fields.bulstat', sortable: true, hideBelow: 'sm' },
      { field: 'vatNumber', header: 'clients:fields.vat_number', sortable: true, hideBelow: 'md' },
      {
        field: 'phone',
        header: 'clients:fields.phone',
        hideBelow: 'md',
        render: (row) => <Box sx={{ whiteSpace: 'nowrap' }}>{row.phone}</Box>,
      },
      { field: 'email', header: 'clients:fields.email', hideBelow: 'lg' },
    ],
    [locale],
  );
  return (
    <>
      <PageToolbar description={t('companies.intro')} />
      <DataTable<PortalCompanyRow>
        queryKey={[...portalKeys.companies, 'list']}
        fetcher={portalApi.companies}
        columns={columns}
        state={list.state}
        onStateChange={list.setState}
        label={t('companies.title')}
        emptyText={t('companies.empty')}
        rowActions={(row) => (
          <PreviewLink to={`${PORTAL_ROUTES.companies}/${row._id}`} name={localized(row.name, locale)} />
        )}
      />
    </>
  );
}
