import { landingPath } from '@kantora/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../lib/session.ts';

export interface ErrorPageProps {
  /** The status shown large and faint behind the heading (404, 403). */
  code: number;
  heading: string;
  /** A second, larger line under the heading, where the page has one. */
  text?: string;
  /** The line naming the address. */
  detail: string;
}

/** The page of an address the user cannot open: the status, what happened, and a way to the user's start page. */
export function ErrorPage({ code, heading, text, detail }: ErrorPageProps) {
  const { t } = useTranslation('errors');
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
        {code}
      </Typography>
      <Typography variant="h1" component="h2" sx={{ mt: -3, mb: 1 }}>
        {heading}
      </Typography>
      {text && (
        <Typography variant="h2" component="p" color="text.secondary" sx={{ fontWeight: 400, mb: 1 }}>
          {text}
        </Typography>
      )}
      <Typography color="text.secondary" sx={{ mb: 4, wordBreak: 'break-all' }}>
        {detail}
      </Typography>
      <Button component={Link} to={user ? landingPath(user.access) : '/'} variant="contained" size="large">
        {t('go_home')}
      </Button>
    </Box>
  );
}
