import type { EventInvitationRow } from '@kantora/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format.ts';
import { calendarApi, calendarKeys } from '../../api/calendar.ts';
import { localized } from '../../lib/labels.ts';

/** The answer of an invitation as a chip: pending, accepted or refused. */
export function answerOf(row: Pick<EventInvitationRow, 'status'>): {
  key: 'pending' | 'accepted' | 'refused';
  color: 'default' | 'success' | 'error';
} {
  if (row.status === true) return { key: 'accepted', color: 'success' };
  if (row.status === false) return { key: 'refused', color: 'error' };
  return { key: 'pending', color: 'default' };
}

/** The invitations of an event: each answer, its time and the refusal reason. */
export function EventInvitations({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation('calendar');
  const query = useQuery({
    queryKey: calendarKeys.invitations(eventId),
    queryFn: () => calendarApi.invitations(eventId),
  });
  const rows = query.data ?? [];
  return (
    <Box component="section" aria-label={t('dialog.invitations')} sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('dialog.invitations')}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {query.isPending ? t('common:loading') : t('dialog.no_invitations')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {rows.map((row) => {
            const answer = answerOf(row);
            const at = row.status === true ? row.acceptedOn : row.status === false ? row.refusedOn : null;
            return (
              <ListItem
                key={row._id}
                divider
                disableGutters
                sx={{ display: 'block', py: 1 }}
                data-testid="event-invitation"
              >
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                  <Typography component="span" sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0 }}>
                    {localized(row.userName, i18n.language)}
                  </Typography>
                  {!row.stillInvited && <Chip size="small" variant="outlined" label={t('answer.no_longer_invited')} />}
                  <Chip size="small" color={answer.color} label={t(`answer.${answer.key}`)} />
                </Box>
                {at && (
                  <Typography variant="body2" color="text.secondary">
                    {t(`answer.${answer.key}_on`, { date: formatDateTime(at) })}
                  </Typography>
                )}
                {row.refusedReason && (
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {t('answer.reason', { reason: row.refusedReason })}
                  </Typography>
                )}
              </ListItem>
            );
          })}
        </List>
      )}
    </Box>
  );
}
