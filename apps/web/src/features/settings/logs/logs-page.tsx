import Visibility from '@mui/icons-material/Visibility';
import { LOG_ENTITY_NAMES, type UserOption, type LogEntry } from '@kantora/domain';
import Chip from '@mui/material/Chip';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../../components/ui/row-action.tsx';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { DateField } from '../../../components/ui/fields/date-field.tsx';
import { OptionSelectField } from '../../../components/ui/fields/option-select-field.tsx';
import { FilterForm } from '../../../components/ui/filter-form.tsx';
import { PageToolbar } from '../../../components/ui/page-toolbar.tsx';
import { useListState } from '../../../components/ui/use-list-query.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { localized } from '../../../lib/labels.ts';
import { useMetadata } from '../../../api/metadata.ts';
import { LogDialog } from './log-dialog.tsx';
import { actionLabel, entityLabel, typeLabel } from './log-labels.ts';
import { logKeys, logsApi } from '../../../api/logs.ts';

interface LogFilter {
  action: string | null;
  model: string | null;
  employee: string | null;
  fromDate: string | null;
  toDate: string | null;
}
const emptyFilter: LogFilter = { action: null, model: null, employee: null, fromDate: null, toDate: null };

const TYPE_COLORS: Record<string, 'success' | 'warning' | 'error' | 'default'> = {
  create: 'success',
  update: 'warning',
  delete: 'error',
};

/** /settings/logs: every change and sign-in, newest first, with a filter and a preview comparing old and new. */
export default function LogsPage() {
  const { t, i18n } = useTranslation('settings');
  const locale = i18n.language;
  const list = useListState<Partial<LogFilter>>({ sortBy: 'created', sortDesc: true });
  const [preview, setPreview] = useState<string | null>(null);
  const actions = useQuery({ queryKey: logKeys.actions, queryFn: logsApi.actions, staleTime: 60_000 });
  const staff = useMetadata<UserOption[]>('getAllEmployeeUsers');

  const actionOptions = (actions.data ?? []).map((action) => ({ value: action, label: actionLabel(t, action) }));
  const entityOptions = LOG_ENTITY_NAMES.map((name) => ({ value: name, label: entityLabel(t, name) })).sort((a, b) =>
    a.label.localeCompare(b.label, locale),
  );
  const employeeOptions = (staff.data ?? []).map((user) => ({
    value: user._id,
    label: localized(user.fullName, locale),
  }));

  const columns = useMemo<DataTableColumn<LogEntry>[]>(
    () => [
      {
        field: 'created',
        header: 'settings:logs.created',
        sortable: true,
        render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created)}</span>,
      },
      { field: 'name', header: 'settings:logs.entity', sortable: true, render: (row) => entityLabel(t, row.name) },
      {
        field: 'action',
        header: 'settings:logs.action',
        sortable: true,
        hideBelow: 'sm',
        render: (row) => actionLabel(t, row.action),
      },
      {
        field: 'type',
        header: 'settings:logs.type',
        sortable: true,
        hideBelow: 'md',
        render: (row) => (
          <Chip
            size="small"
            variant="outlined"
            color={TYPE_COLORS[row.type ?? ''] ?? 'default'}
            label={typeLabel(t, row.type)}
          />
        ),
      },
      {
        field: 'createdByName',
        header: 'settings:logs.user',
        hideBelow: 'sm',
        render: (row) => localized(row.createdByName, locale) || t('logs.system'),
      },
    ],
    [t, locale],
  );

  return (
    <>
      <PageToolbar description={t('logs.intro')} />
      <FilterForm<LogFilter> emptyValues={emptyFilter} onApply={list.applyFilters} onResetPage={list.resetPage}>
        {(form) => (
          <>
            <OptionSelectField
              control={form.control}
              name="action"
              label={t('logs.action')}
              options={actionOptions}
              clearable
            />
            <OptionSelectField
              control={form.control}
              name="model"
              label={t('logs.entity')}
              options={entityOptions}
              clearable
            />
            <OptionSelectField
              control={form.control}
              name="employee"
              label={t('logs.user')}
              options={employeeOptions}
              clearable
            />
            <DateField control={form.control} name="fromDate" label={t('fields.from_date')} />
            <DateField control={form.control} name="toDate" label={t('fields.to_date')} />
          </>
        )}
      </FilterForm>
      <DataTable<LogEntry, Partial<LogFilter>>
        queryKey={logKeys.list}
        fetcher={logsApi.list}
        filters={list.filters}
        columns={columns}
        state={list.state}
        onStateChange={list.setState}
        label={t('routes:logs')}
        rowActions={(row) => (
          <RowAction
            label={t('common:actions.preview')}
            target={`${entityLabel(t, row.name)} ${formatDateTime(row.created)}`}
            icon={<Visibility fontSize="small" />}
            onClick={() => setPreview(row._id)}
          />
        )}
      />
      {preview && <LogDialog id={preview} onClose={() => setPreview(null)} />}
    </>
  );
}
