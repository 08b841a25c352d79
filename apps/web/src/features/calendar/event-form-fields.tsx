import type { PersonOption, EventCategoryOption } from '@kantora/domain';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useRef } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/ui/fields/date-field.tsx';
import { DateTimeField } from '../../components/ui/fields/date-time-field.tsx';
import { fieldErrorText } from '../../components/ui/fields/field-error.ts';
import { FormTextField } from '../../components/ui/fields/text-field.tsx';
import { dayTimeToInstant, instantToDay } from './calendar-time.ts';
import { Swatch } from './event-preview.tsx';
import { localized } from '../../lib/labels.ts';

/** The event dialog's form values (the schema's shape; dates as the fields hold them). */
export interface EventFormValues {
  _id?: string;
  allDay: boolean;
  /** `YYYY-MM-DD` when all-day, else an ISO instant; null when empty. */
  fromDate: string | null;
  toDate: string | null;
  category: string;
  title: string;
  comment: string;
  invited: string[];
}

const isDay = (value: string | null): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
const isInstant = (value: string | null): value is string =>
  typeof value === 'string' && value.includes('T') && !Number.isNaN(Date.parse(value));

/** Switching all-day on or off keeps the chosen days: instants become Sofia days, days get 09:00–10:00. */
export function convertBounds(
  values: Pick<EventFormValues, 'fromDate' | 'toDate'>,
  allDay: boolean,
): Pick<EventFormValues, 'fromDate' | 'toDate'> {
  if (allDay) {
    return {
      fromDate: isInstant(values.fromDate) ? instantToDay(values.fromDate) : values.fromDate,
      toDate: isInstant(values.toDate) ? instantToDay(values.toDate) : values.toDate,
    };
  }
  return {
    fromDate: isDay(values.fromDate) ? dayTimeToInstant(values.fromDate, '09:00') : values.fromDate,
    toDate: isDay(values.toDate) ? dayTimeToInstant(values.toDate, '10:00') : values.toDate,
  };
}

/** The end a new start suggests when the end is empty: the same day, or one hour later. */
export function suggestedEnd(fromDate: string, allDay: boolean): string {
  return allDay ? fromDate : new Date(Date.parse(fromDate) + 3_600_000).toISOString();
}

export interface EventFormFieldsProps {
  form: UseFormReturn<EventFormValues>;
  categories: EventCategoryOption[];
  people: PersonOption[];
  disabled: boolean;
}

/** From/to (date-times, or dates for all-day), category, title, comment and the invited employees. */
export function EventFormFields({ form, categories, people, disabled }: EventFormFieldsProps) {
  const { t, i18n } = useTranslation('calendar');
  const { control } = form;
  const allDay = useWatch({ control, name: 'allDay' });
  const fromDate = useWatch({ control, name: 'fromDate' });
  const lastFrom = useRef(fromDate);

  // A start picked while the end is still empty fills the end in.
  useEffect(() => {
    if (fromDate === lastFrom.current) return;
    lastFrom.current = fromDate;
    const valid = allDay ? isDay(fromDate) : isInstant(fromDate);
    if (valid && fromDate && !form.getValues('toDate'))
      form.setValue('toDate', suggestedEnd(fromDate, allDay), { shouldDirty: true });
  }, [fromDate, allDay, form]);

  const byId = new Map(people.map((person) => [person._id, person]));
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Controller
        control={control}
        name="allDay"
        render={({ field }) => (
          <FormControlLabel
            label={t('fields.all_day')}
            disabled={disabled}
            control={
              <Switch
                checked={Boolean(field.value)}
                onChange={(event) => {
                  const next = event.target.checked;
                  const bounds = convertBounds(form.getValues(), next);
                  field.onChange(next);
                  form.setValue('fromDate', bounds.fromDate, { shouldDirty: true });
                  form.setValue('toDate', bounds.toDate, { shouldDirty: true });
                  if (form.formState.isSubmitted) void form.trigger(['fromDate', 'toDate']);
                }}
              />
            }
          />
        )}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {allDay ? (
          <>
            <DateField
              key="from-day"
              control={control}
              name="fromDate"
              label={t('fields.from')}
              required
              disabled={disabled}
            />
            <DateField
              key="to-day"
              control={control}
              name="toDate"
              label={t('fields.to')}
              required
              disabled={disabled}
            />
          </>
        ) : (
          <>
            <DateTimeField
              key="from-time"
              control={control}
              name="fromDate"
              label={t('fields.from')}
              required
              disabled={disabled}
            />
            <DateTimeField
              key="to-time"
              control={control}
              name="toDate"
              label={t('fields.to')}
              required
              disabled={disabled}
            />
          </>
        )}
      </Stack>
      <Controller
        control={control}
        name="category"
        render={({ field, fieldState }) => (
          <TextField
            select
            required
            label={t('fields.category')}
            name={field.name}
            inputRef={field.ref}
            value={categories.some((category) => category._id === field.value) ? field.value : ''}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            disabled={disabled}
            error={Boolean(fieldState.error)}
            helperText={fieldErrorText(fieldState.error)}
          >
            {categories.map((category) => (
              <MenuItem key={category._id} value={category._id}>
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                  <Swatch color={category.color} />
                  {localized(category.name, i18n.language)}
                </Box>
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <FormTextField
        control={control}
        name="title"
        label={t('fields.title')}
        required
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <FormTextField
        control={control}
        name="comment"
        label={t('fields.comment')}
        multiline
        minRows={2}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <Controller
        control={control}
        name="invited"
        render={({ field, fieldState }) => (
          <Autocomplete
            multiple
            disabled={disabled}
            options={people.map((person) => person._id)}
            value={field.value ?? []}
            onChange={(_event, value) => field.onChange(value)}
            getOptionLabel={(id) => localized(byId.get(id)?.fullName, i18n.language) || id}
            filterSelectedOptions
            noOptionsText={t('dialog.no_people')}
            renderValue={(value, getItemProps) =>
              value.map((id, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return (
                  <Chip
                    key={key}
                    size="small"
                    label={localized(byId.get(id)?.fullName, i18n.language) || id}
                    {...itemProps}
                  />
                );
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                name={field.name}
                inputRef={field.ref}
                label={t('fields.invited')}
                error={Boolean(fieldState.error)}
                helperText={fieldErrorText(fieldState.error)}
              />
            )}
          />
        )}
      />
    </Stack>
  );
}
