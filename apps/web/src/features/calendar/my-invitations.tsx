import type { EventInvitationDetails } from '@kantora/domain';
import MailOutlined from '@mui/icons-material/MailOutlined';
import Visibility from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarApi, calendarKeys } from '../../api/calendar.ts';
import { EventPreview, formatBound, Swatch } from './event-preview.tsx';
import { localized } from '../../lib/labels.ts';
import { InvitationActions } from './invitation-answer.tsx';

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The preview of one of my invitations with Accept and Refuse (hidden once answered). */
function InvitationDialog({
  invitation,
  onClose,
  onAnswered,
}: {
  invitation: EventInvitationDetails;
  onClose: () => void;
  onAnswered: () => void;
}) {
  const { t } = useTranslation('calendar');
  const titleId = useId();
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [answeredHere, setAnsweredHere] = useState(false);
  const answered = invitation.isAlreadyAnswered || answeredHere;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('invitation.dialog_title')}</DialogTitle>
      <DialogContent dividers>
        <EventPreview event={invitation.event} />
        {answered && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('invitation.already_answered')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
        {!answered && (
          <InvitationActions
            invitationId={invitation._id}
            onAnswered={onAnswered}
            onAlreadyAnswered={() => {
              setAnsweredHere(true);
              onAnswered();
            }}
          />
        )}
      </DialogActions>
    </Dialog>
  );
}

/**
 * My pending invitations (GET myEventInvitations): shown only when there are some. Each opens a
 * preview with Accept and Refuse; an answer reloads the invites (and the calendar) and closes the dialogs.
 */
export function MyInvitations() {
  const { t, i18n } = useTranslation('calendar');
  const queryClient = useQueryClient();
  const mine = useQuery({ queryKey: calendarKeys.mine, queryFn: calendarApi.mine });
  const [open, setOpen] = useState<EventInvitationDetails | null>(null);
  const headingId = useId();
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const rows = mine.data ?? [];
  if (rows.length === 0) return null;

  const answered = () => {
    setOpen(null);
    void queryClient.invalidateQueries({ queryKey: calendarKeys.all });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ mb: 2, overflow: 'hidden' }}>
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}
      >
        <MailOutlined color="secondary" aria-hidden />
        <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('invites.title')}
        </Typography>
        <Chip
          size="small"
          color="secondary"
          label={rows.length}
          aria-label={t('invites.count', { count: rows.length })}
        />
      </Box>
      <TableContainer>
        <Table size="small" aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              <TableCell>{t('fields.title')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('fields.category')}</TableCell>
              <TableCell>{t('fields.from')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('fields.to')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('invites.invited_by')}</TableCell>
              <TableCell align="right" sx={{ px: { xs: 0.5, sm: 2 } }}>
                {phone ? (
                  <Box component="span" sx={visuallyHidden}>
                    {t('common:table.actions')}
                  </Box>
                ) : (
                  t('common:table.actions')
                )}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row._id} hover>
                <TableCell sx={{ fontWeight: 600 }}>{row.event.title}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                    <Swatch color={row.event.categoryColor} size={10} />
                    {localized(row.event.categoryName, i18n.language)}
                  </Box>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatBound(row.event.fromDate, row.event.allDay)}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                  {formatBound(row.event.toDate, row.event.allDay)}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {localized(row.createdByName, i18n.language)}
                </TableCell>
                <TableCell align="right" sx={{ px: { xs: 0.5, sm: 2 } }}>
                  {phone ? (
                    <IconButton
                      size="small"
                      color="primary"
                      onClick={() => setOpen(row)}
                      aria-label={`${t('common:actions.preview')}: ${row.event.title}`}
                    >
                      <Visibility fontSize="small" />
                    </IconButton>
                  ) : (
                    <Button
                      size="small"
                      startIcon={<Visibility />}
                      onClick={() => setOpen(row)}
                      aria-label={`${t('common:actions.preview')}: ${row.event.title}`}
                    >
                      {t('common:actions.preview')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {open && <InvitationDialog invitation={open} onClose={() => setOpen(null)} onAnswered={answered} />}
    </Paper>
  );
}
