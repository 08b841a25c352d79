import {
  type BillingDocumentView,
  type BillingKind,
  ContractStatus,
  NOTICE_TYPES,
  NoticeType,
  type NoticeTypeValue,
  type DictionaryItem,
} from '@kantora/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ContractSearchField } from '../../components/entities/contract-search.tsx';
import { DateField } from '../../components/ui/fields/date-field.tsx';
import { LocalizedTextField } from '../../components/ui/fields/localized-text-field.tsx';
import { OptionSelectField, type ValueOption } from '../../components/ui/fields/option-select-field.tsx';
import { SelectField } from '../../components/ui/fields/select-field.tsx';
import { SwitchField } from '../../components/ui/fields/switch-field.tsx';
import { InvoiceSearchField } from '../../components/entities/invoice-search.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { localized } from '../../lib/labels.ts';
import { useMetadata } from '../../api/metadata.ts';
import { documentRoute } from '../../api/billing.ts';
import type { BillingFormValues, InvoiceDefaults } from './billing-form.ts';
import { BillingPeriodField } from './billing-period-field.tsx';

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))',
  alignItems: 'start',
} as const;
/** The notice type beside its original invoice, which needs the room for its number and date. */
const noticeGrid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'minmax(200px, 1fr) 2fr' },
  alignItems: 'start',
} as const;

export interface BillingDetailsCardProps {
  kind: BillingKind;
  doc: BillingDocumentView | null;
  editable: boolean;
  defaults: InvoiceDefaults | null | undefined;
  /** A saved draft changes its notice type at once (rows and totals change sign). */
  onNoticeTypeChange: (noticeType: NoticeTypeValue) => void;
}

/**
 * The details of a document: number, dates, payment type, signer, contract, and for invoices the tax date, the
 * notice type with the original invoice and reason, and the Bulgarian layout's switch.
 */
export function BillingDetailsCard({ kind, doc, editable, defaults, onNoticeTypeChange }: BillingDetailsCardProps) {
  const { t, i18n } = useTranslation('billing');
  const locale = i18n.language;
  const { control } = useFormContext<BillingFormValues>();
  const [date, customer, noticeType, original, contract] = useWatch({
    control,
    name: ['date', 'customer', 'noticeType', 'creditToInvoice', 'contract'],
  });
  const paymentTypes = useMetadata<DictionaryItem[]>('getPaymentTypes');
  const readOnly = !editable;
  const invoice = kind === 'invoice';
  const paymentOptions: ValueOption[] = (paymentTypes.data ?? []).map((item) => ({
    value: item._id,
    label: localized(item.name, locale),
  }));
  if (doc?.paymentType && !paymentOptions.some((option) => option.value === doc.paymentType)) {
    paymentOptions.push({ value: doc.paymentType, label: localized(doc.paymentTypeName, locale) });
  }
  const signers: ValueOption[] = [...(defaults?.signer ? [defaults.signer] : []), ...(defaults?.signers ?? [])]
    .filter((user, index, all) => all.findIndex((other) => other._id === user._id) === index)
    .map((user) => ({ value: user._id, label: localized(user.fullName, locale) }));
  if (doc?.signer && !signers.some((option) => option.value === doc.signer))
    signers.push({ value: doc.signer, label: localized(doc.signerName, locale) });
  const notices = NOTICE_TYPES.map((value) => ({ value, label: t(`notice.${value}`) }));
  const isNotice = invoice && noticeType !== NoticeType.invoice;

  return (
    <SectionCard title={t('details.title')} subtitle={editable ? t('details.hint') : undefined}>
      <Stack spacing={2}>
        <Box sx={grid}>
          <TextField
            label={t('fields.number')}
            value={doc?.number ?? t('state.no_number')}
            slotProps={{ input: { readOnly: true } }}
          />
          <DateField control={control} name="date" label={t('fields.date')} required readOnly={readOnly} />
          {invoice && (
            <DateField control={control} name="taxDate" label={t('fields.tax_date')} required readOnly={readOnly} />
          )}
          {/* A credit notice has no payment deadline. */}
          {!(invoice && noticeType === NoticeType.credit) && (
            <DateField
              control={control}
              name="paymentDeadlineDate"
              label={t('fields.payment_deadline')}
              required={invoice}
              readOnly={readOnly}
              minDate={date ?? undefined}
            />
          )}
          <OptionSelectField
            control={control}
            name="paymentType"
            label={t('fields.payment_type')}
            options={paymentOptions}
            required
            readOnly={readOnly}
          />
          <OptionSelectField
            control={control}
            name="signer"
            label={t('fields.signer')}
            options={signers}
            required
            readOnly={readOnly}
          />
        </Box>
        {/* Only registered contracts in force are offered (not drafts, canceled or expired ones); a document keeps the one it has. */}
        <ContractSearchField
          control={control}
          name="contract"
          label={t('fields.contract')}
          clientId={customer?._id}
          status={ContractStatus.registered}
          readOnly={readOnly}
        />
        {invoice && (
          <Box sx={noticeGrid}>
            <SelectField
              control={control}
              name="noticeType"
              label={t('fields.notice_type')}
              options={notices}
              required
              readOnly={readOnly}
              onValueChange={(value) => onNoticeTypeChange((value ?? 0) as NoticeTypeValue)}
            />
            {isNotice && (
              <InvoiceSearchField
                control={control}
                name="creditToInvoice"
                label={t('fields.original')}
                customerId={customer?._id}
                noticeType={NoticeType.invoice}
                required
                readOnly={readOnly}
              />
            )}
          </Box>
        )}
        {isNotice && original && (
          <Link component={RouterLink} to={documentRoute('invoice', original._id)} variant="body2">
            {t('links.open_original', { number: original.number ?? '—' })}
          </Link>
        )}
        {isNotice && (
          <LocalizedTextField
            control={control}
            name="noticeReason"
            label={t('fields.notice_reason')}
            readOnly={readOnly}
          />
        )}
        {invoice && (
          <SwitchField
            control={control}
            name="showBGInvoice"
            label={t('fields.show_bg_invoice')}
            helperText={t('details.show_bg_hint')}
            readOnly={readOnly}
          />
        )}
        {/* The contract period it bills: a plain invoice or a proforma of a contract, not one made from a proforma (that one bills its proforma's). */}
        {contract && !isNotice && !doc?.transformedFromProformaInvoice && (
          <Box sx={{ ...grid, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 340px), 1fr))' }}>
            <BillingPeriodField
              contractId={contract._id}
              stored={doc ? { periodFrom: doc.periodFrom, periodTo: doc.periodTo } : null}
              readOnly={readOnly}
            />
          </Box>
        )}
        {contract && !isNotice && (
          <SwitchField
            control={control}
            name="timesheetAnnex"
            label={t('fields.timesheet_annex')}
            helperText={t('details.timesheet_annex_hint')}
            readOnly={readOnly}
          />
        )}
      </Stack>
    </SectionCard>
  );
}
