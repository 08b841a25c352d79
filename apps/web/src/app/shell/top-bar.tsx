import MenuIcon from '@mui/icons-material/Menu';
import MoreTimeOutlined from '@mui/icons-material/MoreTimeOutlined';
import { canAccess, type CurrentUserInfo, type Locale, Permissions } from '@kantora/domain';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/ui/brand-mark.tsx';
import { LanguageSwitcher } from '../../components/ui/language-switcher.tsx';
import { ProfileMenu } from './profile-menu.tsx';

interface TopBarProps {
  title: string;
  user: CurrentUserInfo;
  drawerOpen: boolean;
  onToggleDrawer: () => void;
  onAddTimesheet: () => void;
  onLocaleChange: (locale: Locale) => void;
  onSignOut: () => void;
}

/** Drawer toggle, page title, add-timesheet (the roles with timesheets), language menu and profile menu. */
export function TopBar({
  title,
  user,
  drawerOpen,
  onToggleDrawer,
  onAddTimesheet,
  onLocaleChange,
  onSignOut,
}: TopBarProps) {
  const { t } = useTranslation();
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
        <IconButton
          color="inherit"
          edge="start"
          onClick={onToggleDrawer}
          aria-label={t('shell.toggle_drawer')}
          aria-expanded={drawerOpen}
        >
          <MenuIcon />
        </IconButton>
        <Box sx={{ display: { xs: 'none', sm: 'flex' }, mx: 1 }}>
          <BrandMark size={28} showName={false} />
        </Box>
        <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
          {title}
        </Typography>
        {!user.isProduction && (
          <Chip
            label="TEST"
            size="small"
            color="warning"
            sx={{ fontWeight: 700, display: { xs: 'none', sm: 'inline-flex' } }}
          />
        )}
        {canAccess(Permissions.timesheets, user.access) && (
          <Tooltip title={t('shell.add_timesheet')}>
            <IconButton color="inherit" onClick={onAddTimesheet} aria-label={t('shell.add_timesheet')}>
              <MoreTimeOutlined />
            </IconButton>
          </Tooltip>
        )}
        <LanguageSwitcher color="inherit" onChange={onLocaleChange} />
        <ProfileMenu user={user} onSignOut={onSignOut} />
      </Toolbar>
    </AppBar>
  );
}
