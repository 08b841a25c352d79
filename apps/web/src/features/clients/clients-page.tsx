import { isManagement, type UserOption, type ClientRow } from '@kantora/domain';
import Add from '@mui/icons-material/Add';
import Visibility from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table.tsx';
import { OptionSelectField } from '../../components/ui/fields/option-select-field.tsx';
import { FormTextField } from '../../components/ui/fields/text-field.tsx';
import { FilterForm } from '../../components/ui/filter-form.tsx';
import { PageToolbar } from '../../components/ui/page-toolbar.tsx';
import { StatusIcon } from '../../components/ui/status-icon.tsx';
import { type ListRequest, useListState } from '../../components/ui/use-list-query.ts';
import { useSessionUser } from '../../lib/session.ts';
import { localized } from '../../lib/labels.ts';
import { useMetadata } from '../../api/metadata.ts';
import { clientKeys, clientsApi } from '../../api/clients.ts';

interface ClientFilter {
  name: string;
  bulstat: string;
  vatNumber: string;
  status: 'active' | 'inactive' | 'all';
  referent: string | null;
  managingUsers: string[];
}
const emptyFilter: ClientFilter = {
  name: '',
  bulstat: '',
  vatNumber: '',
  status: 'active',
  referent: null,
  managingUsers: [],
};
const STATUS = { active: true, inactive: false, all: null } as const;

/** The filter as the list call takes it. */
export function toListFilter(filter: Partial<ClientFilter>) {
  const { status = 'active', ...rest } = filter;
  return { ...rest, status: STATUS[status] };
}

/** /clients: the filter and the clients the user sees, by name. */
export default function ClientsPage() {
  const { t, i18n } = useTranslation('clients');
  const locale = i18n.language;
  const user = useSessionUser();
  const management = user ? isManagement(user.access) : false;
  const staff = useMetadata<UserOption[]>('getAllEmployeeUsers');
  const list = useListState<Partial<ClientFilter>>({ sortBy: `name.${locale}`, sortDesc: false });
  const fetcher = useMemo(
    () => (request: ListRequest<Partial<ClientFilter>>) => clientsApi.list(toListFilter(request)),
    [],
  );
  const staffOptions = (staff.data ?? []).map((option) => ({
    value: option._id,
    label: localized(option.fullName, locale),
  }));

  const columns = useMemo<DataTableColumn<ClientRow>[]>(
    () => [
      {
        field: `name.${locale}`,
        header: 'clients:fields.name',
        sortable: true,
        render: (row) => localized(row.name, locale),
      },
      { field: 'bulstat', header: 'clients:fields.bulstat', sortable: true },
      { field: 'vatNumber', header: 'clients:fields.vat_number', sortable: true },
      {
        field: 'phone',
        header: 'clients:fields.phone',
        sortable: true,
        render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{row.phone}</span>,
      },
      { field: 'email', header: 'clients:fields.email', sortable: true },
      {
        field: 'status',
        header: 'clients:fields.status',
        sortable: true,
        align: 'center',
        render: (row) => <StatusIcon active={row.status} label={t(row.status ? 'status.active' : 'status.inactive')} />,
      },
    ],
    [locale, t],
  );

  return (
    <>
      <PageToolbar description={t('list.intro')}>
        {management && (
          <Button component={Link} to="/clients/create" variant="contained" startIcon={<Add />}>
            {t('list.add')}
          </Button>
        )}
      </PageToolbar>
      <FilterForm<ClientFilter> emptyValues={emptyFilter} onApply={list.applyFilters} onResetPage={list.resetPage}>
        {(form) => (
          <>
            <FormTextField control={form.control} name="name" label={t('fields.name')} />
            <FormTextField control={form.control} name="bulstat" label={t('fields.bulstat')} />
            <FormTextField control={form.control} name="vatNumber" label={t('fields.vat_number')} />
            <OptionSelectField
              control={form.control}
              name="status"
              label={t('fields.status')}
              options={[
                { value: 'active', label: t('status.active') },
                { value: 'inactive', label: t('status.inactive') },
                { value: 'all', label: t('status.all') },
              ]}
            />
            <OptionSelectField
              control={form.control}
              name="referent"
              label={t('fields.referent')}
              options={staffOptions}
              clearable
            />
            {management && (
              <OptionSelectField
                control={form.control}
                name="managingUsers"
                label={t('fields.managing_users')}
                options={staffOptions}
                multiple
              />
            )}
          </>
        )}
      </FilterForm>
      <DataTable<ClientRow, Partial<ClientFilter>>
        queryKey={clientKeys.list}
        fetcher={fetcher}
        filters={list.filters}
        columns={columns}
        state={list.state}
        onStateChange={list.setState}
        label={t('list.title')}
        rowActions={(row) => (
          <Tooltip title={t('common:actions.preview')}>
            <IconButton
              component={Link}
              to={`/clients/${row._id}`}
              aria-label={`${t('common:actions.preview')}: ${localized(row.name, locale)}`}
            >
              <Visibility fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      />
    </>
  );
}
