import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { bgBG, itIT } from '@mui/x-date-pickers/locales';
import { bg } from 'date-fns/locale/bg';
import { it } from 'date-fns/locale/it';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const pickerTexts = {
  bg: bgBG.components.MuiLocalizationProvider.defaultProps.localeText,
  it: itIT.components.MuiLocalizationProvider.defaultProps.localeText,
};

/**
 * date-fns adapter with the bg/it locale (both start weeks on Monday) and the pickers' texts in
 * the same language. Each picker field wraps itself in it, so the date pickers stay out of every
 * chunk that has no date field (the sign-in page).
 */
export function PickersProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const isItalian = i18n.language === 'it';
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={isItalian ? it : bg}
      localeText={isItalian ? pickerTexts.it : pickerTexts.bg}
    >
      {children}
    </LocalizationProvider>
  );
}
