import type { Locale } from '@kantora/domain';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useIsProductionEnvironment } from '../../lib/environment.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { persistLocale } from '../../lib/locale.ts';
import { AppFooter } from './app-footer.tsx';
import { BrandMark } from './brand-mark.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { TestBanner } from './test-banner.tsx';

/** Keeps the choice (localStorage + cookie) and switches the language in place. */
export function switchLocaleSignedOut(locale: Locale): void {
  persistLocale(locale);
  void changeLocale(locale);
}

/**
 * The frame of pages open without sign-in: TEST banner, brand, language menu, content, footer.
 * `languageDisabled` holds the menu while the page sends something (a sign-in that is about to leave the page).
 */
export function PublicFrame({
  children,
  languageDisabled = false,
}: {
  children: ReactNode;
  languageDisabled?: boolean;
}) {
  const isProduction = useIsProductionEnvironment();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: 'linear-gradient(160deg, #e8eef8 0%, #f3f5f9 45%, #f7f1f3 100%)',
      }}
    >
      {isProduction === false && <TestBanner />}
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: { xs: 2, sm: 4 }, py: 2 }}
      >
        <BrandMark size={32} color="primary.dark" />
        <LanguageSwitcher onChange={switchLocaleSignedOut} disabled={languageDisabled} />
      </Box>
      <Box
        component="main"
        sx={{ flex: 1, display: 'grid', placeItems: 'center', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }}
      >
        {children}
      </Box>
      <AppFooter />
    </Box>
  );
}

export default PublicFrame;
