import type { User } from '@kantora/domain';
import PersonAdd from '@mui/icons-material/PersonAdd';
import Visibility from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { SelectField } from '../../../components/ui/fields/select-field.tsx';
import { FormTextField } from '../../../components/ui/fields/text-field.tsx';
import { FilterForm } from '../../../components/ui/filter-form.tsx';
import { PageToolbar } from '../../../components/ui/page-toolbar.tsx';
import { StatusIcon } from '../../../components/ui/status-icon.tsx';
import { useListState } from '../../../components/ui/use-list-query.ts';
import { accessOptions, fullName, statusOptions } from './user-labels.ts';
import { userKeys, usersApi } from '../../../api/users.ts';

interface UserFilter {
  firstName: string;
  middleName: string;
  lastName: string;
  email: string;
  phone: string;
  access: number | null;
  status: number | null;
}
const emptyFilter: UserFilter = {
  firstName: '',
  middleName: '',
  lastName: '',
  email: '',
  phone: '',
  access: null,
  status: null,
};

/** /settings/users: the filter, the users (first name ascending) and the way to each user's page. */
export default function UsersPage() {
  const { t, i18n } = useTranslation('settings');
  const locale = i18n.language;
  const list = useListState<Partial<UserFilter>>({ sortBy: `firstName.${locale}`, sortDesc: false });

  const columns = useMemo<DataTableColumn<User>[]>(
    () => [
      {
        field: `firstName.${locale}`,
        header: 'settings:fields.full_name',
        sortable: true,
        render: (row) => fullName(row, locale),
      },
      { field: 'email', header: 'settings:fields.email', sortable: true, hideBelow: 'sm' },
      {
        field: 'phone',
        header: 'settings:fields.phone',
        sortable: true,
        hideBelow: 'md',
        render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{row.phone}</span>,
      },
      {
        field: 'access',
        header: 'settings:fields.access',
        sortable: true,
        hideBelow: 'sm',
        render: (row) => <Chip size="small" variant="outlined" label={t(`users.access.${row.access}`)} />,
      },
      {
        field: 'status',
        header: 'settings:fields.status',
        sortable: true,
        align: 'center',
        render: (row) => (
          <StatusIcon active={row.status === 1} label={t(row.status === 1 ? 'status.active' : 'status.inactive')} />
        ),
      },
    ],
    [locale, t],
  );

  return (
    <>
      <PageToolbar description={t('users.intro')}>
        <Button component={Link} to="/settings/users/create" variant="contained" startIcon={<PersonAdd />}>
          {t('users.add')}
        </Button>
      </PageToolbar>
      <FilterForm<UserFilter> emptyValues={emptyFilter} onApply={list.applyFilters} onResetPage={list.resetPage}>
        {(form) => (
          <>
            <FormTextField control={form.control} name="firstName" label={t('fields.first_name')} />
            <FormTextField control={form.control} name="middleName" label={t('fields.middle_name')} />
            <FormTextField control={form.control} name="lastName" label={t('fields.last_name')} />
            <FormTextField control={form.control} name="email" label={t('fields.email')} />
            <FormTextField control={form.control} name="phone" label={t('fields.phone')} />
            <SelectField
              control={form.control}
              name="access"
              label={t('fields.access')}
              options={accessOptions(t)}
              clearable
            />
            <SelectField
              control={form.control}
              name="status"
              label={t('fields.status')}
              options={statusOptions(t)}
              clearable
            />
          </>
        )}
      </FilterForm>
      <DataTable<User, Partial<UserFilter>>
        queryKey={userKeys.list}
        fetcher={usersApi.list}
        filters={list.filters}
        columns={columns}
        state={list.state}
        onStateChange={list.setState}
        label={t('routes:users')}
        rowActions={(row) => (
          <Tooltip title={t('common:actions.preview')}>
            <IconButton
              component={Link}
              to={`/settings/users/${row._id}`}
              aria-label={`${t('common:actions.preview')}: ${fullName(row, locale)}`}
            >
              <Visibility fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      />
    </>
  );
}
