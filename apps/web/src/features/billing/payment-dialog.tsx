import {
  type BillingRow,
  NoticeType,
  type PaymentChange,
  type PaymentFormValues,
  type PaymentRow,
  paymentFormSchemaFor,
  type DictionaryItem,
} from '@kantora/domain';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EntityDialog } from '../../components/ui/entity-dialog.tsx';
import { DateField } from '../../components/ui/fields/date-field.tsx';
import { MoneyField } from '../../components/ui/fields/money-field.tsx';
import { OptionSelectField, type ValueOption } from '../../components/ui/fields/option-select-field.tsx';
import { applyServerErrors } from '../../components/ui/fields/server-errors.ts';
import { FormTextField } from '../../components/ui/fields/text-field.tsx';
import { localized, schemaResolver } from '../../lib/labels.ts';
import { useMetadata } from '../../api/metadata.ts';
import { sofiaDate } from '../../lib/sofia-time.ts';
import { paymentsApi } from '../../api/payments.ts';
import { PaymentsSummary, usePaidDetails } from './payments-summary.tsx';

interface PaymentValues {
  amount: number | null;
  date: string | null;
  type: string | null;
  notes: string;
}

/** Today in Europe/Sofia as YYYY-MM-DD (a new payment's date). */

const toForm = (payment: PaymentRow | null, defaultType: string | null): PaymentValues => ({
  amount: payment?.amount ?? null,
  date: payment?.date ?? sofiaDate(),
  type: payment?.type ?? defaultType,
  notes: payment?.notes ?? '',
});

export interface PaymentDialogProps {
  /** The issued document the payment is of. */
  document: BillingRow & { paymentType?: string | null };
  /** The payment to change or look at, or null for a new one. */
  payment: PaymentRow | null;
  /** No saving (accountants; management only changes). */
  readOnly?: boolean;
  onClose: () => void;
  /** After each save: the payment and the document's new figures, as the server answered. */
  onSaved: (change: PaymentChange) => void;
}

/**
 * A payment of an issued invoice or proforma: the document's number, date, total, paid and not paid above the form;
 * amount, date and payment type required, notes. A credit notice takes refunds (negative amounts). The date is not
 * after today nor before the document's date. The server weighs the amount against the other payments as stored and
 * checks the date again; its refusal shows on the field.
 */
export function PaymentDialog({ document, payment, readOnly = false, onClose, onSaved }: PaymentDialogProps) {
  const { t, i18n } = useTranslation('billing');
  const locale = i18n.language;
  const [paymentId, setPaymentId] = useState<string | null>(payment?._id ?? null);
  // The date rule (not after today in Sofia, not before the document's date) is checked here too; the server decides.
  const schema = useMemo(
    () => paymentFormSchemaFor(document.noticeType, { documentDate: document.date, today: sofiaDate() }),
    [document.noticeType, document.date],
  );
  // A new payment's amount starts as what is owed (the paid figures' not paid), unless the user typed one first.
  const notPaid = usePaidDetails(document.kind, document._id).data?.totals.notPaid;
  const form = useForm<PaymentValues, any, PaymentFormValues>({
    resolver: schemaResolver(schema),
    defaultValues: {
      ...toForm(payment, document.paymentType ?? null),
      ...(payment || !notPaid ? {} : { amount: notPaid }),
    },
  });
  const types = useMetadata<DictionaryItem[]>('getPaymentTypes');
  const options: ValueOption[] = (types.data ?? []).map((item) => ({
    value: item._id,
    label: localized(item.name, locale),
  }));
  if (payment && !options.some((option) => option.value === payment.type))
    options.push({ value: payment.type, label: localized(payment.typeName, locale) });
  const refund = document.noticeType === NoticeType.credit;
  useEffect(() => {
    if (
      payment ||
      paymentId ||
      notPaid === undefined ||
      notPaid === 0 ||
      form.getFieldState('amount').isDirty ||
      form.getValues('amount') !== null
    )
      return;
    form.resetField('amount', { defaultValue: notPaid });
  }, [payment, paymentId, notPaid, form]);
  const name = t(refund ? 'payments.refund' : 'payments.payment');

  return (
    <EntityDialog<PaymentValues, PaymentChange, PaymentFormValues>
      open
      onClose={onClose}
      title={(mode) => (mode === 'create' ? t(refund ? 'payments.new_refund' : 'payments.new') : name)}
      form={form}
      initialMode={payment ? 'edit' : 'create'}
      readOnly={readOnly}
      onSave={async (values) => {
        try {
          const change = await paymentsApi(document.kind).save(document._id, {
            ...values,
            ...(paymentId ? { _id: paymentId } : {}),
          });
          setPaymentId(change.payment?._id ?? paymentId);
          return change;
        } catch (error) {
          applyServerErrors(form.setError, error);
          throw error;
        }
      }}
      onSaved={onSaved}
      toFormValues={(change) => toForm(change.payment, document.paymentType ?? null)}
    >
      <Stack spacing={2} sx={{ pt: 0.5 }}>
        <PaymentsSummary document={document} />
        <Divider />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' }}>
          <MoneyField
            control={form.control}
            name="amount"
            label={t('payments.amount')}
            currency={document.currencyCode ?? undefined}
            helperText={refund ? t('payments.refund_hint') : undefined}
            required
          />
          <DateField control={form.control} name="date" label={t('payments.date')} required disabled={readOnly} />
        </Box>
        <OptionSelectField
          control={form.control}
          name="type"
          label={t('fields.payment_type')}
          options={options}
          required
        />
        <FormTextField control={form.control} name="notes" label={t('payments.notes')} multiline minRows={2} />
      </Stack>
    </EntityDialog>
  );
}
