import Construction from '@mui/icons-material/Construction';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AreaPageProps } from '../../components/ui/area-types.ts';

/** The page of every route whose area is not built yet. */
export default function ComingSoonPage({ route }: AreaPageProps) {
  // `coming` is an area namespace: loaded from its own chunk on first use.
  const { t } = useTranslation('coming');
  const title = t(`routes:${route.title}`);
  return (
    <Paper
      variant="outlined"
      sx={{ maxWidth: 640, mx: 'auto', mt: { xs: 2, md: 6 }, p: { xs: 3, sm: 5 }, textAlign: 'center' }}
    >
      <Box
        sx={{
          width: 72,
          height: 72,
          mx: 'auto',
          mb: 2,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        <Construction fontSize="large" aria-hidden />
      </Box>
      <Typography variant="overline" color="secondary" sx={{ fontWeight: 700, letterSpacing: 1.5 }}>
        {t('title')}
      </Typography>
      <Typography variant="h1" component="h2" sx={{ fontSize: '1.6rem', mb: 1.5 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('text', { title })}
      </Typography>
      <Button component={Link} to="/" variant="contained">
        {t('home')}
      </Button>
    </Paper>
  );
}
