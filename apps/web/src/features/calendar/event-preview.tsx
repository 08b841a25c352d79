import type { EventPreview as EventPreviewData } from '@kantora/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { localized } from '../../lib/labels.ts';

/** From and to as the preview shows them: days for an all-day event, else date and time in Sofia. */
export function formatBound(value: string, allDay: boolean): string {
  return allDay ? formatDate(value) : formatDateTime(value);
}

/** A colour dot before a category name. */
export function Swatch({ color, size = 12 }: { color: string; size?: number }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: color,
        flexShrink: 0,
        border: '1px solid rgba(0,0,0,0.15)',
      }}
    />
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      component="div"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
        gap: { xs: 0.25, sm: 2 },
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body1"
        sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
      >
        {children}
      </Typography>
    </Box>
  );
}

/** The read-only event of an invitation (the public invitation page): all day, from, to, category, title, comment, invited, created by, created on. */
export function EventPreview({ event }: { event: EventPreviewData }) {
  const { t, i18n } = useTranslation('calendar');
  const lng = i18n.language;
  return (
    <Box component="dl" sx={{ m: 0 }}>
      <Row label={t('fields.all_day')}>{event.allDay ? t('common:yes') : t('common:no')}</Row>
      <Row label={t('fields.from')}>{formatBound(event.fromDate, event.allDay)}</Row>
      <Row label={t('fields.to')}>{formatBound(event.toDate, event.allDay)}</Row>
      <Row label={t('fields.category')}>
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          <Swatch color={event.categoryColor} />
          {localized(event.categoryName, lng)}
        </Box>
      </Row>
      <Row label={t('fields.title')}>{event.title}</Row>
      <Row label={t('fields.comment')}>{event.comment || '—'}</Row>
      <Row label={t('fields.invited')}>
        {event.invitedNames.length === 0 ? (
          '—'
        ) : (
          <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {event.invitedNames.map((name, index) => (
              // Names may repeat; their order is stable.
              // biome-ignore lint/suspicious/noArrayIndexKey: names have no id in the public preview
              <Chip key={index} size="small" label={localized(name, lng)} />
            ))}
          </Box>
        )}
      </Row>
      <Row label={t('fields.created_by')}>{localized(event.createdByName, lng) || '—'}</Row>
      <Row label={t('fields.created')}>{formatDateTime(event.created)}</Row>
    </Box>
  );
}
