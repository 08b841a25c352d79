import {
  type ContractOption,
  hasTimesheetFilter,
  isManagement,
  MessageKeys,
  type TimesheetListResult,
  type TimesheetRow,
  type ClientOption,
} from '@kantora/domain';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../components/ui/row-action.tsx';
import { useConfirmRemove } from '../../components/ui/use-confirm-remove.ts';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table.tsx';
import { PageToolbar } from '../../components/ui/page-toolbar.tsx';
import { type ListRequest, useListQuery, useListState } from '../../components/ui/use-list-query.ts';
import { formatDate, formatDateTime, formatDuration } from '../../lib/format.ts';
import { localized } from '../../lib/labels.ts';
import { notify } from '../../lib/notify.ts';
import { isLocale } from '../../lib/locale.ts';
import { useSessionUser } from '../../lib/session.ts';
import { serviceLabel } from './timesheet-form.ts';
import { TimesheetDialog } from './timesheet-dialog.tsx';
import { timesheetKeys, timesheetsApi } from '../../api/timesheets.ts';
import { type TimesheetFilterValues, TimesheetsFilter, toListFilter } from './timesheets-filter.tsx';

export interface TimesheetsListProps {
  /** One client's rows (the client page's tab): no client filter or column; new rows start with it. */
  client?: ClientOption | null;
  /** One contract's rows (the contract page's tab); new rows start with it and its client. */
  contract?: ContractOption | null;
  /** The text left of the buttons. */
  description?: ReactNode;
}

const nowrap = { whiteSpace: 'nowrap' } as const;

/** The sum of the filtered durations under the table, with the length of a working day beside it. */
function TotalLine({ minutes, estimated }: { minutes: number; estimated: boolean }) {
  const { t } = useTranslation('timesheets');
  return (
    <Paper
      variant="outlined"
      sx={{
        mt: 1.5,
        px: 2,
        py: 1.25,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'baseline',
        columnGap: 1.5,
        rowGap: 0.5,
      }}
    >
      <Typography component="span" sx={{ fontWeight: 600 }} role="status" aria-label={t('list.total_label')}>
        {t('list.total', { duration: `${estimated ? '≈ ' : ''}${formatDuration(minutes)}` })}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary">
        {t('list.workday')}
      </Typography>
    </Paper>
  );
}

/**
 * Timesheets: filter, add, print and export (management), the table (newest first) with preview and the admin's
 * delete per row, and the sum of the filtered durations under it. Serves /timesheets and the client's and the
 * contract's tabs.
 */
export function TimesheetsList({ client = null, contract = null, description }: TimesheetsListProps) {
  const { t, i18n } = useTranslation('timesheets');
  const locale = i18n.language;
  const user = useSessionUser();
  const management = user ? isManagement(user.access) : false;
  const confirmRemove = useConfirmRemove();
  const list = useListState<Partial<TimesheetFilterValues>>({ sortBy: 'created', sortDesc: true });
  const [dialog, setDialog] = useState<{ id: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const fixedClient = contract ? null : client;
  const scope = useMemo(() => ({ client: fixedClient, contract }), [fixedClient, contract]);
  const fetcher = useMemo(
    () => (request: ListRequest<Partial<TimesheetFilterValues>>) => timesheetsApi.list(toListFilter(request, scope)),
    [scope],
  );
  const queryKey = useMemo(
    () => [...timesheetKeys.list, fixedClient?._id ?? 'all', contract?._id ?? 'all'],
    [fixedClient, contract],
  );
  // The same query as the table's (one request): its answer carries the sum of the durations.
  const answer = useListQuery(queryKey, fetcher, list.state, list.filters).data as TimesheetListResult | undefined;
  const scoped = Boolean(fixedClient || contract);

  const columns = useMemo<DataTableColumn<TimesheetRow>[]>(() => {
    const all: Array<DataTableColumn<TimesheetRow> | false> = [
      {
        field: 'user',
        header: 'timesheets:fields.user',
        hideBelow: 'md',
        priority: 3,
        render: (row) => <Box sx={{ minWidth: 90 }}>{localized(row.userName, locale)}</Box>,
      },
      // Phones: the date under the client (its column is left out there), so the duration keeps its width.
      !scoped && {
        field: 'client',
        header: 'timesheets:fields.client',
        render: (row) => (
          <Box sx={{ minWidth: { xs: 96, md: 110 } }}>
            {localized(row.clientName, locale)}
            <Box
              component="span"
              sx={{
                display: { xs: 'block', sm: 'none' },
                color: 'text.secondary',
                fontSize: '0.8rem',
                whiteSpace: 'nowrap',
              }}
            >
              {formatDate(row.date)}
            </Box>
          </Box>
        ),
      },
      {
        field: 'service',
        header: 'timesheets:fields.service',
        hideBelow: scoped ? undefined : 'sm',
        priority: 2,
        render: (row) => (
          <Box sx={{ minWidth: { xs: 96, md: 120 } }}>
            {serviceLabel({ code: row.serviceCode ?? '', name: row.serviceName ?? { bg: '', it: '' } }, locale)}
          </Box>
        ),
      },
      {
        field: 'date',
        header: 'timesheets:fields.date',
        sortable: true,
        hideBelow: scoped ? undefined : 'sm',
        render: (row) => <Box sx={nowrap}>{formatDate(row.date)}</Box>,
      },
      {
        field: 'duration',
        header: 'timesheets:fields.duration',
        render: (row) => <Box sx={nowrap}>{formatDuration(row.duration)}</Box>,
      },
      {
        field: 'created',
        header: 'timesheets:fields.created',
        sortable: true,
        hideBelow: 'sm',
        priority: 4,
        render: (row) => <Box sx={nowrap}>{formatDateTime(row.created)}</Box>,
      },
    ];
    return all.filter((column): column is DataTableColumn<TimesheetRow> => Boolean(column));
  }, [locale, scoped]);

  const label = (row: TimesheetRow) => `${localized(row.clientName, locale)}, ${formatDate(row.date)}`;
  const report = async (kind: 'export' | 'print') => {
    const filter = { ...toListFilter(list.filters, scope), sortBy: list.state.sortBy, sortDesc: list.state.sortDesc };
    if (!hasTimesheetFilter(filter)) {
      notify.warning(MessageKeys.to_do_export_please_first_select_filters);
      return;
    }
    setBusy(true);
    try {
      // The file in the language on screen (not the user's stored one).
      const body = { ...filter, lang: isLocale(locale) ? locale : undefined };
      await (kind === 'export' ? timesheetsApi.exportXlsx(body) : timesheetsApi.print(body));
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };
  const remove = (row: TimesheetRow) =>
    confirmRemove({
      messageKey: 'are_your_sure_delete_timesheet',
      remove: () => timesheetsApi.remove(row._id),
      invalidate: [timesheetKeys.all],
      refresh: 'success',
    });

  return (
    <>
      <PageToolbar description={description}>
        {management && (
          <>
            <Button
              variant="outlined"
              startIcon={<PrintOutlined />}
              disabled={busy}
              onClick={() => void report('print')}
            >
              {t('list.print')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              disabled={busy}
              onClick={() => void report('export')}
            >
              {t('list.export')}
            </Button>
          </>
        )}
        <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ id: null })}>
          {t('list.add')}
        </Button>
      </PageToolbar>
      <TimesheetsFilter
        withClient={!scoped}
        management={management}
        onApply={list.applyFilters}
        onResetPage={list.resetPage}
      />
      <DataTable<TimesheetRow, Partial<TimesheetFilterValues>>
        queryKey={queryKey}
        fetcher={fetcher}
        filters={list.filters}
        columns={columns}
        state={list.state}
        onStateChange={list.setState}
        label={t('list.title')}
        rowActions={(row) => (
          <>
            <RowAction
              label={t('common:actions.preview')}
              target={label(row)}
              icon={<Visibility fontSize="small" />}
              onClick={() => setDialog({ id: row._id })}
              size="small"
            />
            {row.canDelete && (
              <RowAction
                label={t('common:actions.delete')}
                target={label(row)}
                icon={<DeleteOutline fontSize="small" />}
                onClick={() => void remove(row)}
                size="small"
              />
            )}
          </>
        )}
      />
      {answer && <TotalLine minutes={answer.TotalDuration} estimated={Boolean(answer.Estimated)} />}
      {dialog && (
        <TimesheetDialog
          key={dialog.id ?? 'new'}
          id={dialog.id}
          client={
            contract ? { _id: contract.customerId ?? '', name: contract.companyName ?? { bg: '', it: '' } } : client
          }
          contract={contract}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
