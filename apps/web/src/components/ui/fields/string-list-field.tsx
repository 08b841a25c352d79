import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n.ts';

export interface StringListFieldProps<T extends FieldValues> {
  control: Control<T, any, any>;
  /** Path of a list of strings. */
  name: Path<T>;
  label: string;
  helperText?: string;
  disabled?: boolean;
  maxLength?: number;
}

/**
 * A list of short texts (responsibilities, tags): type one and press Enter or the add button;
 * each entry shows as a chip that can be removed. Blank entries and repeats are not added.
 */
export function StringListField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  disabled,
  maxLength = 1000,
}: StringListFieldProps<T>) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const items: string[] = Array.isArray(field.value) ? field.value : [];
        const add = () => {
          const text = draft.trim();
          if (text && !items.includes(text)) field.onChange([...items, text]);
          setDraft('');
        };
        const error = fieldState.error as { message?: string } | undefined;
        return (
          <Box>
            <TextField
              label={label}
              value={draft}
              disabled={disabled || field.disabled}
              inputRef={field.ref}
              onChange={(event) => setDraft(event.target.value)}
              onBlur={field.onBlur}
              onKeyDown={(event) => {
                // Enter adds the entry instead of submitting the surrounding form.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
              slotProps={{
                htmlInput: { maxLength },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        edge="end"
                        size="small"
                        onClick={add}
                        disabled={!draft.trim()}
                        aria-label={`${t('actions.add')}: ${label}`}
                      >
                        <Add fontSize="small" />
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
            {items.length > 0 && (
              <Box
                component="ul"
                aria-label={label}
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, listStyle: 'none', p: 0, m: 0, mt: 1 }}
              >
                {items.map((item, index) => (
                  <li key={item}>
                    <Chip
                      label={item}
                      size="small"
                      onDelete={disabled ? undefined : () => field.onChange(items.filter((_, at) => at !== index))}
                      sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
                    />
                  </li>
                ))}
              </Box>
            )}
            {(error || helperText) && (
              <FormHelperText error={Boolean(error)} sx={{ mx: 1.75 }}>
                {error ? translateMessage(error.message || 'invalid_value') : helperText}
              </FormHelperText>
            )}
          </Box>
        );
      }}
    />
  );
}
