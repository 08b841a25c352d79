import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import ListAlt from '@mui/icons-material/ListAlt';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ClientSearch } from '../../components/entities/client-search.tsx';
import { ContractSearch } from '../../components/entities/contract-search.tsx';
import { DateField } from '../../components/ui/fields/date-field.tsx';
import { fieldErrorText } from '../../components/ui/fields/field-error.ts';
import { NumberField } from '../../components/ui/fields/number-field.tsx';
import { FormTextField } from '../../components/ui/fields/text-field.tsx';
import { type ServiceOption, ServicesPickerDialog } from '../../components/entities/services-picker-dialog.tsx';
import { formatDuration } from '../../lib/format.ts';
import { translateMessage } from '../../lib/i18n.ts';
import {
  durationOf,
  type ServiceChoice,
  serviceLabel,
  type TimesheetFormOutput,
  type TimesheetFormValues,
} from './timesheet-form.ts';
import { contractsApi } from '../../api/contracts.ts';
import { timesheetKeys } from '../../api/timesheets.ts';

/** The service of a row: its name, and the services picker offering the services of the row's contract. */
function ServiceField({
  form,
  index,
  label,
}: {
  form: UseFormReturn<TimesheetFormValues, any, TimesheetFormOutput>;
  index: number;
  label: string;
}) {
  const { t, i18n } = useTranslation('timesheets');
  const [picking, setPicking] = useState(false);
  const contract = form.watch(`rows.${index}.contract`);
  const contractId = contract?._id ?? null;
  const services = useQuery({
    queryKey: timesheetKeys.contractServices(contractId ?? ''),
    queryFn: () => contractsApi.services({ contractId: contractId as string, page: 1, itemsPerPage: 200 }),
    enabled: picking && contractId !== null,
    staleTime: 60_000,
  });
  const options: ServiceOption[] = (services.data?.Items ?? []).map((row) => ({
    _id: row.service,
    name: row.name,
    status: true,
    code: row.code,
    description: row.description,
  }));
  return (
    <Controller
      control={form.control}
      name={`rows.${index}.service`}
      render={({ field, fieldState }) => {
        const disabled = field.disabled || !contractId;
        const open = () => !disabled && setPicking(true);
        const text = field.value ? serviceLabel(field.value, i18n.language) : '';
        return (
          <>
            <TextField
              label={label}
              required
              fullWidth
              size="small"
              value={text}
              name={field.name}
              inputRef={field.ref}
              disabled={disabled}
              onClick={open}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  open();
                }
              }}
              error={Boolean(fieldState.error)}
              helperText={fieldErrorText(fieldState.error) ?? (contractId ? undefined : t('dialog.contract_first'))}
              slotProps={{
                htmlInput: { readOnly: true, style: { cursor: disabled ? undefined : 'pointer' } },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        size="small"
                        edge="end"
                        disabled={disabled}
                        aria-label={t('dialog.pick_service')}
                        onClick={open}
                      >
                        <ListAlt fontSize="small" />
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
            {picking && (
              <ServicesPickerDialog
                open
                title={t('dialog.services_title')}
                services={options}
                loading={services.isPending}
                addedIds={new Set(field.value ? [field.value._id] : [])}
                onClose={() => setPicking(false)}
                onAdd={async (service) => {
                  field.onChange({ _id: service._id, code: service.code, name: service.name } satisfies ServiceChoice);
                  setPicking(false);
                }}
              />
            )}
          </>
        );
      }}
    />
  );
}

export interface TimesheetRowFieldsProps {
  form: UseFormReturn<TimesheetFormValues, any, TimesheetFormOutput>;
  index: number;
  /** Rows of the form (the heading numbers them when there are several). */
  count: number;
  /** Remove this row (multi-row entry); absent when the row cannot be removed. */
  onRemove?: () => void;
}

/**
 * One row of the timesheet form: client, contract of that client (registered, not expired), service of that
 * contract (the services picker), date, hours and minutes, comment. Choosing another client clears the
 * contract and the service; another contract clears the service.
 */
export function TimesheetRowFields({ form, index, count, onRemove }: TimesheetRowFieldsProps) {
  const { t } = useTranslation('timesheets');
  const headingId = useId();
  const { control, setValue } = form;
  const row = form.watch(`rows.${index}`);
  const errors = form.formState.errors.rows?.[index] as
    | (FieldErrors<TimesheetFormValues['rows'][number]> & { duration?: { message?: string } })
    | undefined;
  const minutes = row ? durationOf(row) : null;
  const clear = (field: 'contract' | 'service') => setValue(`rows.${index}.${field}`, null, { shouldDirty: true });
  return (
    <Paper variant="outlined" role="group" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, minHeight: 32 }}>
        <Typography id={headingId} variant="subtitle2" sx={{ flexGrow: 1 }}>
          {count > 1 ? t('dialog.row', { number: index + 1 }) : t('dialog.one_row')}
        </Typography>
        {onRemove && (
          <Tooltip title={t('dialog.remove_row')}>
            <IconButton size="small" aria-label={`${t('dialog.remove_row')} ${index + 1}`} onClick={onRemove}>
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <Controller
          control={control}
          name={`rows.${index}.client`}
          render={({ field, fieldState }) => (
            <ClientSearch
              value={field.value}
              label={t('fields.client')}
              required
              disabled={field.disabled}
              onChange={(client) => {
                field.onChange(client);
                clear('contract');
                clear('service');
              }}
              error={Boolean(fieldState.error)}
              helperText={fieldErrorText(fieldState.error)}
            />
          )}
        />
        <Controller
          control={control}
          name={`rows.${index}.contract`}
          render={({ field, fieldState }) => (
            <ContractSearch
              value={field.value}
              clientId={row?.client?._id}
              status={1}
              label={t('fields.contract')}
              required
              disabled={field.disabled}
              onChange={(contract) => {
                field.onChange(contract);
                clear('service');
              }}
              error={Boolean(fieldState.error)}
              helperText={fieldErrorText(fieldState.error)}
            />
          )}
        />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mt: 2,
          alignItems: 'start',
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr) minmax(0, 1fr)',
            sm: 'minmax(0, 2.4fr) minmax(0, 1.5fr) minmax(0, 0.8fr) minmax(0, 0.8fr)',
          },
        }}
      >
        <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
          <ServiceField form={form} index={index} label={t('fields.service')} />
        </Box>
        <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
          <DateField control={control} name={`rows.${index}.date`} label={t('fields.date')} required />
        </Box>
        {/* The duration: hours and minutes with its error (or the hint, or the total) right under them. */}
        <Box role="group" aria-label={t('fields.duration')} sx={{ gridColumn: { xs: '1 / -1', sm: 'span 2' } }}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' }}>
            <NumberField
              control={control}
              name={`rows.${index}.hours`}
              label={t('fields.hours')}
              decimals={0}
              grouping={false}
              size="small"
              fullWidth
              error={Boolean(errors?.duration)}
            />
            <NumberField
              control={control}
              name={`rows.${index}.minutes`}
              label={t('fields.minutes')}
              decimals={0}
              grouping={false}
              size="small"
              fullWidth
              error={Boolean(errors?.duration)}
            />
          </Box>
          <FormHelperText error={Boolean(errors?.duration)} sx={{ mx: 0 }}>
            {errors?.duration
              ? translateMessage(errors.duration.message ?? 'invalid_value')
              : minutes
                ? `${t('fields.duration')}: ${formatDuration(minutes)}`
                : t('dialog.duration_hint')}
          </FormHelperText>
        </Box>
      </Box>
      <FormTextField
        control={control}
        name={`rows.${index}.comment`}
        label={t('fields.comment')}
        size="small"
        fullWidth
        multiline
        maxRows={4}
        sx={{ mt: 2 }}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </Paper>
  );
}
