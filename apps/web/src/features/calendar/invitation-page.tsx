import { INVITATION_REDIRECT_MS } from '@kantora/domain';
import EventAvailable from '@mui/icons-material/EventAvailable';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { translateMessage } from '../../lib/i18n.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { getToken } from '../../lib/token.ts';
import { calendarApi, calendarKeys } from '../../api/calendar.ts';
import { EventPreview } from './event-preview.tsx';
import { InvitationActions } from './invitation-answer.tsx';

/** Where the page goes after an answer: the calendar when signed in, else the sign-in page. */
export const afterAnswerPath = () => (getToken() ? '/calendar' : '/login');

/**
 * /events/invitation/{id}, open without sign-in: the read-only event, Accept and Refuse; once
 * answered, a note and a button to sign in. After answering it moves on after 3 seconds.
 */
export default function InvitationPage() {
  const { t } = useTranslation('calendar');
  usePageTitle(t('routes:event_invitation'));
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Answered in this visit of the page (a later visit of the same link shows "already answered").
  const location = useLocation();
  const [answeredIn, setAnsweredIn] = useState<string | null>(null);
  const answered = answeredIn === location.key;
  const preview = useQuery({ queryKey: calendarKeys.preview(id), queryFn: () => calendarApi.preview(id) });

  useEffect(() => {
    if (!answered) return;
    const timer = setTimeout(() => navigate(afterAnswerPath(), { replace: true }), INVITATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [answered, navigate]);

  const reload = () => void queryClient.invalidateQueries({ queryKey: calendarKeys.preview(id) });

  return (
    <Paper variant="outlined" sx={{ width: '100%', maxWidth: 640, p: { xs: 2, sm: 4 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <EventAvailable color="primary" aria-hidden />
        <Typography variant="h5" component="h1">
          {t('invitation.page_title')}
        </Typography>
      </Box>
      {preview.isPending && (
        <Box
          role="status"
          aria-label={t('common:loading')}
          sx={{ display: 'grid', placeItems: 'center', minHeight: 200 }}
        >
          <CircularProgress />
        </Box>
      )}
      {preview.isError && (
        <>
          <Alert severity="error" sx={{ mb: 2 }}>
            {preview.error instanceof ApiError && [400, 404].includes(preview.error.status)
              ? t('invitation.not_found')
              : translateMessage(preview.error.message)}
          </Alert>
          <Button variant="contained" onClick={() => navigate('/login')}>
            {t('invitation.go_to_login')}
          </Button>
        </>
      )}
      {preview.data && (
        <>
          <EventPreview event={preview.data.event} />
          <Box sx={{ mt: 3 }}>
            {answered ? (
              <Alert severity="success" role="status">
                {t('invitation.thanks')}
              </Alert>
            ) : preview.data.isAlreadyAnswered ? (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
                <Alert severity="info" sx={{ flex: '1 1 260px' }}>
                  {t('invitation.already_answered')}
                </Alert>
                <Button variant="contained" onClick={() => navigate('/login')}>
                  {t('invitation.go_to_login')}
                </Button>
              </Box>
            ) : (
              <InvitationActions
                invitationId={id}
                onAnswered={(result) => {
                  queryClient.setQueryData(calendarKeys.preview(id), result);
                  setAnsweredIn(location.key);
                }}
                onAlreadyAnswered={reload}
              />
            )}
          </Box>
        </>
      )}
    </Paper>
  );
}
