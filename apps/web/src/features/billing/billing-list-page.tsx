import {
  BILLING_RUN_ROUTE,
  type BillingKind,
  type BillingRow,
  canAccess,
  isManagement,
  Permissions,
} from '@kantora/domain';
import Add from '@mui/icons-material/Add';
import EventRepeat from '@mui/icons-material/EventRepeat';
import FolderZip from '@mui/icons-material/FolderZip';
import Send from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../components/ui/data-table.tsx';
import { PageToolbar } from '../../components/ui/page-toolbar.tsx';
import { roundedTotal } from '../../components/ui/table-pagination-bar.tsx';
import { type ListRequest, useListState } from '../../components/ui/use-list-query.ts';
import { visuallyHidden } from '../../components/ui/visually-hidden.ts';
import { formatNumber } from '../../lib/format.ts';
import { useSessionUser } from '../../lib/session.ts';
import { billingApi, billingKeys, billingQueries } from '../../api/billing.ts';
import { BillingPreviewButton, useBillingColumns } from './billing-columns.tsx';
import { BillingFilterForm, type BillingFilterValues, toBillingFilter } from './billing-filter.tsx';
import { usePaymentsFromList } from './payments-dialog.tsx';

// The dialogs open on demand: their code stays out of the list's first load.
const SendManyDialog = lazy(() =>
  import('../../components/entities/mail/send-many-dialog.tsx').then((module) => ({ default: module.SendManyDialog })),
);
const MonthPackageDialog = lazy(() =>
  import('./month-package-dialog.tsx').then((module) => ({ default: module.MonthPackageDialog })),
);

type ListTab = 'issued' | 'drafts';
const TABS: readonly ListTab[] = ['issued', 'drafts'];

/** A tab's label with its count as a badge. */
function TabLabel({ text, count }: { text: string; count: string }) {
  return (
    // Named "Издадени (10)" from what it shows: the brackets are there for screen readers only (WCAG 2.5.3).
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5 }}>
      {text}
      <Box component="span" sx={visuallyHidden}>
        {' ('}
      </Box>
      <Box
        component="span"
        sx={{
          minWidth: 20,
          px: 0.75,
          borderRadius: 10,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          fontSize: '0.75rem',
          fontWeight: 500,
          lineHeight: '20px',
          textAlign: 'center',
        }}
      >
        {count}
      </Box>
      <Box component="span" sx={visuallyHidden}>
        )
      </Box>
    </Box>
  );
}

/**
 * /invoices and /proforma-invoices: the issued and the drafts tab, each with its count under the filter
 * (getDocsCount), by number newest first (drafts by creation, before numbered ones); management adds a document and
 * sends chosen issued ones by e-mail.
 */
export function BillingListPage({ kind }: { kind: BillingKind }) {
  const { t, i18n } = useTranslation('billing');
  const user = useSessionUser();
  const management = user ? isManagement(user.access) : false;
  // The month's package (invoices and notices, PDF and XML, with the sales journal): management and the accountant.
  const monthPackage = kind === 'invoice' && user !== null && canAccess(Permissions.invoicesRead, user.access);
  const [packageOpen, setPackageOpen] = useState(false);
  const [tab, setTab] = useState<ListTab>('issued');
  // Management picks issued documents to send by e-mail (one message each to its client).
  const [selected, setSelected] = useState<BillingRow[]>([]);
  const [mailing, setMailing] = useState(false);
  // Not on phones: the selection's checkboxes would push the paid state under the row's button (each document is sent
  // from its own page there).
  const wide = useMediaQuery((theme) => theme.breakpoints.up('sm'), { defaultMatches: true, noSsr: true });
  const selectable = management && tab === 'issued' && wide;
  const list = useListState<Partial<BillingFilterValues>>({ sortBy: 'number', sortDesc: true });
  const api = useMemo(() => billingApi(kind), [kind]);
  const filter = useMemo(() => toBillingFilter(list.filters), [list.filters]);
  const counts = useQuery({
    ...billingQueries.counts(kind, filter),
  });
  const fetcher = useMemo(
    () => (request: ListRequest<Partial<BillingFilterValues>>) =>
      api.list({
        ...toBillingFilter(request),
        page: request.page,
        itemsPerPage: request.itemsPerPage,
        sortBy: request.sortBy,
        sortDesc: request.sortDesc,
        issued: tab === 'issued',
      }),
    [api, tab],
  );
  const payments = usePaymentsFromList();
  const columns = useBillingColumns({ withClient: true, withState: false, onPaidClick: payments.onPaidClick });
  const title = t(`${kind}.list_title`);
  return (
    <>
      <PageToolbar description={t(`${kind}.list_intro`)}>
        {monthPackage && (
          <Button variant="outlined" startIcon={<FolderZip />} onClick={() => setPackageOpen(true)}>
            {t('month_package.button')}
          </Button>
        )}
        {selectable && (
          <Button
            variant="outlined"
            startIcon={<Send />}
            onClick={() => setMailing(true)}
            disabled={selected.length === 0}
          >
            {selected.length > 0 ? t('list.send_by_mail_count', { count: selected.length }) : t('list.send_by_mail')}
          </Button>
        )}
        {management && (
          <Button component={Link} to={BILLING_RUN_ROUTE} variant="outlined" startIcon={<EventRepeat />}>
            {t('routes:billing_run')}
          </Button>
        )}
        {management && (
          <Button
            component={Link}
            to={`${kind === 'invoice' ? '/invoices' : '/proforma-invoices'}/create`}
            variant="contained"
            startIcon={<Add />}
          >
            {t(`${kind}.add`)}
          </Button>
        )}
      </PageToolbar>
      <BillingFilterForm onApply={list.applyFilters} onResetPage={list.resetPage} />
      <Tabs
        value={tab}
        onChange={(_, next: ListTab) => {
          setTab(next);
          setSelected([]);
          list.resetPage();
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('tabs.label')}
        sx={{ mb: 1 }}
      >
        {TABS.map((key) => {
          const value = counts.data?.[key];
          // A count past 1 000 may be the database's estimate ("≈ 170 000") or a lower bound ("> 1000").
          const inexact = counts.data?.inexact?.[key];
          let count = value === undefined ? '…' : formatNumber(value, 0);
          if (value !== undefined && inexact === 'estimated') count = `≈ ${roundedTotal(value, i18n.language)}`;
          else if (value !== undefined && inexact === 'capped') count = `> ${count}`;
          return (
            <Tab
              key={key}
              value={key}
              id={`${kind}-tab-${key}`}
              aria-controls={`${kind}-panel-${key}`}
              label={<TabLabel text={t(`tabs.${key}`)} count={count} />}
            />
          );
        })}
      </Tabs>
      <Box role="tabpanel" id={`${kind}-panel-${tab}`} aria-labelledby={`${kind}-tab-${tab}`}>
        <DataTable<BillingRow, Partial<BillingFilterValues>>
          queryKey={[...billingKeys.list(kind), tab]}
          fetcher={fetcher}
          filters={list.filters}
          columns={columns}
          state={list.state}
          onStateChange={list.setState}
          label={`${title}: ${t(`tabs.${tab}`)}`}
          emptyText={t(tab === 'issued' ? 'list.empty_issued' : 'list.empty_drafts')}
          rowActions={(row) => <BillingPreviewButton kind={kind} row={row} />}
          selectable={selectable}
          isRowSelectable={(row) => row.issued}
          selected={selected.map((row) => row._id)}
          onSelectionChange={(_, rows) => setSelected(rows)}
        />
      </Box>
      {mailing && (
        <Suspense fallback={null}>
          <SendManyDialog
            documents={selected.map((row) => ({ _id: row._id, kind, number: row.number }))}
            onClose={(sent) => {
              setMailing(false);
              if (sent) setSelected([]);
            }}
          />
        </Suspense>
      )}
      {payments.dialog}
      {monthPackage && packageOpen && (
        <Suspense fallback={null}>
          <MonthPackageDialog open onClose={() => setPackageOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
