import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useId } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** The client's "no reminders" mark (management edits it): the daily run sends it no payment reminders. */
export function NoRemindersField<T extends FieldValues>({
  control,
  name,
  disabled,
}: {
  control: Control<T, any, any>;
  name: Path<T>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('reminders');
  const hintId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={Boolean(field.value)}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                disabled={disabled}
                slotProps={{ input: { ref: field.ref, 'aria-describedby': hintId } }}
              />
            }
            label={t('client.no_reminders')}
          />
          <FormHelperText id={hintId} sx={{ mt: -0.5, ml: 4 }}>
            {t('client.no_reminders_hint')}
          </FormHelperText>
        </Box>
      )}
    />
  );
}
