import { landingPath } from '@kantora/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSessionUser } from '../../lib/session.ts';
import { errorsApi } from '../../api/errors.ts';

/** Any unknown signed-in path: "404 error", "page not found", a way back; the path is reported once. */
export default function NotFoundPage() {
  const { t } = useTranslation('errors');
  usePageTitle(t('routes:not_found'));
  const { pathname, search } = useLocation();
  const user = useSessionUser();
  const reported = useRef<string | null>(null);
  const path = `${pathname}${search}`;

  useEffect(() => {
    if (reported.current === path) return;
    reported.current = path;
    errorsApi.reportNotFound(path).catch(() => undefined);
  }, [path]);

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
        404
      </Typography>
      <Typography variant="h1" component="h2" sx={{ mt: -3, mb: 1 }}>
        {t('not_found_heading')}
      </Typography>
      <Typography variant="h2" component="p" color="text.secondary" sx={{ fontWeight: 400, mb: 1 }}>
        {t('not_found_text')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4, wordBreak: 'break-all' }}>
        {t('not_found_detail', { path: pathname })}
      </Typography>
      <Button component={Link} to={user ? landingPath(user.access) : '/'} variant="contained" size="large">
        {t('go_home')}
      </Button>
    </Box>
  );
}
