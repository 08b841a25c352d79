import Translate from '@mui/icons-material/Translate';
import type { Locale } from '@kantora/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from './visually-hidden.ts';

const loadMenu = () => import('./language-menu.tsx');
const LanguageMenu = lazy(loadMenu);
/** Starts loading the menu's chunk before the click that opens it. */
const preloadMenu = () => void loadMenu().catch(() => undefined);

interface LanguageSwitcherProps {
  onChange: (locale: Locale) => void;
  /** `inherit` on the app bar, `primary` on light backgrounds. */
  color?: 'inherit' | 'primary';
  /** Held while the page is busy (e.g. sending a sign-in); an open menu closes. */
  disabled?: boolean;
}

/** The bg/it menu: a button with the current language, each language named in itself. */
export function LanguageSwitcher({ onChange, color = 'primary', disabled = false }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu mounts on the first click and stays (its closing transition and focus return stay MUI's).
  const [menuMounted, setMenuMounted] = useState(false);
  const menuId = useId();
  const current = i18n.language;
  return (
    <>
      <Button
        color={color}
        startIcon={<Translate />}
        disabled={disabled}
        onPointerEnter={preloadMenu}
        onFocus={preloadMenu}
        onClick={(event) => {
          setMenuMounted(true);
          setAnchor(event.currentTarget);
        }}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        sx={{ minWidth: 0 }}
      >
        {/* Named "Език: BG": the name holds what is seen (WCAG 2.5.3). */}
        <Box component="span" sx={visuallyHidden}>
          {`${t('shell.language')}: `}
        </Box>
        {current.toUpperCase()}
      </Button>
      {menuMounted && (
        <Suspense fallback={null}>
          <LanguageMenu
            id={menuId}
            anchor={anchor}
            open={Boolean(anchor) && !disabled}
            onClose={() => setAnchor(null)}
            onPick={(locale) => {
              setAnchor(null);
              if (locale !== current) onChange(locale);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
