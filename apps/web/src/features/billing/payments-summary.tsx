import type { BillingKind, BillingRow } from '@kantora/domain';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TotalsList } from '../../components/ui/totals-list.tsx';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { paymentQueries } from '../../api/payments.ts';

/** The paid figures of a document (getPaidDetails), read again after every payment change. */
export function usePaidDetails(kind: BillingKind, documentId: string) {
  return useQuery({
    ...paymentQueries.details(kind, documentId),
    staleTime: 0,
  });
}

/** The document's number and date, its total, what is paid and what is not (the head of the payments dialog). */
export function PaymentsSummary({ document }: { document: BillingRow }) {
  const { t } = useTranslation('billing');
  const details = usePaidDetails(document.kind, document._id);
  const currency = document.currencyCode ?? undefined;
  const totals = details.data?.totals;
  if (!totals) return <Skeleton variant="rounded" height={140} aria-label={t('common:loading')} />;
  return (
    <TotalsList
      label={t('payments.summary')}
      figures={[
        { key: 'number', label: t('fields.number'), value: document.number ?? t('state.no_number') },
        { key: 'date', label: t('fields.date'), value: formatDate(document.date) },
        { key: 'total', label: t('payments.total'), value: formatMoney(totals.total, currency) },
        { key: 'paid', label: t('payments.paid'), value: formatMoney(totals.paid, currency) },
        { key: 'notPaid', label: t('payments.not_paid'), value: formatMoney(totals.notPaid, currency), strong: true },
      ]}
    />
  );
}
