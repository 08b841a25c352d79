import { addMonthsToDate, contractPeriodsUntil } from '@kantora/domain';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../components/ui/fields/field-error.ts';
import { contractQueries } from '../../api/contracts.ts';
import { formatDate } from '../../lib/format.ts';
import { sofiaDate } from '../../lib/sofia-time.ts';
import type { BillingFormValues } from './billing-form.ts';

/** How many periods after today's the list offers (an invoice made in advance). */
const AHEAD_MONTHS = 3;

const periodLabel = (from: string, to: string | null) => `${formatDate(from)} – ${formatDate(to)}`;

export interface BillingPeriodFieldProps {
  contractId: string;
  /** The stored period (shown as it is on an issued document; offered when the contract's list lacks it). */
  stored: { periodFrom: string | null; periodTo: string | null } | null;
  /** The document is not editable: the billed period shows as text. */
  readOnly: boolean;
}

/**
 * "Billed period" of a hand-made invoice or proforma of a contract (docs/decisions.md, "A hand-made invoice chooses its
 * period"): the contract's periods up to a few after today's, newest first, computed from the contract with the
 * domain's period grid; empty = the period the document's date falls in. Another contract chosen clears it.
 */
export function BillingPeriodField({ contractId, stored, readOnly }: BillingPeriodFieldProps) {
  const { t } = useTranslation('billing');
  const { control, setValue } = useFormContext<BillingFormValues>();
  const value = useWatch({ control, name: 'periodFrom' });
  const contract = useQuery({
    ...contractQueries.one(contractId),
    enabled: !readOnly,
    retry: false,
  });

  // Another contract: its periods differ, so the choice goes back to the document's date.
  const previous = useRef(contractId);
  useEffect(() => {
    if (previous.current !== contractId) setValue('periodFrom', null, { shouldDirty: true });
    previous.current = contractId;
  }, [contractId, setValue]);

  const byDate = t('details.period_by_date');
  if (readOnly) {
    const shown = stored?.periodFrom ? periodLabel(stored.periodFrom, stored.periodTo) : byDate;
    return <TextField label={t('fields.billed_period')} value={shown} slotProps={{ input: { readOnly: true } }} />;
  }

  const periods = contract.data ? contractPeriodsUntil(contract.data, addMonthsToDate(sofiaDate(), AHEAD_MONTHS)) : [];
  const options = periods.map((period) => ({
    value: period.periodFrom,
    label: periodLabel(period.periodFrom, period.periodTo),
  }));
  if (stored?.periodFrom && !options.some((option) => option.value === stored.periodFrom)) {
    options.unshift({ value: stored.periodFrom, label: periodLabel(stored.periodFrom, stored.periodTo) });
  }
  const labels = new Map(options.map((option) => [option.value, option.label]));

  return (
    <Controller
      control={control}
      name="periodFrom"
      render={({ field, fieldState }) => (
        <TextField
          select
          name={field.name}
          inputRef={field.ref}
          label={t('fields.billed_period')}
          // A value the list does not have yet (the contract still loading) waits for it.
          value={value && labels.has(value) ? value : ''}
          onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldErrorText(fieldState.error) ?? t('details.billed_period_hint')}
          slotProps={{
            inputLabel: { shrink: true },
            select: {
              displayEmpty: true,
              renderValue: (selected) => (selected ? (labels.get(String(selected)) ?? String(selected)) : byDate),
            },
          }}
        >
          <MenuItem value="">
            <em>{byDate}</em>
          </MenuItem>
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
