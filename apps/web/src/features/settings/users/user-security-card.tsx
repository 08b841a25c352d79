import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountSecurityApi, securityKeys } from '../../../api/account-security.ts';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { notify } from '../../../lib/notify.ts';

/**
 * The administrator's "Reset two-factor sign-in" of a user (after a question): the user signs in with the password
 * alone next time and may set a second factor up again (or is led through it, when staff must have one).
 */
export function UserTwoFactorCard({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation('security');
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const reset = async () => {
    const yes = await confirm({
      titleKey: t('admin.reset_title'),
      messageKey: t('admin.reset_question', { name }),
      confirmLabel: t('admin.reset'),
      destructive: true,
    });
    if (!yes) return;
    try {
      await accountSecurityApi.resetUserMfa({ userId });
    } catch {
      return; // the API client showed why
    }
    notify.success(t('admin.reset_done'));
    void queryClient.invalidateQueries({ queryKey: securityKeys.all });
  };
  return (
    <SectionCard
      title={t('two_factor.title')}
      actions={
        <Button variant="outlined" color="error" onClick={() => void reset()}>
          {t('admin.reset')}
        </Button>
      }
    >
      <Typography color="text.secondary">{t('admin.reset_intro')}</Typography>
    </SectionCard>
  );
}
