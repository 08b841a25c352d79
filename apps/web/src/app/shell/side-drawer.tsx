import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import History from '@mui/icons-material/History';
import { DRAWER_WIDTH, drawerRoutes, type WebRoute } from '@kantora/domain';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { localized } from '../../lib/labels.ts';
import type { VisitedRoute } from '../../lib/last-visited.ts';
import { RouteIcon } from './route-icons.tsx';

interface SideDrawerProps {
  access: number;
  isProduction: boolean;
  /** Wide screens: a docked drawer that pushes the content; else a temporary one over it. */
  docked: boolean;
  open: boolean;
  onClose: () => void;
  recent: readonly VisitedRoute[];
}

const isActive = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** Permitted routes (settings children grouped), the last visited pages and the version. */
export function SideDrawer({ access, isProduction, docked, open, onClose, recent }: SideDrawerProps) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const routes = drawerRoutes(access);
  const [settingsOpen, setSettingsOpen] = useState(() => pathname.startsWith('/settings'));
  const afterClick = docked ? undefined : onClose;

  const item = (route: WebRoute, nested = false) => (
    <ListItemButton
      key={route.path}
      component={Link}
      to={route.path}
      selected={isActive(pathname, route.path)}
      aria-current={isActive(pathname, route.path) ? 'page' : undefined}
      onClick={afterClick}
      sx={{ pl: nested ? 9 : 2.5, borderRadius: 2, mx: 1, my: 0.25 }}
    >
      {!nested && (
        <ListItemIcon sx={{ minWidth: 40 }}>
          <RouteIcon name={route.icon} />
        </ListItemIcon>
      )}
      <ListItemText
        primary={t(`routes:${route.title}`)}
        slotProps={{ primary: { sx: { fontSize: nested ? '0.9rem' : undefined } } }}
      />
    </ListItemButton>
  );

  const content = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      {/* The drawer sits under the app bar in both variants. */}
      <Toolbar />
      <List component="nav" aria-label={t('shell.navigation')} sx={{ pt: 1 }}>
        {routes
          .filter((route) => !route.parent)
          .map((route) => {
            const children = routes.filter((child) => child.parent === route.path);
            if (children.length === 0) return item(route);
            return (
              <Box key={route.path}>
                <ListItemButton
                  onClick={() => setSettingsOpen((value) => !value)}
                  aria-expanded={settingsOpen}
                  selected={!settingsOpen && isActive(pathname, route.path)}
                  sx={{ pl: 2.5, borderRadius: 2, mx: 1, my: 0.25 }}
                >
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <RouteIcon name={route.icon} />
                  </ListItemIcon>
                  <ListItemText primary={t(`routes:${route.title}`)} />
                  {settingsOpen ? <ExpandLess /> : <ExpandMore />}
                </ListItemButton>
                <Collapse in={settingsOpen} timeout="auto">
                  <List disablePadding>
                    {children.map((child) => (
                      <ListItem key={child.path} disablePadding>
                        {item(child, true)}
                      </ListItem>
                    ))}
                  </List>
                </Collapse>
              </Box>
            );
          })}
      </List>
      {recent.length > 0 && (
        <>
          <Divider sx={{ mx: 2 }} />
          <List
            dense
            aria-label={t('shell.recent')}
            subheader={
              <ListSubheader disableSticky sx={{ bgcolor: 'transparent', lineHeight: '36px' }}>
                {t('shell.recent')}
              </ListSubheader>
            }
          >
            {recent.map((entry) => (
              <ListItem key={entry.path} disablePadding>
                <ListItemButton component={Link} to={entry.path} onClick={afterClick} sx={{ borderRadius: 2, mx: 1 }}>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <History fontSize="small" />
                  </ListItemIcon>
                  {/* The page's title and its record's name ("Фактура: 0000000042", "Клиент: Алфа ООД"), never its address. */}
                  <ListItemText
                    primary={
                      entry.name
                        ? t('shell.recent_named', {
                            title: t(`routes:${entry.title}`),
                            name: localized(entry.name, i18n.language),
                          })
                        : t(`routes:${entry.title}`)
                    }
                    slotProps={{
                      primary: { noWrap: true, title: entry.name ? localized(entry.name, i18n.language) : undefined },
                    }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </>
      )}
      <Box sx={{ flexGrow: 1 }} />
      <Typography variant="caption" color="text.secondary" sx={{ px: 3, py: 2 }} data-testid="app-version">
        {isProduction ? '' : 'TEST '}
        {t('shell.version', { version: __APP_VERSION__ })}
      </Typography>
    </Box>
  );

  return (
    <Drawer
      variant={docked ? 'persistent' : 'temporary'}
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      sx={{
        width: docked && open ? DRAWER_WIDTH : 0,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width'),
        '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box', borderRight: 1, borderColor: 'divider' },
      }}
    >
      {content}
    </Drawer>
  );
}
