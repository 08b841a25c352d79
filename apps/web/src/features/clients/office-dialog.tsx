import { type OfficeSaveInput, officeSaveSchema, type Office } from '@kantora/domain';
import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EntityDialog } from '../../components/ui/entity-dialog.tsx';
import { applyServerErrors } from '../../components/ui/fields/server-errors.ts';
import { queryClient } from '../../lib/query-client.ts';
import { localized, schemaResolver } from '../../lib/labels.ts';
import { clientKeys, clientsApi } from '../../api/clients.ts';
import { OfficeContacts } from './office-contacts.tsx';
import { emptyOffice, OfficeFields } from './office-fields.tsx';

type OfficeValues = ReturnType<typeof emptyOffice> & { _id?: string; company: string };

function toForm(companyId: string, office: Office | null): OfficeValues {
  if (!office) return { ...emptyOffice(), company: companyId };
  return {
    _id: office._id,
    company: companyId,
    country: { ...office.country },
    countryCode: office.countryCode ?? null,
    city: { ...office.city },
    street: { ...office.street },
    state: { ...office.state },
    zipCode: office.zipCode,
    phone: office.phone,
    email: office.email,
    isHeadquarters: office.isHeadquarters,
  };
}

/** Add or preview an office of a client; a saved office shows its contacts. */
export function OfficeDialog({
  companyId,
  id,
  canWrite,
  onClose,
}: {
  companyId: string;
  id: string | null;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('clients');
  const [savedId, setSavedId] = useState<string | null>(id);
  const loaded = useQuery({
    queryKey: clientKeys.office(id ?? ''),
    queryFn: () => clientsApi.getOffice(id as string),
    enabled: id !== null,
    staleTime: 0,
  });
  const form = useForm<OfficeValues, any, OfficeSaveInput>({
    resolver: schemaResolver(officeSaveSchema),
    defaultValues: toForm(companyId, null),
  });
  const { reset } = form;
  useEffect(() => {
    if (loaded.data) reset(toForm(companyId, loaded.data));
  }, [loaded.data, reset, companyId]);

  return (
    <EntityDialog<OfficeValues, Office, OfficeSaveInput>
      open
      onClose={onClose}
      title={(mode) =>
        mode === 'create' ? t('offices.new') : `${t('offices.one')}: ${localized(loaded.data?.city, i18n.language)}`
      }
      form={form}
      initialMode={id ? 'edit' : 'create'}
      loading={id !== null && loaded.isPending}
      readOnly={!canWrite}
      maxWidth="md"
      onSave={async (values) => {
        try {
          return await clientsApi.saveOffice(values);
        } catch (error) {
          applyServerErrors(form.setError, error);
          throw error;
        }
      }}
      onSaved={(office) => {
        setSavedId(office._id);
        void queryClient.invalidateQueries({ queryKey: clientKeys.offices(companyId) });
      }}
      toFormValues={(office) => toForm(companyId, office)}
    >
      {({ readOnly }) => (
        <>
          <OfficeFields control={form.control} disabled={readOnly} />
          {savedId ? (
            <OfficeContacts officeId={savedId} canWrite={canWrite} />
          ) : (
            <Alert severity="info" sx={{ mt: 2 }}>
              {t('contacts.after_save')}
            </Alert>
          )}
        </>
      )}
    </EntityDialog>
  );
}
