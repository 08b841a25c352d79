import {
  type BillingItemRow,
  type BillingRow,
  isManagement,
  NoticeType,
  PAYMENTS_PAGE_SIZE,
  type PaymentRow,
} from '@kantora/domain';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../components/ui/row-action.tsx';
import { useConfirm } from '../../components/ui/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table.tsx';
import { useListState } from '../../components/ui/use-list-query.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { localized } from '../../lib/labels.ts';
import { useInvalidate } from '../../lib/metadata.ts';
import { useSessionUser } from '../../lib/session.ts';
import { billingApi, billingKeys } from '../../api/billing.ts';
import { PaymentDialog } from './payment-dialog.tsx';
import { paymentKeys, paymentsApi, paymentsChanged } from '../../api/payments.ts';
import { PaymentsSummary, usePaidDetails } from './payments-summary.tsx';

/** The document whose payments are shown (a list row or the editor's document). */
export type PaymentsDocument = BillingRow & { paymentType?: string | null };

export interface PaymentsDialogProps {
  document: PaymentsDocument;
  onClose: () => void;
  /** After a payment or a row's paid toggle changed (the opener refreshes what it shows). */
  onChanged?: () => void;
}

/** The rows of an issued proforma, each with its paid toggle (management; others see the state). */
function ProformaRowsPaid({
  document,
  canManage,
  onChanged,
}: {
  document: PaymentsDocument;
  canManage: boolean;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation('billing');
  const headingId = useId();
  const queryClient = useQueryClient();
  const items = useQuery({
    queryKey: billingKeys.items('proforma', document._id),
    queryFn: () => billingApi('proforma').items(document._id),
    staleTime: 0,
  });
  const [busy, setBusy] = useState<string | null>(null);
  const currency = document.currencyCode ?? undefined;

  const toggle = async (row: BillingItemRow, isPaid: boolean) => {
    setBusy(row._id);
    try {
      const saved = await paymentsApi('proforma').setItemIsPaid(row._id, isPaid);
      queryClient.setQueryData<BillingItemRow[]>(billingKeys.items('proforma', document._id), (rows) =>
        rows?.map((item) => (item._id === saved._id ? saved : item)),
      );
      onChanged();
    } catch {
      // The API client has shown why; the toggle keeps the stored state.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('payments.rows_title')}
      </Typography>
      {items.isPending ? (
        <Skeleton variant="rounded" height={96} aria-label={t('common:loading')} />
      ) : (
        <List dense disablePadding aria-labelledby={headingId}>
          {(items.data ?? []).map((row) => {
            const name = `${row.index}. ${localized(row.name, i18n.language)}`;
            return (
              <ListItem
                key={row._id}
                divider
                disableGutters
                secondaryAction={
                  <Switch
                    edge="end"
                    checked={row.isPaid}
                    disabled={!canManage || busy !== null}
                    onChange={(_, checked) => void toggle(row, checked)}
                    slotProps={{ input: { 'aria-label': t('payments.row_paid', { name }) } }}
                  />
                }
              >
                <ListItemText
                  primary={name}
                  secondary={`${formatMoney(row.total, currency)} · ${t(row.isPaid ? 'payments.row_is_paid' : 'payments.row_not_paid')}`}
                  sx={{ pr: 7 }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Box>
  );
}

/**
 * The payments of an issued invoice or proforma (up to 100, no paging) with the document's paid figures; management
 * adds, changes and deletes payments (deleting asks first) and, on a proforma, marks rows paid; an accountant looks.
 */
export function PaymentsDialog({ document, onClose, onChanged }: PaymentsDialogProps) {
  const { t, i18n } = useTranslation('billing');
  const titleId = useId();
  const user = useSessionUser();
  const confirm = useConfirm();
  const invalidate = useInvalidate();
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const canManage = Boolean(user && isManagement(user.access) && document.issued);
  const list = useListState({ sortBy: 'date', sortDesc: false, itemsPerPage: PAYMENTS_PAGE_SIZE });
  const [open, setOpen] = useState<{ payment: PaymentRow | null } | null>(null);
  const { kind, _id: documentId } = document;
  const currency = document.currencyCode ?? undefined;
  const refund = document.noticeType === NoticeType.credit;
  // A list row has no payment type: the document's (from its paid details) is a new payment's first choice.
  const details = usePaidDetails(kind, documentId);
  const viewed = details.data?.invoice ?? details.data?.proformaInvoice;
  const paymentType = document.paymentType ?? viewed?.paymentType ?? null;
  // Nothing is owed (a fully paid document, or a refunded notice): no new payment; unknown until the figures come.
  const totals = details.data?.totals;
  const settled = !totals || Math.round(totals.notPaid * 100) === 0;
  const fetcher = useMemo(
    () => (request: { sortBy?: string; sortDesc?: boolean }) =>
      paymentsApi(kind).list(documentId, { sortBy: request.sortBy, sortDesc: request.sortDesc }),
    [kind, documentId],
  );

  const changed = useCallback(() => {
    invalidate(...paymentsChanged(kind, documentId));
    onChanged?.();
  }, [invalidate, kind, documentId, onChanged]);

  const remove = async (payment: PaymentRow) => {
    const sure = await confirm({
      messageKey: 'are_your_sure_delete_payment',
      confirmLabel: t('common:actions.delete'),
      destructive: true,
    });
    if (!sure) return;
    try {
      await paymentsApi(kind).remove(documentId, payment._id);
      changed();
    } catch {
      // The API client has shown why.
    }
  };

  const columns: DataTableColumn<PaymentRow>[] = [
    {
      field: 'date',
      header: 'billing:fields.date',
      sortable: true,
      render: (row) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.date)}</Box>,
    },
    {
      field: 'amount',
      header: 'billing:payments.amount',
      sortable: true,
      align: 'right',
      render: (row) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatMoney(row.amount, currency)}</Box>,
    },
    {
      field: 'type',
      header: 'billing:fields.payment_type',
      hideBelow: 'sm',
      render: (row) => localized(row.typeName, i18n.language),
    },
    { field: 'notes', header: 'billing:payments.notes', hideBelow: 'md', render: (row) => row.notes },
  ];

  const number = document.number ?? t('state.no_number');
  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>
          {t(kind === 'invoice' ? 'payments.title_invoice' : 'payments.title_proforma', { number })}
        </DialogTitle>
        <DialogContent dividers>
          <Box sx={{ display: 'grid', gap: 3, alignItems: 'start' }}>
            {/* The figures above the table, which keeps the dialog's whole width for its columns. */}
            <Box sx={{ maxWidth: 420 }}>
              <PaymentsSummary document={document} />
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flexGrow: 1 }}>
                  {t(refund ? 'payments.refunds' : 'payments.list')}
                </Typography>
                {canManage && (
                  <Tooltip title={totals && settled ? t('payments.fully_paid') : ''}>
                    <span>
                      <Button
                        variant="contained"
                        startIcon={<Add />}
                        disabled={settled}
                        onClick={() => setOpen({ payment: null })}
                      >
                        {t(refund ? 'payments.add_refund' : 'payments.add')}
                      </Button>
                    </span>
                  </Tooltip>
                )}
                {canManage && totals && settled && (
                  <Typography variant="body2" color="text.secondary" sx={{ width: '100%', textAlign: 'right' }}>
                    {t('payments.fully_paid')}
                  </Typography>
                )}
              </Box>
              <DataTable<PaymentRow>
                queryKey={paymentKeys.list(kind, documentId)}
                fetcher={fetcher}
                columns={columns}
                state={list.state}
                onStateChange={list.setState}
                paged={false}
                label={t(refund ? 'payments.refunds' : 'payments.list')}
                emptyText={t('payments.empty')}
                rowActions={(row) => {
                  const label = `${formatDate(row.date)} ${formatMoney(row.amount, currency)}`;
                  return (
                    <>
                      <Tooltip title={t(canManage ? 'payments.edit' : 'common:actions.preview')}>
                        <IconButton
                          aria-label={`${t(canManage ? 'payments.edit' : 'common:actions.preview')}: ${label}`}
                          onClick={() => setOpen({ payment: row })}
                        >
                          {canManage ? <Edit fontSize="small" /> : <Visibility fontSize="small" />}
                        </IconButton>
                      </Tooltip>
                      {canManage && (
                        <RowAction
                          label={t('payments.remove')}
                          target={label}
                          icon={<DeleteOutline fontSize="small" />}
                          onClick={() => void remove(row)}
                        />
                      )}
                    </>
                  );
                }}
              />
              {kind === 'proforma' && (
                <ProformaRowsPaid document={document} canManage={canManage} onChanged={changed} />
              )}
            </Box>
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={onClose}>{t('common:actions.close')}</Button>
        </DialogActions>
      </Dialog>
      {open && (
        <PaymentDialog
          document={{ ...document, paymentType }}
          payment={open.payment}
          readOnly={!canManage}
          onClose={() => setOpen(null)}
          onSaved={changed}
        />
      )}
    </>
  );
}

/**
 * The lists' way in: for management, a click on an issued row's paid state (`onPaidClick` for useBillingColumns)
 * opens that document's payments (`dialog`, to render beside the table); others get no click.
 */
export function usePaymentsFromList(): { onPaidClick?: (row: BillingRow) => void; dialog: ReactNode } {
  const user = useSessionUser();
  const [row, setRow] = useState<BillingRow | null>(null);
  const open = useCallback((next: BillingRow) => setRow(next), []);
  const management = Boolean(user && isManagement(user.access));
  return {
    onPaidClick: management ? open : undefined,
    dialog: row ? <PaymentsDialog document={row} onClose={() => setRow(null)} /> : null,
  };
}
