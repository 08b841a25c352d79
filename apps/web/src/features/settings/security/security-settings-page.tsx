import Save from '@mui/icons-material/Save';
import { type SecuritySettingsView, securitySettingsSaveSchema } from '@kantora/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { accountSecurityApi, securityKeys } from '../../../api/account-security.ts';
import { SwitchField } from '../../../components/ui/fields/switch-field.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { PageToolbar } from '../../../components/ui/page-toolbar.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { schemaResolver } from '../../../lib/labels.ts';
import { LoadFailed } from '../load-failed.tsx';

/** The form of the security settings: require two-factor sign-in of every staff user. */
function SecurityForm({ settings }: { settings: SecuritySettingsView }) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const form = useForm<SecuritySettingsView, any, SecuritySettingsView>({
    resolver: schemaResolver(securitySettingsSaveSchema),
    defaultValues: { requireStaffMfa: settings.requireStaffMfa },
  });
  const save = form.handleSubmit(async (values) => {
    let saved: SecuritySettingsView;
    try {
      saved = await accountSecurityApi.saveSettings(values);
    } catch {
      return; // the API client showed why
    }
    // The server's answer says it was saved (a toast).
    queryClient.setQueryData(securityKeys.settings, saved);
    // The signed-in administrator's own "required" state follows the setting.
    void queryClient.invalidateQueries({ queryKey: securityKeys.mfaStatus });
    form.reset({ requireStaffMfa: saved.requireStaffMfa });
  });
  return (
    <SectionCard title={t('settings.title')} subtitle={t('settings.intro')}>
      <Box component="form" noValidate onSubmit={save} aria-label={t('settings.title')}>
        <SwitchField
          control={form.control}
          name="requireStaffMfa"
          label={t('settings.require_staff_mfa')}
          helperText={t('settings.require_staff_mfa_hint')}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" startIcon={<Save />} disabled={form.formState.isSubmitting}>
            {t('settings.save')}
          </Button>
        </Box>
      </Box>
    </SectionCard>
  );
}

/** /settings/security (admin): whether staff must sign in with a second factor. */
export default function SecuritySettingsPage() {
  const { t } = useTranslation('security');
  const settings = useQuery({ queryKey: securityKeys.settings, queryFn: accountSecurityApi.settings });
  if (settings.isPending) return <PageLoader />;
  if (settings.isError) return <LoadFailed onRetry={() => void settings.refetch()} />;
  return (
    <>
      <PageToolbar description={t('settings.page_intro')} />
      <Box sx={{ maxWidth: 760 }}>
        <SecurityForm settings={settings.data} />
      </Box>
    </>
  );
}
