import type { ContractOption, TimesheetView, ClientOption } from '@kantora/domain';
import Add from '@mui/icons-material/Add';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EntityDialog } from '../../components/ui/entity-dialog.tsx';
import { applyServerErrors } from '../../components/ui/fields/server-errors.ts';
import { formatDuration } from '../../lib/format.ts';
import { schemaResolver } from '../../lib/labels.ts';
import { useInvalidate } from '../../lib/metadata.ts';
import {
  durationOf,
  emptyRow,
  nextRow,
  rowErrors,
  rowOfView,
  type TimesheetFormOutput,
  type TimesheetFormValues,
  timesheetFormSchema,
} from './timesheet-form.ts';
import { TimesheetRowFields } from './timesheet-row-fields.tsx';
import { timesheetKeys, timesheetQueries, timesheetsApi } from '../../api/timesheets.ts';

export interface TimesheetDialogProps {
  /** The row to open (the single-row form); null for a new multi-row entry. */
  id: string | null;
  /** What a new entry's rows start with (the client or contract of the page it is opened from). */
  client?: ClientOption | null;
  contract?: ContractOption | null;
  onClose: () => void;
}

/** Why Save is hidden: the row is past the lock window. */
function LockNote({ view }: { view: TimesheetView }) {
  const { t } = useTranslation('timesheets');
  if (view.canEdit) return null;
  return (
    <Alert severity="info" icon={<LockOutlined fontSize="inherit" />}>
      {t('dialog.locked', { days: view.lockDays })}
    </Alert>
  );
}

/**
 * The timesheet dialog: a new entry is a multi-row form (each row client, contract, service, date, duration
 * as hours and minutes, comment) saved as one array, all rows or none, each row's errors under it; an existing
 * row opens in the single-row form. After the first save the rows are the saved ones (edit mode). A locked row
 * (the server's `canEdit`) shows no Save.
 */
export function TimesheetDialog({ id, client = null, contract = null, onClose }: TimesheetDialogProps) {
  const { t } = useTranslation('timesheets');
  const invalidate = useInvalidate();
  const [saved, setSaved] = useState<TimesheetView[] | null>(null);
  const loaded = useQuery({
    ...timesheetQueries.one(id ?? ''),
    enabled: id !== null,
    staleTime: 0,
    retry: false,
  });
  const form = useForm<TimesheetFormValues, any, TimesheetFormOutput>({
    resolver: schemaResolver(timesheetFormSchema),
    defaultValues: {
      rows: [
        emptyRow({ client, contract: contract?.status === 1 && contract.customerId === client?._id ? contract : null }),
      ],
    },
  });
  const rows = useFieldArray({ control: form.control, name: 'rows' });
  const { reset } = form;
  useEffect(() => {
    if (loaded.data) reset({ rows: [rowOfView(loaded.data)] });
  }, [loaded.data, reset]);
  useEffect(() => {
    if (id !== null && loaded.isError) onClose();
  }, [id, loaded.isError, onClose]);

  const views = saved ?? (loaded.data ? [loaded.data] : []);
  const readOnly = views.some((view) => !view.canEdit);
  const single = id !== null;
  const creating = views.length === 0;
  const values = form.watch('rows');
  const total = values.reduce((sum, row) => sum + (durationOf(row) ?? 0), 0);

  return (
    <EntityDialog<TimesheetFormValues, TimesheetView[], TimesheetFormOutput>
      open
      onClose={onClose}
      title={(mode) => t(mode === 'create' ? 'dialog.new' : 'dialog.one')}
      form={form}
      initialMode={single ? 'edit' : 'create'}
      loading={single && loaded.isPending}
      readOnly={readOnly}
      maxWidth="md"
      onSave={async (output) => {
        const many = !single;
        try {
          if (!many) return [await timesheetsApi.saveOne(output.rows[0])];
          return await timesheetsApi.saveMany(output.rows);
        } catch (error) {
          applyServerErrors(form.setError, rowErrors(error, many));
          throw error;
        }
      }}
      onSaved={(entries) => {
        setSaved(entries);
        invalidate(timesheetKeys.all);
      }}
      toFormValues={(entries) => ({ rows: entries.map(rowOfView) })}
    >
      {() => (
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          {views.map((view) => (
            <LockNote key={view._id} view={view} />
          ))}
          {creating && !single && (
            <Typography variant="body2" color="text.secondary">
              {t('dialog.hint')}
            </Typography>
          )}
          {rows.fields.map((field, index) => (
            <TimesheetRowFields
              key={field.id}
              form={form}
              index={index}
              count={rows.fields.length}
              onRemove={creating && rows.fields.length > 1 ? () => rows.remove(index) : undefined}
            />
          ))}
          <Box
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
          >
            {creating && !single ? (
              <Button
                startIcon={<Add />}
                onClick={() => rows.append(nextRow(values.at(-1)))}
                disabled={rows.fields.length >= 50}
              >
                {t('dialog.add_row')}
              </Button>
            ) : (
              <span />
            )}
            {rows.fields.length > 1 && total > 0 && (
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t('dialog.total', { duration: formatDuration(total) })}
              </Typography>
            )}
          </Box>
        </Stack>
      )}
    </EntityDialog>
  );
}

export default TimesheetDialog;
