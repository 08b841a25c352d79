import {
  AGING_BUCKETS,
  type AgingBucket,
  type ClientOption,
  type DictionaryItem,
  type OverdueRow,
} from '@kantora/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { clientQueries } from '../../api/clients.ts';
import { useMetadata } from '../../api/metadata.ts';
import { type OverdueFilters, receivableKeys, receivablesApi } from '../../api/receivables.ts';
import { ClientSearchField } from '../../components/entities/client-search.tsx';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table.tsx';
import { OptionSelectField } from '../../components/ui/fields/option-select-field.tsx';
import { FilterForm } from '../../components/ui/filter-form.tsx';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { PageToolbar } from '../../components/ui/page-toolbar.tsx';
import { type ListRequest, useListState } from '../../components/ui/use-list-query.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { localized } from '../../lib/labels.ts';
import { overdueHref } from './overdue-links.ts';

interface OverdueFilterValues {
  client: ClientOption | null;
  bucket: AgingBucket | null;
  currency: string | null;
}

const emptyFilter: OverdueFilterValues = { client: null, bucket: null, currency: null };

const isBucket = (value: string | null): value is AgingBucket =>
  value !== null && (AGING_BUCKETS as readonly string[]).includes(value);

/** The filter of the route's query (?clientId=…&bucket=…&currency=…); anything else is left out. */
export function filterOfQuery(params: URLSearchParams): OverdueFilters {
  const bucket = params.get('bucket');
  const filter: OverdueFilters = {};
  const clientId = params.get('clientId');
  if (clientId) filter.clientId = clientId;
  if (isBucket(bucket)) filter.bucket = bucket;
  const currency = params.get('currency')?.trim().toUpperCase();
  if (currency) filter.currency = currency;
  return filter;
}

/**
 * /receivables/overdue: the overdue invoices (or one bucket's), filtered by client, bucket and currency, from the
 * route's query so that the summary's bars, rows and debtors link here; the filter form writes the query back. Days
 * overdue, due, the last reminder and the client's contact; the number opens the invoice; XLSX export of the filter.
 */
export default function OverduePage() {
  const { t, i18n } = useTranslation('receivables');
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filterOfQuery(params), [params]);
  // The client filter shows the client's name: read it once when the query names a client.
  const client = useQuery({ ...clientQueries.one(filters.clientId ?? ''), enabled: Boolean(filters.clientId) });
  const currencies = useMetadata<DictionaryItem[]>('getCurrencies');
  const list = useListState<OverdueFilters>({ sortBy: 'deadline', sortDesc: false });
  const fetcher = useMemo(() => (request: ListRequest<OverdueFilters>) => receivablesApi.overdue(request), []);
  const exporting = useMutation({ mutationFn: () => receivablesApi.exportOverdue(filters) });
  const columns = useOverdueColumns();

  const apply = (values: OverdueFilterValues) => {
    list.resetPage();
    setParams(
      new URLSearchParams(
        overdueHref({
          clientId: values.client?._id,
          bucket: values.bucket ?? undefined,
          currency: values.currency ?? undefined,
        }).split('?')[1] ?? '',
      ),
      { replace: true },
    );
  };

  const currencyOptions = [
    ...new Set([
      ...(currencies.data ?? []).map((item) => String(item.code ?? '').toUpperCase()).filter(Boolean),
      ...(filters.currency ? [filters.currency] : []),
    ]),
  ].map((code) => ({ value: code, label: code }));
  const bucketOptions = AGING_BUCKETS.map((key) => ({ value: key, label: t(`bucket.${key}`) }));
  const waitingForClient = Boolean(filters.clientId) && client.isPending;
  const clientOption: ClientOption | null =
    filters.clientId && client.data ? { _id: filters.clientId, name: client.data.name } : null;

  return (
    <>
      <PageToolbar description={t('overdue.intro')}>
        <Button component={RouterLink} to="/receivables" startIcon={<ArrowBack />}>
          {t('overdue.back')}
        </Button>
        <Button
          variant="contained"
          startIcon={<FileDownloadOutlined />}
          loading={exporting.isPending}
          onClick={() => exporting.mutate()}
        >
          {t('overdue.export')}
        </Button>
      </PageToolbar>
      {waitingForClient ? (
        <PageLoader />
      ) : (
        <FilterForm<OverdueFilterValues>
          key={params.toString()}
          emptyValues={emptyFilter}
          defaultValues={{
            client: clientOption,
            bucket: filters.bucket ?? null,
            currency: filters.currency ?? null,
          }}
          onApply={apply}
          onResetPage={list.resetPage}
        >
          {(form) => (
            <>
              <ClientSearchField control={form.control} name="client" label={t('overdue.client')} />
              <OptionSelectField
                control={form.control}
                name="bucket"
                label={t('overdue.bucket')}
                options={bucketOptions}
                clearable
              />
              <OptionSelectField
                control={form.control}
                name="currency"
                label={t('overdue.currency')}
                options={currencyOptions}
                clearable
              />
            </>
          )}
        </FilterForm>
      )}
      <DataTable<OverdueRow, OverdueFilters>
        queryKey={receivableKeys.overdue}
        fetcher={fetcher}
        filters={filters}
        columns={columns}
        state={list.state}
        onStateChange={list.setState}
        label={t('overdue.table')}
        rowActions={(row) => (
          <Tooltip title={t('common:actions.preview')}>
            <IconButton
              component={RouterLink}
              to={`/invoices/${row._id}`}
              aria-label={t('overdue.open', { number: row.number, client: localized(row.client.name, i18n.language) })}
            >
              <Visibility fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      />
    </>
  );
}

function useOverdueColumns(): DataTableColumn<OverdueRow>[] {
  const { t, i18n } = useTranslation('receivables');
  const locale = i18n.language;
  return useMemo<DataTableColumn<OverdueRow>[]>(
    () => [
      {
        field: 'number',
        header: 'receivables:overdue.number',
        sortable: true,
        // Phones keep the client, the deadline and the amount due; the row's button opens the invoice there.
        hideBelow: 'sm',
        render: (row) => (
          <Link component={RouterLink} to={`/invoices/${row._id}`}>
            {row.number}
          </Link>
        ),
      },
      {
        field: 'client',
        header: 'receivables:overdue.client',
        sortable: true,
        render: (row) => (
          <Box component="span" sx={{ overflowWrap: 'break-word' }}>
            {localized(row.client.name, locale)}
          </Box>
        ),
      },
      {
        field: 'date',
        header: 'receivables:overdue.date',
        sortable: true,
        priority: 6,
        render: (row) => formatDate(row.date),
      },
      {
        field: 'deadline',
        header: 'receivables:overdue.deadline',
        sortable: true,
        render: (row) => (
          <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', whiteSpace: 'nowrap' }}>
            <span>{formatDate(row.deadline)}</span>
            <Box component="span" sx={{ color: row.daysOverdue > 0 ? 'error.main' : 'text.secondary' }}>
              {row.daysOverdue > 0 ? t('overdue.days_count', { count: row.daysOverdue }) : t('overdue.not_due')}
            </Box>
          </Box>
        ),
      },
      {
        field: 'total',
        header: 'receivables:overdue.total',
        sortable: true,
        align: 'right',
        priority: 5,
        render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.total, row.currency)}</span>,
      },
      {
        field: 'due',
        header: 'receivables:overdue.due',
        sortable: true,
        align: 'right',
        render: (row) => (
          // The currency goes under the amount when the column is narrow (phones).
          <Box component="span" sx={{ fontWeight: 600 }}>
            {formatMoney(row.due, row.currency)}
          </Box>
        ),
      },
      {
        field: 'lastReminder',
        header: 'receivables:overdue.last_reminder',
        priority: 3,
        render: (row) =>
          row.lastReminder ? (
            <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }}>
              <span>
                {row.lastReminder.stage > 0
                  ? t('overdue.stage', { stage: row.lastReminder.stage })
                  : t('overdue.stage_manual')}
              </span>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {formatDate(row.lastReminder.at)}
              </Box>
            </Box>
          ) : (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {t('overdue.no_reminder')}
            </Box>
          ),
      },
      {
        field: 'contact',
        header: 'receivables:overdue.contact',
        width: 180,
        priority: 2,
        render: (row) => <Contact contact={row.contact} />,
      },
    ],
    [locale, t],
  );
}

function Contact({ contact }: { contact: OverdueRow['contact'] }) {
  const emails = contact.notificationsEmails.length > 0 ? contact.notificationsEmails : [contact.email];
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', overflowWrap: 'anywhere' }}>
      {emails.filter(Boolean).map((email) => (
        <Link key={email} href={`mailto:${email}`}>
          {email}
        </Link>
      ))}
      {contact.phone && <span style={{ whiteSpace: 'nowrap' }}>{contact.phone}</span>}
    </Box>
  );
}
