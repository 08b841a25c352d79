import { FOOTER_FIRST_YEAR } from '@kantora/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** "© 1997–<this year> Kantora" and the vendor credit. */
export function AppFooter() {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{
        px: 3,
        py: 2,
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'space-between',
        gap: 1,
        color: 'text.secondary',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="caption">
        {t('footer.copyright', { from: FOOTER_FIRST_YEAR, to: new Date().getFullYear() })}
      </Typography>
      <Typography variant="caption">{t('footer.vendor')}</Typography>
    </Box>
  );
}
