import { type BillingKind, type BillingRow, NoticeType } from '@kantora/domain';
import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../components/ui/data-table.tsx';
import { PaidChip } from '../../components/entities/paid-chip.tsx';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { localized } from '../../lib/labels.ts';
import { documentRoute } from '../../api/billing.ts';

export { PaidChip };

const nowrap = (text: string) => <Box sx={{ whiteSpace: 'nowrap' }}>{text}</Box>;

/** Draft or issued as a chip. */
export function IssuedChip({ issued, size = 'small' }: { issued: boolean; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('billing');
  return (
    <Chip
      size={size}
      color={issued ? 'success' : 'default'}
      variant={issued ? 'filled' : 'outlined'}
      label={t(issued ? 'state.issued' : 'state.draft')}
    />
  );
}

/** The number (or "draft"), with the kind of notice under it; on phones also the client (its column is left out). */
function NumberCell({ row, withClient }: { row: BillingRow; withClient: boolean }) {
  const { t, i18n } = useTranslation('billing');
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {row.number ?? (
        <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
          {t('state.no_number')}
        </Box>
      )}
      {row.noticeType !== NoticeType.invoice && (
        <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8rem' }}>
          {t(`notice.${row.noticeType}`)}
        </Box>
      )}
      {withClient && (
        <Box component="span" sx={{ display: { xs: 'block', sm: 'none' }, whiteSpace: 'normal', fontSize: '0.8rem' }}>
          {localized(row.companyName, i18n.language)}
        </Box>
      )}
    </Box>
  );
}

export interface BillingColumnOptions {
  /** The client's name and bulstat (not on one client's tab). */
  withClient: boolean;
  /** Draft or issued (the tabs of a client or a contract list both). */
  withState: boolean;
  /** Management: a click on an issued document's paid state opens its payments. */
  onPaidClick?: (row: BillingRow) => void;
}

/** The columns of a billing table: number, date, client, bulstat, tax base, VAT, total, paid state. */
export function useBillingColumns({
  withClient,
  withState,
  onPaidClick,
}: BillingColumnOptions): DataTableColumn<BillingRow>[] {
  const { t, i18n } = useTranslation('billing');
  const locale = i18n.language;
  return useMemo<DataTableColumn<BillingRow>[]>(() => {
    // The amount never breaks (its groups are joined by no-break spaces); on phones the currency may go under it.
    const money = (value: (row: BillingRow) => number) => (row: BillingRow) => (
      <Box sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' } }}>
        {formatMoney(value(row), row.currencyCode ?? undefined).replace(/(\d)\s(?=\d)/g, '$1\u00a0')}
      </Box>
    );
    const columns: DataTableColumn<BillingRow>[] = [
      {
        field: 'number',
        header: 'billing:fields.number',
        sortable: true,
        render: (row) => <NumberCell row={row} withClient={withClient} />,
      },
      {
        field: 'date',
        header: 'billing:fields.date',
        sortable: true,
        hideBelow: 'md',
        priority: 3,
        render: (row) => nowrap(formatDate(row.date)),
      },
    ];
    if (withClient) {
      columns.push(
        {
          field: `companyName.${locale}`,
          header: 'billing:fields.client',
          sortable: true,
          hideBelow: 'sm',
          render: (row) => localized(row.companyName, locale),
        },
        {
          field: 'bulstat',
          header: 'billing:fields.bulstat',
          sortable: true,
          hideBelow: 'xl',
          priority: 6,
          render: (row) => nowrap(row.bulstat),
        },
      );
    }
    columns.push(
      {
        field: 'amount',
        header: 'billing:fields.amount',
        sortable: true,
        align: 'right',
        hideBelow: 'lg',
        priority: 4,
        render: money((row) => row.amount),
      },
      {
        field: 'VATAmount',
        header: 'billing:fields.vat_amount',
        sortable: true,
        align: 'right',
        hideBelow: 'lg',
        priority: 5,
        render: money((row) => row.VATAmount),
      },
      {
        field: 'totalAmount',
        header: 'billing:fields.total',
        sortable: true,
        align: 'right',
        priority: 1,
        render: money((row) => row.totalAmount),
      },
    );
    if (withState)
      columns.push({
        field: 'issued',
        header: 'billing:fields.state',
        priority: 2,
        render: (row) => <IssuedChip issued={row.issued} />,
      });
    columns.push({
      field: 'isPaid',
      header: 'billing:fields.is_paid',
      sortable: true,
      render: (row) => {
        const open = onPaidClick && row.issued ? () => onPaidClick(row) : undefined;
        return (
          <PaidChip
            state={row.isPaid}
            onClick={open}
            actionLabel={open ? t('payments.open_of', { name: row.number ?? '' }) : undefined}
          />
        );
      },
    });
    return columns;
  }, [locale, withClient, withState, onPaidClick, t]);
}

/** The preview button of a row. */
export function BillingPreviewButton({ kind, row }: { kind: BillingKind; row: BillingRow }) {
  const { t, i18n } = useTranslation('billing');
  const name =
    row.number ?? `${t('state.draft')} ${formatDate(row.date)} ${localized(row.companyName, i18n.language)}`.trim();
  return (
    <Tooltip title={t('common:actions.preview')}>
      <IconButton
        component={Link}
        to={documentRoute(kind, row._id)}
        aria-label={`${t('common:actions.preview')}: ${name}`}
      >
        <Visibility fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
