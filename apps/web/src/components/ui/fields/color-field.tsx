import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n.ts';
import { fieldErrorText } from './field-error.ts';

export const HEX_COLOR = /^#[0-9A-F]{6}$/;

/** Applies the `#RRGGBB` mask to typed text: a leading #, at most six upper-case hex digits. */
export function maskHexColor(text: string): string {
  const digits = text
    .replace(/[^0-9a-f]/gi, '')
    .slice(0, 6)
    .toUpperCase();
  return digits || text.includes('#') ? `#${digits}` : '';
}

export type ColorFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'defaultValue'
> & {
  control: Control<T, any, any>;
  name: Path<T>;
};

/** A colour as `#RRGGBB` (masked input) with a swatch that also opens the system colour picker. */
export function ColorField<T extends FieldValues>({ control, name, helperText, ...props }: ColorFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        const incomplete = value !== '' && !HEX_COLOR.test(value);
        const errorText =
          fieldErrorText(fieldState.error) ?? (incomplete ? translateMessage('invalid_value') : undefined);
        return (
          <TextField
            {...props}
            name={field.name}
            inputRef={field.ref}
            value={value}
            disabled={field.disabled || props.disabled}
            onChange={(event) => field.onChange(maskHexColor(event.target.value))}
            onBlur={field.onBlur}
            placeholder="#RRGGBB"
            error={Boolean(errorText) || props.error}
            helperText={errorText ?? helperText}
            slotProps={{
              ...props.slotProps,
              htmlInput: { maxLength: 7, spellCheck: false, autoCapitalize: 'characters' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Box
                      component="label"
                      title={t('fields.pick_color')}
                      sx={{
                        width: 24,
                        height: 24,
                        borderRadius: 1,
                        border: 1,
                        borderColor: 'divider',
                        bgcolor: HEX_COLOR.test(value) ? value : 'transparent',
                        cursor: 'pointer',
                        position: 'relative',
                        overflow: 'hidden',
                        '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
                      }}
                    >
                      <input
                        type="color"
                        aria-label={t('fields.pick_color')}
                        value={HEX_COLOR.test(value) ? value.toLowerCase() : '#000000'}
                        onChange={(event) => field.onChange(event.target.value.toUpperCase())}
                        disabled={field.disabled || props.disabled}
                        style={{
                          position: 'absolute',
                          inset: 0,
                          opacity: 0,
                          width: '100%',
                          height: '100%',
                          cursor: 'pointer',
                        }}
                      />
                    </Box>
                  </InputAdornment>
                ),
              },
            }}
          />
        );
      }}
    />
  );
}
