import { documentAmountInWords, NoticeType, type PortalBillingView, vatExemptionBasis } from '@kantora/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PaidChip } from '../../components/entities/paid-chip.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { TotalsList } from '../../components/ui/totals-list.tsx';
import { formatDate, formatMoney, formatNumber } from '../../lib/format.ts';
import { translateMessage } from '../../lib/i18n.ts';
import { currencyLabel, localized } from '../../lib/labels.ts';
import { billingRoute, PORTAL_ROUTES } from '../../api/portal.ts';
import { DetailList } from './portal-parts.tsx';

const right = { textAlign: 'right', whiteSpace: 'nowrap' } as const;
/** Number, quantity and unit price have columns from `sm` up; on phones they show beside and under the name. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * The details of an invoice or a proforma: number, date, date of the taxable event, payment deadline and method,
 * the notice type with the original invoice (invoices), the signer and the contract.
 */
export function BillingDetailsSection({ doc }: { doc: PortalBillingView }) {
  const { t, i18n } = useTranslation(['portal', 'billing']);
  const locale = i18n.language;
  const invoice = doc.kind === 'invoice';
  const notice = invoice && doc.noticeType !== NoticeType.invoice;
  const original = doc.creditToInvoiceNumber
    ? t('billing:search.option', { number: doc.creditToInvoiceNumber, date: formatDate(doc.creditToInvoiceDate) })
    : '';
  return (
    <SectionCard title={t('billing:details.title')}>
      <DetailList
        label={t('billing:details.title')}
        items={[
          { key: 'number', label: t('billing:fields.number'), value: doc.number },
          { key: 'date', label: t('billing:fields.date'), value: formatDate(doc.date) },
          ...(invoice ? [{ key: 'taxDate', label: t('billing:fields.tax_date'), value: formatDate(doc.taxDate) }] : []),
          { key: 'deadline', label: t('billing:fields.payment_deadline'), value: formatDate(doc.paymentDeadlineDate) },
          {
            key: 'paymentType',
            label: t('billing:fields.payment_type'),
            value: localized(doc.paymentTypeName, locale),
          },
          ...(invoice
            ? [
                {
                  key: 'noticeType',
                  label: t('billing:fields.notice_type'),
                  value: t(`billing:notice.${doc.noticeType}`),
                },
              ]
            : []),
          ...(notice
            ? [
                {
                  key: 'original',
                  label: t('billing:fields.original'),
                  value:
                    doc.creditToInvoice && original ? (
                      <Link component={RouterLink} to={billingRoute('invoice', doc.creditToInvoice)}>
                        {original}
                      </Link>
                    ) : (
                      original
                    ),
                },
                { key: 'reason', label: t('billing:fields.notice_reason'), value: localized(doc.noticeReason, locale) },
              ]
            : []),
          { key: 'signer', label: t('billing:fields.signer'), value: localized(doc.signerName, locale) },
          {
            key: 'contract',
            label: t('billing:fields.contract'),
            value: doc.contract ? (
              <Link component={RouterLink} to={`${PORTAL_ROUTES.contracts}/${doc.contract}`}>
                {localized(doc.contractName, locale) || t('portal:contract.open')}
              </Link>
            ) : (
              ''
            ),
          },
        ]}
      />
    </SectionCard>
  );
}

/** The rows: number, product or service (with its comment), quantity, unit price, end price. */
export function BillingItemsSection({ doc }: { doc: PortalBillingView }) {
  const { t, i18n } = useTranslation('billing');
  const locale = i18n.language;
  const currency = doc.currencyCode ?? undefined;
  return (
    <SectionCard title={t('items.title')} flush>
      <TableContainer>
        <Table size="small" aria-label={t('items.title')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 48, ...wide }}>{t('items.index')}</TableCell>
              <TableCell>{t('items.name')}</TableCell>
              <TableCell sx={{ ...right, ...wide }}>{t('items.quantity')}</TableCell>
              <TableCell sx={{ ...right, ...wide }}>{t('items.price')}</TableCell>
              <TableCell sx={right}>{t('items.total')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {doc.items.map((row) => {
              const comment = localized(row.comment, locale);
              return (
                <TableRow key={row._id}>
                  <TableCell sx={wide}>{row.index}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>{`${row.index}. `}</Box>
                    {localized(row.name, locale)}
                    {comment && (
                      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                        {comment}
                      </Typography>
                    )}
                    <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                      {`${formatNumber(row.quantity, 3)} × ${formatMoney(row.price, currency)}`}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ ...right, ...wide }}>{formatNumber(row.quantity, 3)}</TableCell>
                  <TableCell sx={{ ...right, ...wide }}>{formatMoney(row.price, currency)}</TableCell>
                  <TableCell sx={right}>{formatMoney(row.total, currency)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {doc.items.length === 0 && (
        <Box sx={{ py: 4, px: 2, textAlign: 'center' }}>
          <Typography color="text.secondary">{translateMessage('invoice_no_added_items')}</Typography>
        </Box>
      )}
    </SectionCard>
  );
}

/**
 * VAT charging (with the VAT type when not charged), the currency and its rate to BGN, the stored totals (tax base,
 * VAT with its percentage, total), the total in words in Bulgarian, and the payment: the paid state, paid, not paid.
 */
export function BillingAmountsSection({ doc }: { doc: PortalBillingView }) {
  const { t, i18n } = useTranslation(['portal', 'billing']);
  const locale = i18n.language;
  const code = doc.currencyCode ?? undefined;
  const words =
    locale === 'bg' && doc.currencyCode
      ? documentAmountInWords({
          totalAmount: doc.totalAmount,
          currency: doc.currencyCode,
          currencyRate: doc.currencyRate,
        })
      : null;
  return (
    <SectionCard title={t('billing:amounts.title')}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '1fr minmax(260px, 360px)' },
          alignItems: 'start',
        }}
      >
        <DetailList
          label={t('billing:amounts.title')}
          items={[
            {
              key: 'charging',
              label: t('billing:fields.vat_charging'),
              value: t(doc.VATCharging ? 'common:yes' : 'common:no'),
            },
            // The same legal basis as the print (the reverse charge for an EU business client).
            ...(doc.VATCharging
              ? []
              : [
                  {
                    key: 'vatType',
                    label: t('billing:fields.vat_type'),
                    value: vatExemptionBasis(doc, locale === 'it' ? 'it' : 'bg'),
                  },
                ]),
            {
              key: 'currency',
              label: t('billing:fields.currency'),
              value: currencyLabel({ code: doc.currencyCode, name: doc.currencyName }, locale),
            },
            { key: 'rate', label: t('billing:fields.currency_rate'), value: formatNumber(doc.currencyRate, 6) },
            { key: 'paid', label: t('billing:fields.is_paid'), value: <PaidChip state={doc.isPaid} /> },
            { key: 'paidAmount', label: t('portal:billing.paid_amount'), value: formatMoney(doc.paidAmount, code) },
            { key: 'notPaid', label: t('portal:billing.not_paid'), value: formatMoney(doc.notPaid, code) },
          ]}
        />
        <TotalsList
          label={t('billing:amounts.totals')}
          figures={[
            { key: 'amount', label: t('billing:fields.amount'), value: formatMoney(doc.amount, code) },
            {
              key: 'vat',
              label: t('billing:amounts.vat_with_percentage', { percentage: formatNumber(doc.VATPercentage) }),
              value: formatMoney(doc.VATAmount, code),
            },
            {
              key: 'total',
              label: t('billing:fields.total_amount'),
              value: formatMoney(doc.totalAmount, code),
              strong: true,
            },
          ]}
          words={words}
          wordsLabel={t('billing:amounts.in_words')}
        />
      </Box>
    </SectionCard>
  );
}
