import Logout from '@mui/icons-material/Logout';
import Security from '@mui/icons-material/Security';
import type { CurrentUserInfo } from '@kantora/domain';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { visuallyHidden } from '../../components/ui/visually-hidden.ts';

/** The user's full name in the current language (the other one when it is empty). */
export function displayName(user: CurrentUserInfo, language: string): string {
  const names = user.fullName;
  return (language === 'it' ? names.it || names.bg : names.bg || names.it) || user.email;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? parts[parts.length - 1][0] : '')).toUpperCase() || '?';
}

/** Avatar button with the user's name, e-mail, their account's security page and sign out. */
export function ProfileMenu({ user, onSignOut }: { user: CurrentUserInfo; onSignOut: () => void }) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const navigate = useNavigate();
  const name = displayName(user, i18n.language);
  return (
    <>
      <Tooltip title={name} describeChild>
        <IconButton
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          sx={{ ml: 0.5 }}
        >
          {/* Named "Профил: Иван Петров, ИП": the name holds the initials it shows (WCAG 2.5.3). */}
          <Box component="span" sx={visuallyHidden}>
            {`${t('shell.profile')}: ${name}, `}
          </Box>
          <Avatar sx={{ width: 34, height: 34, bgcolor: 'secondary.main', fontSize: '0.9rem', fontWeight: 600 }}>
            {initials(name)}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1.25, maxWidth: 280 }}>
          <Typography variant="caption" color="text.secondary">
            {t('shell.signed_in_as')}
          </Typography>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            navigate('/account/security');
          }}
        >
          <ListItemIcon>
            <Security fontSize="small" />
          </ListItemIcon>
          {t('routes:account_security')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onSignOut();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('shell.sign_out')}
        </MenuItem>
      </Menu>
    </>
  );
}
