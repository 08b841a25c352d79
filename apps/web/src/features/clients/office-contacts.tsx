import { type OfficeContactInput, officeContactSchema, type OfficeContact } from '@kantora/domain';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useConfirmRemove } from '../../components/ui/use-confirm-remove.ts';
import { applyServerErrors } from '../../components/ui/fields/server-errors.ts';
import { FormTextField } from '../../components/ui/fields/text-field.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { schemaResolver } from '../../lib/labels.ts';
import { clientKeys, clientsApi } from '../../api/clients.ts';

type ContactValues = {
  _id?: string;
  firstName: string;
  middleName: string;
  lastName: string;
  position: string;
  phone: string;
  email: string;
};
const emptyContact = (): ContactValues => ({
  firstName: '',
  middleName: '',
  lastName: '',
  position: '',
  phone: '',
  email: '',
});

/** The contacts of a saved office: a table, and for management one row added (or edited) at a time. */
export function OfficeContacts({ officeId, canWrite }: { officeId: string; canWrite: boolean }) {
  const { t } = useTranslation('clients');
  const confirmRemove = useConfirmRemove();
  const contacts = useQuery({ queryKey: clientKeys.contacts(officeId), queryFn: () => clientsApi.contacts(officeId) });
  const [editing, setEditing] = useState(false);
  const form = useForm<ContactValues, any, OfficeContactInput>({
    resolver: schemaResolver(officeContactSchema),
    defaultValues: emptyContact(),
  });
  const { control } = form;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: clientKeys.contacts(officeId) });

  const start = (contact: OfficeContact | null) => {
    form.reset(
      contact
        ? {
            _id: contact._id,
            firstName: contact.firstName,
            middleName: contact.middleName,
            lastName: contact.lastName,
            position: contact.position,
            phone: contact.phone,
            email: contact.email,
          }
        : emptyContact(),
    );
    setEditing(true);
  };
  const save = form.handleSubmit(async (values) => {
    try {
      await clientsApi.saveContact({ ...values, officeId });
      setEditing(false);
      refresh();
    } catch (error) {
      applyServerErrors(form.setError, error);
    }
  });
  const remove = (contact: OfficeContact) =>
    confirmRemove({
      messageKey: t('contacts.delete_confirm'),
      remove: () => clientsApi.removeContact(officeId, contact._id),
      invalidate: [clientKeys.contacts(officeId)],
    });

  const rows = contacts.data ?? [];
  return (
    <Box component="section" aria-label={t('contacts.title')} sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
          {t('contacts.title')}
        </Typography>
        {canWrite && !editing && (
          <Button size="small" startIcon={<Add />} onClick={() => start(null)}>
            {t('contacts.add')}
          </Button>
        )}
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('contacts.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('fields.contact_name')}</TableCell>
              <TableCell>{t('fields.position')}</TableCell>
              <TableCell>{t('fields.phone')}</TableCell>
              <TableCell>{t('fields.email')}</TableCell>
              {canWrite && <TableCell align="right" />}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>{t('contacts.none')}</TableCell>
              </TableRow>
            )}
            {rows.map((contact) => (
              <TableRow key={contact._id}>
                <TableCell>
                  {[contact.firstName, contact.middleName, contact.lastName].filter(Boolean).join(' ')}
                </TableCell>
                <TableCell>{contact.position}</TableCell>
                <TableCell>{contact.phone}</TableCell>
                <TableCell>{contact.email}</TableCell>
                {canWrite && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton
                      size="small"
                      aria-label={`${t('actions.edit')}: ${contact.firstName} ${contact.lastName}`}
                      onClick={() => start(contact)}
                    >
                      <Edit fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={`${t('common:actions.delete')}: ${contact.firstName} ${contact.lastName}`}
                      onClick={() => void remove(contact)}
                    >
                      <Delete fontSize="small" />
                    </IconButton>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {canWrite && editing && (
        <Box
          role="group"
          aria-label={t('contacts.form')}
          sx={{ mt: 2, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}
        >
          <FormTextField control={control} name="firstName" label={t('fields.first_name')} required size="small" />
          <FormTextField control={control} name="middleName" label={t('fields.middle_name')} size="small" />
          <FormTextField control={control} name="lastName" label={t('fields.last_name')} required size="small" />
          <FormTextField control={control} name="position" label={t('fields.position')} size="small" />
          <FormTextField control={control} name="phone" label={t('fields.phone')} required size="small" />
          <FormTextField control={control} name="email" label={t('fields.email')} required size="small" type="email" />
          <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            <Button onClick={() => setEditing(false)}>{t('common:actions.cancel')}</Button>
            <Button variant="contained" onClick={() => void save()}>
              {t('contacts.save')}
            </Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}
