import { COUNTRY_CODES } from '@kantora/domain';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useRef } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from './field-error.ts';

const displayNames = new Map<string, Intl.DisplayNames | null>();
/** The platform's country names in a language (null where Intl has none). */
function regionNames(locale: string): Intl.DisplayNames | null {
  if (!displayNames.has(locale)) {
    try {
      displayNames.set(locale, new Intl.DisplayNames([locale], { type: 'region' }));
    } catch {
      displayNames.set(locale, null);
    }
  }
  return displayNames.get(locale) ?? null;
}

/** A country's name in the language (the code itself where the platform knows no name). */
export function countryName(code: string, locale: string): string {
  return regionNames(locale)?.of(code) ?? code;
}

/** The label of a country code: its name in the language and the code, e.g. "Италия (IT)". */
export function countryLabel(code: string, locale: string): string {
  const name = countryName(code, locale);
  return name === code ? code : `${name} (${code})`;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

interface CountryOption {
  code: string;
  label: string;
  folded: string;
}

/** The typed text's matches: the code itself first, then names that start with it, then those containing it. */
function matching(options: CountryOption[], input: string): CountryOption[] {
  const typed = fold(input);
  if (!typed) return options;
  const exact: CountryOption[] = [];
  const starts: CountryOption[] = [];
  const contains: CountryOption[] = [];
  for (const option of options) {
    if (option.code.toLowerCase() === typed) exact.push(option);
    else if (option.folded.startsWith(typed)) starts.push(option);
    else if (option.folded.includes(typed)) contains.push(option);
  }
  return [...exact, ...starts, ...contains];
}

export interface CountryFieldProps<T extends FieldValues> {
  control: Control<T, any, any>;
  /** A form value holding an ISO 3166-1 alpha-2 code, or null (none chosen). */
  name: Path<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
  /**
   * A code the form proposes (e.g. from the country's name as typed): taken while the field is empty or still holds
   * the previous proposal, so a country the user picked stays; null proposes nothing.
   */
  proposal?: string | null;
}

/**
 * An ISO 3166-1 country, bound to react-hook-form as its two-letter code (null when none): an autocomplete over
 * COUNTRY_CODES labelled in the interface language ("Италия (IT)"), sorted by name; typing a name or a code narrows
 * it, Enter takes the highlighted country. Errors show as translated helper text.
 */
export function CountryField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  helperText,
  proposal,
}: CountryFieldProps<T>) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { field, fieldState } = useController({ control, name });
  const options = useMemo(() => {
    const list = COUNTRY_CODES.map((code) => {
      const text = countryLabel(code, locale);
      return { code, label: text, folded: fold(text) };
    });
    return list.sort((a, b) => a.label.localeCompare(b.label, locale));
  }, [locale]);
  const byCode = useMemo(() => new Map(options.map((option) => [option.code, option])), [options]);
  const current = typeof field.value === 'string' && field.value ? field.value.toUpperCase() : null;
  const lastProposal = useRef(proposal ?? null);
  const { onChange } = field;
  useEffect(() => {
    // No proposal (a name still being typed) leaves the field and the last proposal as they are.
    const next = proposal ?? null;
    const previous = lastProposal.current;
    if (!next || next === previous) return;
    lastProposal.current = next;
    if (current === null || current === previous) onChange(next);
  }, [proposal, current, onChange]);
  return (
    <Autocomplete<CountryOption>
      value={current ? (byCode.get(current) ?? null) : null}
      options={options}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, chosen) => option.code === chosen.code}
      filterOptions={(items, state) => matching(items, state.inputValue)}
      onChange={(_, next) => field.onChange(next?.code ?? null)}
      onBlur={field.onBlur}
      disabled={disabled || field.disabled}
      autoHighlight
      noOptionsText={t('country_field.no_match')}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {option.label}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={label}
          required={required}
          error={Boolean(fieldState.error)}
          helperText={fieldErrorText(fieldState.error) ?? helperText}
        />
      )}
    />
  );
}
