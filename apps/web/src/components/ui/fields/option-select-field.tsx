import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { readOnlySlotProps } from './read-only.ts';
import { boundSelectProps, type FormSelectProps } from './select-field.tsx';

/** An option with a text value: an entity id, an action name, ... */
export interface ValueOption {
  value: string;
  label: string;
  disabled?: boolean;
  /** Shown before the label in the menu and in the field (a colour swatch, an icon). */
  adornment?: ReactNode;
  /** Level in a tree (0 = top): the menu indents the entry by it; the field shows the label alone. */
  depth?: number;
  /** A second line of the menu entry (e.g. an account's IBAN); the field shows the label alone. */
  secondary?: string;
}

export type OptionSelectFieldProps<T extends FieldValues> = FormSelectProps<T, ValueOption> & {
  /** Several values: the form value is a list of strings (empty list when none). */
  multiple?: boolean;
  /** Offer an empty entry that sets the value to null (single choice only). */
  clearable?: boolean;
  /** Called after the user picks (not on resets): dependent fields follow from here. */
  onValueChange?: (value: string | string[] | null) => void;
};

/**
 * A choice among options with text values, bound to react-hook-form. A single choice keeps the
 * option's value, or null when nothing is chosen; a multiple choice keeps a list. A value that is
 * not among the options (options still loading, an entry no longer offered) stays in the form but
 * is not shown.
 */
export function OptionSelectField<T extends FieldValues>({
  control,
  name,
  options,
  multiple = false,
  clearable,
  onValueChange,
  helperText,
  readOnly,
  ...props
}: OptionSelectFieldProps<T>) {
  const { t } = useTranslation();
  const byValue = new Map(options.map((option) => [option.value, option]));
  const labelOf = (value: string) => {
    const option = byValue.get(value);
    if (!option) return value;
    return option.adornment ? (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
        {option.adornment}
        {option.label}
      </Box>
    ) : (
      option.label
    );
  };
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const list: string[] = Array.isArray(field.value) ? field.value.map(String) : [];
        const single = typeof field.value === 'string' ? field.value : '';
        // Options arrive after the value: MUI warns about values it does not list, so wait for them.
        const value = multiple ? list.filter((item) => byValue.has(item)) : byValue.has(single) ? single : '';
        return (
          <TextField
            {...props}
            {...boundSelectProps(field, fieldState, { disabled: props.disabled, error: props.error, helperText })}
            value={value}
            onChange={(event) => {
              const raw = event.target.value as unknown;
              const next = multiple
                ? (Array.isArray(raw) ? raw : String(raw).split(',')).map(String).filter(Boolean)
                : raw === ''
                  ? null
                  : String(raw);
              field.onChange(next);
              onValueChange?.(next);
            }}
            slotProps={{
              ...readOnlySlotProps(props.slotProps, readOnly),
              select: {
                multiple,
                renderValue: (selected: unknown) =>
                  multiple ? (
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                      {(selected as string[]).map((item) => (
                        <Chip key={item} size="small" label={byValue.get(item)?.label ?? item} />
                      ))}
                    </Box>
                  ) : (
                    labelOf(String(selected))
                  ),
              },
            }}
          >
            {clearable && !multiple && (
              <MenuItem value="">
                <em>{t('select.none')}</em>
              </MenuItem>
            )}
            {options.map((option) => (
              <MenuItem
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                sx={option.depth ? { pl: 2 + option.depth * 2.5 } : undefined}
              >
                {option.adornment && (
                  <Box component="span" sx={{ display: 'inline-flex', mr: 1 }}>
                    {option.adornment}
                  </Box>
                )}
                {option.secondary ? (
                  <Box component="span" sx={{ minWidth: 0 }}>
                    {option.label}
                    <Box
                      component="span"
                      sx={{
                        display: 'block',
                        typography: 'body2',
                        color: 'text.secondary',
                        overflowWrap: 'anywhere',
                        whiteSpace: 'normal',
                      }}
                    >
                      {option.secondary}
                    </Box>
                  </Box>
                ) : (
                  option.label
                )}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}
