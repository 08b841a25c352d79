import Check from '@mui/icons-material/Check';
import { LOCALES, type Locale } from '@kantora/domain';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';

interface LanguageMenuProps {
  id: string;
  anchor: HTMLElement | null;
  open: boolean;
  onClose: () => void;
  onPick: (locale: Locale) => void;
}

/**
 * The language switcher's menu, each language named in itself; a chunk of its own, loaded when the switcher is
 * pointed at, focused or clicked (the sign-in page does not load MUI's menu, popover and modal before that).
 */
export default function LanguageMenu({ id, anchor, open, onClose, onPick }: LanguageMenuProps) {
  const { t, i18n } = useTranslation();
  const current = i18n.language;
  return (
    <Menu id={id} anchorEl={anchor} open={open} onClose={onClose}>
      {LOCALES.map((locale) => (
        <MenuItem key={locale} selected={locale === current} lang={locale} onClick={() => onPick(locale)}>
          <ListItemIcon>{locale === current && <Check fontSize="small" />}</ListItemIcon>
          <ListItemText>{t(`languages.${locale}`)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
