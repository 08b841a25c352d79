import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CalendarEventDetails,
  type CurrentUserInfo,
  canDeleteEvent,
  canEditEvent,
  eventSaveSchema,
  isManagement,
  type PersonOption,
  type EventCategoryOption,
} from '@kantora/domain';
import Close from '@mui/icons-material/Close';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/ui/confirm-dialog.tsx';
import { calendarApi, calendarKeys } from '../../api/calendar.ts';
import { EventFormFields, type EventFormValues } from './event-form-fields.tsx';
import { EventInvitations } from './event-invitations.tsx';
import { localized } from '../../lib/labels.ts';

/** What the dialog opens on: an existing event, or a new one with some values (a clicked slot). */
export type EventDialogTarget = { id: string } | { id?: undefined; defaults: Partial<EventFormValues> };

const EMPTY: EventFormValues = {
  allDay: false,
  fromDate: null,
  toDate: null,
  category: '',
  title: '',
  comment: '',
  invited: [],
};

export function toFormValues(event: CalendarEventDetails): EventFormValues {
  return {
    _id: event._id,
    allDay: event.allDay,
    fromDate: event.fromDate,
    toDate: event.toDate,
    category: event.category,
    title: event.title,
    comment: event.comment,
    invited: event.invited,
  };
}

export interface EventDialogProps {
  target: EventDialogTarget;
  user: CurrentUserInfo;
  categories: EventCategoryOption[];
  onClose: () => void;
}

/**
 * Add / preview of an event. The creator or management edit it (others see it read-only), only
 * management deletes it (after a confirmation). After the first save it is in edit mode and lists
 * the invitations with their answers.
 */
export function EventDialog({ target, user, categories, onClose }: EventDialogProps) {
  const { t, i18n } = useTranslation('calendar');
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const titleId = useId();
  const formId = useId();
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [eventId, setEventId] = useState<string | undefined>(target.id);
  const [saving, setSaving] = useState(false);
  const management = isManagement(user.access);

  const details = useQuery({
    queryKey: calendarKeys.event(eventId ?? ''),
    queryFn: () => calendarApi.get(eventId!),
    enabled: Boolean(eventId),
  });
  const event = details.data;
  const canEdit = !eventId || (event ? canEditEvent(user, event) : false);
  const people = useQuery({
    queryKey: calendarKeys.invitable(management),
    queryFn: () => calendarApi.invitable(management),
    enabled: canEdit,
  });

  const form = useForm<EventFormValues>({
    // The form holds the schema's shape; the resolver checks it with the server's schema.
    resolver: zodResolver(eventSaveSchema) as unknown as Resolver<EventFormValues>,
    defaultValues: 'defaults' in target ? { ...EMPTY, ...target.defaults } : EMPTY,
  });
  const { isDirty } = form.formState;

  useEffect(() => {
    if (event && !form.formState.isDirty) form.reset(toFormValues(event));
  }, [event, form]);

  // Invitees already on the event keep their names even when the picker would not offer them.
  const options = useMemo<PersonOption[]>(() => {
    const known = new Map<string, PersonOption>();
    for (const person of [...(people.data ?? []), ...(event?.invitedUsers ?? [])]) known.set(person._id, person);
    return [...known.values()];
  }, [people.data, event]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: calendarKeys.all });

  const save = (closeAfter: boolean) =>
    form.handleSubmit(async (values) => {
      setSaving(true);
      try {
        const saved = await calendarApi.save({
          ...values,
          fromDate: values.fromDate ?? undefined,
          toDate: values.toDate ?? undefined,
        });
        queryClient.setQueryData(calendarKeys.event(saved._id), saved);
        form.reset(toFormValues(saved));
        setEventId(saved._id);
        void refresh();
        if (closeAfter) onClose();
      } catch {
        // The API client has shown the failure; the dialog keeps the input.
      } finally {
        setSaving(false);
      }
    });

  const requestClose = async () => {
    if (saving) return;
    if (canEdit && isDirty && !(await confirm({ messageKey: 'unsaved_changes' }))) return;
    onClose();
  };

  const remove = async () => {
    if (
      !eventId ||
      !(await confirm({
        messageKey: t('dialog.delete_question'),
        confirmLabel: t('common:actions.delete'),
        destructive: true,
      }))
    )
      return;
    try {
      await calendarApi.remove(eventId);
      void refresh();
      onClose();
    } catch {
      // Shown by the API client.
    }
  };

  const loading = Boolean(eventId) && details.isPending;
  const heading = eventId ? (event?.title ?? t('dialog.event')) : t('dialog.new_event');
  return (
    <Dialog
      open
      onClose={() => void requestClose()}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 7 }}>
        <Box component="span" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {heading}
        </Box>
        {eventId && event && !canEdit && <Chip size="small" label={t('common:dialog.read_only')} />}
        <IconButton
          aria-label={t('common:actions.close')}
          onClick={() => void requestClose()}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {loading ? (
          <Box
            role="status"
            aria-label={t('common:loading')}
            sx={{ display: 'grid', placeItems: 'center', minHeight: 200 }}
          >
            <CircularProgress />
          </Box>
        ) : (
          <>
            {event && (
              <Box sx={{ color: 'text.secondary', typography: 'body2', mb: 1 }}>
                {t('dialog.employee', { name: localized(event.userName, i18n.language) })}
              </Box>
            )}
            <Box
              component="form"
              id={formId}
              noValidate
              onSubmit={(submit) => {
                submit.preventDefault();
                if (canEdit) void save(false)(submit);
              }}
            >
              <Box component="fieldset" disabled={!canEdit || saving} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
                <EventFormFields form={form} categories={categories} people={options} disabled={!canEdit || saving} />
              </Box>
            </Box>
            {eventId && <EventInvitations eventId={eventId} />}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
        {eventId && canDeleteEvent(user.access) && (
          <Button
            color="error"
            startIcon={<DeleteOutlined />}
            onClick={() => void remove()}
            disabled={saving || loading}
            sx={{ mr: 'auto' }}
          >
            {t('common:actions.delete')}
          </Button>
        )}
        <Button onClick={() => void requestClose()} disabled={saving}>
          {t('common:actions.close')}
        </Button>
        {canEdit && !loading && (
          <>
            <Button variant="outlined" type="submit" form={formId} disabled={saving}>
              {t('common:actions.save')}
            </Button>
            <Button variant="contained" onClick={(click) => void save(true)(click)} disabled={saving}>
              {t('common:actions.save_and_close')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
