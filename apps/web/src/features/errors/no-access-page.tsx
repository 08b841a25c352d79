import { landingPath } from '@kantora/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSessionUser } from '../../lib/session.ts';

/**
 * A known page the user's role may not open: it says so, with the address and a way to the user's start page
 * (instead of silently going there, which left the user wondering where the page went).
 */
export default function NoAccessPage() {
  const { t } = useTranslation('errors');
  const { pathname } = useLocation();
  const user = useSessionUser();
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, md: 10 }, px: 2 }}>
      <Typography
        aria-hidden
        sx={{
          fontSize: { xs: '5rem', md: '7rem' },
          fontWeight: 800,
          lineHeight: 1,
          color: 'primary.main',
          opacity: 0.15,
        }}
      >
        403
      </Typography>
      <Typography variant="h1" component="h2" sx={{ mt: -3, mb: 1 }}>
        {t('no_access_heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4, wordBreak: 'break-all' }}>
        {t('no_access_detail', { path: pathname })}
      </Typography>
      <Button component={Link} to={user ? landingPath(user.access) : '/'} variant="contained" size="large">
        {t('go_home')}
      </Button>
    </Box>
  );
}
