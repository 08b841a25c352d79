import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { PageToolbar } from '../../../components/ui/page-toolbar.tsx';
import { LoadFailed } from '../load-failed.tsx';
import { settingsApi, settingsKeys } from '../../../api/settings.ts';
import { InvoiceDefaultsCard } from './invoice-defaults-card.tsx';
import { RegisterNumbersCard } from './register-numbers-card.tsx';

/** /settings/invoices: the defaults card and the register-numbers card, each saved on its own. */
export default function InvoiceSettingsPage() {
  const { t } = useTranslation('settings');
  const settings = useQuery({ queryKey: settingsKeys.invoiceSettings, queryFn: settingsApi.getInvoiceSettings });
  const numbers = useQuery({ queryKey: settingsKeys.registerNumbers, queryFn: settingsApi.getRegisterNumbers });
  if (settings.isPending || numbers.isPending) return <PageLoader />;
  if (settings.isError || numbers.isError)
    return (
      <LoadFailed
        onRetry={() => {
          void settings.refetch();
          void numbers.refetch();
        }}
      />
    );
  return (
    <>
      <PageToolbar description={t('invoices.intro')} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' },
          alignItems: 'start',
          '& > section': { mb: 0 },
        }}
      >
        <InvoiceDefaultsCard key={settings.data?._id ?? 'new'} settings={settings.data} />
        <RegisterNumbersCard numbers={numbers.data} />
      </Box>
    </>
  );
}
