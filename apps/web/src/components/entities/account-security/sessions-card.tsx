import Computer from '@mui/icons-material/Computer';
import type { SessionView } from '@kantora/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountSecurityApi, securityKeys, securityQueries } from '../../../api/account-security.ts';
import { useConfirm } from '../../ui/confirm-dialog.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { clearToken } from '../../../lib/token.ts';

/** One session: device, "this device", IP, signed in and last used, and its end button. */
function SessionRow({ session, onEnd }: { session: SessionView; onEnd: (session: SessionView) => void }) {
  const { t } = useTranslation('security');
  const device = session.device || t('sessions.unknown_device');
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        px: { xs: 2, sm: 2.5 },
        py: 1.5,
        '& + li': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Computer color="action" aria-hidden sx={{ display: { xs: 'none', sm: 'block' } }} />
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography component="h3" sx={{ fontWeight: 600 }} title={session.userAgent || undefined}>
            {device}
          </Typography>
          {session.current && (
            <Chip size="small" color="primary" variant="outlined" label={t('sessions.this_device')} />
          )}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {[
            t('sessions.ip', { ip: session.ip || '—' }),
            t('sessions.signed_in', { date: formatDateTime(session.created) }),
            t('sessions.last_used', { date: formatDateTime(session.lastUsedAt) }),
          ].join(' · ')}
        </Typography>
      </Box>
      <Button
        variant="outlined"
        color="error"
        size="small"
        onClick={() => onEnd(session)}
        aria-label={t('sessions.end_named', { device })}
      >
        {t('sessions.end')}
      </Button>
    </Box>
  );
}

/**
 * The active sessions of the signed-in user, or (the administrator, `userId`) of another user: each can be ended after
 * a question. Ending the current session of the signed-in user signs this browser out at its next call.
 */
export function SessionsCard({ userId }: { userId?: string }) {
  const { t } = useTranslation('security');
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sessions = useQuery(securityQueries.sessions(userId));

  const end = async (session: SessionView) => {
    const device = session.device || t('sessions.unknown_device');
    const yes = await confirm({
      titleKey: t('sessions.end_title'),
      messageKey: session.current ? t('sessions.end_current_question') : t('sessions.end_question', { device }),
      confirmLabel: t('sessions.end'),
      destructive: true,
    });
    if (!yes) return;
    try {
      await accountSecurityApi.endSession({ sessionId: session._id });
    } catch {
      return; // the API client showed why
    }
    if (session.current) {
      // This browser's own token has just ended: back to the sign-in page at once, as the profile menu's sign-out does
      // (the token goes first so the sign-in page does not send the user back in; it forgets the user).
      clearToken();
      navigate('/login', { replace: true });
      notify.success('signed_out');
      return;
    }
    notify.success(t('sessions.ended'));
    await queryClient.invalidateQueries({ queryKey: securityKeys.sessions(userId) });
  };

  const list = sessions.data ?? [];
  return (
    <SectionCard title={t('sessions.title')} subtitle={userId ? t('sessions.intro_admin') : t('sessions.intro')} flush>
      {sessions.isPending ? (
        <PageLoader />
      ) : sessions.isError ? (
        <Box sx={{ p: 2.5, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography color="error">{t('sessions.load_failed')}</Typography>
          <Button variant="outlined" onClick={() => void sessions.refetch()}>
            {t('retry')}
          </Button>
        </Box>
      ) : list.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2.5 }}>
          {t('sessions.none')}
        </Typography>
      ) : (
        <Box component="ul" aria-label={t('sessions.title')} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {list.map((session) => (
            <SessionRow key={session._id} session={session} onEnd={(chosen) => void end(chosen)} />
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
