import { LOCALES, type Locale } from '@kantora/domain';
import Stack from '@mui/material/Stack';
import type { TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField } from './text-field.tsx';

export type LocalizedTextFieldProps<T extends FieldValues> = {
  control: Control<T, any, any>;
  /** Path of a `{ bg, it }` object. */
  name: Path<T>;
  /** Translated label; each input adds its language, e.g. "Name (Bulgarian)". */
  label: string;
  required?: boolean | Partial<Record<Locale, boolean>>;
  disabled?: boolean;
  /** Both values shown as text that cannot be changed. */
  readOnly?: boolean;
  multiline?: boolean;
  /** Side by side from this width up (default: stacked on phones, side by side from `sm`). */
  direction?: 'row' | 'column';
  slotProps?: TextFieldProps['slotProps'];
  /** A hint under one language's input (e.g. what an empty optional Italian text means). */
  helperText?: Partial<Record<Locale, string>>;
};

/** The `{bg, it}` pair of a localised text: two inputs labelled with their language. */
export function LocalizedTextField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  readOnly,
  multiline,
  direction,
  slotProps,
  helperText,
}: LocalizedTextFieldProps<T>) {
  const { t } = useTranslation();
  const isRequired = (locale: Locale) => (typeof required === 'object' ? Boolean(required[locale]) : Boolean(required));
  return (
    <Stack direction={direction ?? { xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
      {LOCALES.map((locale) => (
        <FormTextField
          key={locale}
          control={control}
          name={`${name}.${locale}` as Path<T>}
          label={`${label} (${t(`language_names.${locale}`)})`}
          required={isRequired(locale)}
          helperText={helperText?.[locale]}
          disabled={disabled}
          readOnly={readOnly}
          multiline={multiline}
          minRows={multiline ? 2 : undefined}
          slotProps={{ ...slotProps, htmlInput: { lang: locale } }}
        />
      ))}
    </Stack>
  );
}
