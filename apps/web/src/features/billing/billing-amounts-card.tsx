import {
  type BillingDocumentView,
  documentAmountInWords,
  FIXED_RATES,
  NoticeType,
  vatExemptionBasis,
  type DictionaryItem,
} from '@kantora/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../components/ui/fields/number-field.tsx';
import { OptionSelectField } from '../../components/ui/fields/option-select-field.tsx';
import { SwitchField } from '../../components/ui/fields/switch-field.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { TotalsList } from '../../components/ui/totals-list.tsx';
import { formatMoney, formatNumber } from '../../lib/format.ts';
import { currencyLabel, localized } from '../../lib/labels.ts';
import { useMetadata, type VatTypeOption } from '../../api/metadata.ts';
import type { BillingFormValues } from './billing-form.ts';

export interface BillingAmountsCardProps {
  doc: BillingDocumentView | null;
  editable: boolean;
  /** The user switched VAT charging or chose a VAT type. */
  onVatChange: (change: { VATCharging?: boolean; VATType?: string | null }) => void;
  /** The user chose another currency. */
  onCurrencyChange: (currency: string) => void;
}

/** A currency's code from the look-up (or its ISO code-like name). */
export const currencyCodeOf = (currencies: DictionaryItem[] | undefined, id: string | null) => {
  const code = currencies?.find((item) => item._id === id)?.code;
  return typeof code === 'string' && code ? code : null;
};

/**
 * VAT charging (a VAT type when not charged), the currency with its rate to BGN, and the totals: tax base, VAT with
 * its percentage, total, always as the server computed and stored them; the total in words in Bulgarian.
 */
export function BillingAmountsCard({ doc, editable, onVatChange, onCurrencyChange }: BillingAmountsCardProps) {
  const { t, i18n } = useTranslation('billing');
  const locale = i18n.language;
  const { control } = useFormContext<BillingFormValues>();
  const [charging, vatType, currency, noticeType, creditToInvoice] = useWatch({
    control,
    name: ['VATCharging', 'VATType', 'currency', 'noticeType', 'creditToInvoice'],
  });
  // A notice has its original invoice's currency and rate (the server writes them): nothing to choose here.
  const ofOriginal = noticeType !== NoticeType.invoice && Boolean(creditToInvoice);
  const currencies = useMetadata<DictionaryItem[]>('getCurrencies');
  const vatTypes = useMetadata<VatTypeOption[]>('getVATTypes');
  const readOnly = !editable;
  const code = currencyCodeOf(currencies.data, currency);
  const fixedRate = code !== null && FIXED_RATES[code] !== undefined;
  const currencyOptions = (currencies.data ?? []).map((item) => ({
    value: item._id,
    label: currencyLabel(item, locale),
  }));
  if (doc?.currency && !currencyOptions.some((option) => option.value === doc.currency))
    currencyOptions.push({
      value: doc.currency,
      label: currencyLabel({ code: doc.currencyCode, name: doc.currencyName }, locale),
    });
  const vatOptions = (vatTypes.data ?? []).map((item) => ({
    value: item._id,
    label: `${localized(item.name, locale)} (${formatNumber(Number(item.percentage ?? 0))} %)`,
  }));
  if (doc?.VATType && !vatOptions.some((option) => option.value === doc.VATType))
    vatOptions.push({ value: doc.VATType, label: localized(doc.VATName, locale) });
  const shownCode = doc?.currencyCode ?? code ?? undefined;
  // A new document shows the rate of the VAT type it starts with (the invoice defaults'), a saved one its stored rate.
  const percentage = doc
    ? doc.VATPercentage
    : charging
      ? Number(vatTypes.data?.find((item) => item._id === vatType)?.percentage ?? 0)
      : 0;
  const words =
    locale === 'bg' && doc?.currencyCode
      ? documentAmountInWords({
          totalAmount: doc.totalAmount,
          currency: doc.currencyCode,
          currencyRate: doc.currencyRate,
        })
      : null;

  return (
    <SectionCard title={t('amounts.title')}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '1fr minmax(260px, 360px)' },
          alignItems: 'start',
        }}
      >
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
            alignItems: 'start',
          }}
        >
          <Box sx={{ gridColumn: '1 / -1' }}>
            <SwitchField
              control={control}
              name="VATCharging"
              label={t('fields.vat_charging')}
              readOnly={readOnly}
              onValueChange={(value) => onVatChange({ VATCharging: value })}
            />
          </Box>
          {!charging && (
            <OptionSelectField
              control={control}
              name="VATType"
              label={t('fields.vat_type')}
              options={vatOptions}
              required
              readOnly={readOnly}
              onValueChange={(value) => onVatChange({ VATType: (value as string | null) ?? null })}
            />
          )}
          <OptionSelectField
            control={control}
            name="currency"
            label={t('fields.currency')}
            options={currencyOptions}
            required
            readOnly={readOnly || ofOriginal}
            helperText={ofOriginal ? t('amounts.notice_currency') : undefined}
            onValueChange={(value) => {
              if (typeof value === 'string') onCurrencyChange(value);
            }}
          />
          <NumberField
            control={control}
            name="currencyRate"
            label={t('fields.currency_rate')}
            decimals={6}
            grouping={false}
            required
            readOnly={readOnly || fixedRate || ofOriginal}
            helperText={ofOriginal ? t('amounts.notice_currency') : fixedRate ? t('amounts.fixed_rate') : undefined}
          />
          {/* The legal basis as printed (vatExemptionBasis): the reverse charge for an EU business client, else the type's reason. */}
          {!charging && doc && !doc.VATCharging && vatExemptionBasis(doc, locale === 'it' ? 'it' : 'bg') && (
            <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
              {t('amounts.vat_reason', { reason: vatExemptionBasis(doc, locale === 'it' ? 'it' : 'bg') })}
            </Typography>
          )}
        </Box>
        <TotalsList
          label={t('amounts.totals')}
          figures={[
            { key: 'amount', label: t('fields.amount'), value: formatMoney(doc?.amount ?? 0, shownCode) },
            {
              key: 'vat',
              label: t('amounts.vat_with_percentage', { percentage: formatNumber(percentage) }),
              value: formatMoney(doc?.VATAmount ?? 0, shownCode),
            },
            {
              key: 'total',
              label: t('fields.total_amount'),
              value: formatMoney(doc?.totalAmount ?? 0, shownCode),
              strong: true,
            },
          ]}
          words={words}
          wordsLabel={t('amounts.in_words')}
        />
      </Box>
    </SectionCard>
  );
}
