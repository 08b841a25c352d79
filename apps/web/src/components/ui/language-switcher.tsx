import Check from '@mui/icons-material/Check';
import Translate from '@mui/icons-material/Translate';
import { LOCALES, type Locale } from '@kantora/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from './visually-hidden.ts';

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
  const menuId = useId();
  const current = i18n.language;
  return (
    <>
      <Button
        color={color}
        startIcon={<Translate />}
        disabled={disabled}
        onClick={(event) => setAnchor(event.currentTarget)}
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
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor) && !disabled} onClose={() => setAnchor(null)}>
        {LOCALES.map((locale) => (
          <MenuItem
            key={locale}
            selected={locale === current}
            lang={locale}
            onClick={() => {
              setAnchor(null);
              if (locale !== current) onChange(locale);
            }}
          >
            <ListItemIcon>{locale === current && <Check fontSize="small" />}</ListItemIcon>
            <ListItemText>{t(`languages.${locale}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
