import {
  isManagement,
  newClientOfficeSchema,
  type DictionaryItem,
  type UserOption,
  type Client,
  type ClientSaveResult,
} from '@kantora/domain';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LazyTabs } from '../../components/ui/lazy-tabs.tsx';
import { tabsFor } from '../../components/ui/tab-registry.ts';
import { LocalizedTextField } from '../../components/ui/fields/localized-text-field.tsx';
import { NumberField } from '../../components/ui/fields/number-field.tsx';
import { OptionSelectField } from '../../components/ui/fields/option-select-field.tsx';
import { applyServerErrors } from '../../components/ui/fields/server-errors.ts';
import { StringListField } from '../../components/ui/fields/string-list-field.tsx';
import { SwitchField } from '../../components/ui/fields/switch-field.tsx';
import { FormTextField } from '../../components/ui/fields/text-field.tsx';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useSessionUser } from '../../lib/session.ts';
import { currencyLabel, localized, schemaResolver } from '../../lib/labels.ts';
import { useVisitName } from '../../lib/last-visited.ts';
import { useMetadata } from '../../api/metadata.ts';
import { type ClientSaveRequest, clientKeys, clientSavePayload, clientsApi } from '../../api/clients.ts';
import {
  bankCardSchema,
  type CompanyFormOutput,
  companyFormSchema,
  identifierCountry,
  identifierLabels,
  newClientPayload,
  whenAllValid,
} from './client-forms.ts';
import { CLIENT_TABS } from './client-tabs.ts';
import { emptyOffice, OfficeFields } from './office-fields.tsx';
import { NoRemindersField } from './no-reminders-field.tsx';

interface CompanyValues {
  name: { bg: string; it: string };
  bulstat: string;
  vatNumber: string;
  responsiblePerson: { bg: string; it: string };
  status: boolean;
  phone: string;
  email: string;
  comment: string;
  referent: string | null;
  notificationsEmails: string[];
  /** Blank: the invoice defaults' term. */
  paymentTermDays: number | null;
  /** The daily run sends this client no payment reminders. */
  noReminders: boolean;
}
const emptyText = () => ({ bg: '', it: '' });
function toCompanyForm(client: Client | null): CompanyValues {
  return {
    name: client ? { ...client.name } : emptyText(),
    bulstat: client?.bulstat ?? '',
    vatNumber: client?.vatNumber ?? '',
    responsiblePerson: client ? { ...client.responsiblePerson } : emptyText(),
    status: client?.status ?? true,
    phone: client?.phone ?? '',
    email: client?.email ?? '',
    comment: client?.comment ?? '',
    referent: client?.referent ?? null,
    notificationsEmails: client?.notificationsEmails ?? [],
    paymentTermDays: client?.paymentTermDays ?? null,
    noReminders: client?.noReminders ?? false,
  };
}
const emptyBank = () => ({
  name: emptyText(),
  address: emptyText(),
  bic: '',
  iban: '',
  currency: null as string | null,
});

/** The client's tabs (the registry in client-tabs.ts): each mounts on first open and stays. */
function ClientTabs({ clientId, access, canWrite }: { clientId: string; access: number; canWrite: boolean }) {
  const { t } = useTranslation('clients');
  return (
    <LazyTabs
      tabs={tabsFor(CLIENT_TABS, access)}
      panelProps={{ clientId, canWrite }}
      idPrefix="client"
      label={(key) => t(`tabs.${key}`)}
      ariaLabel={t('tabs.label')}
    />
  );
}

/** The company card, the new client's bank and headquarters cards, one Save. */
function ClientForm({
  client,
  canWrite,
  onSaved,
}: {
  client: Client | null;
  canWrite: boolean;
  onSaved: (saved: ClientSaveResult) => void;
}) {
  const { t, i18n } = useTranslation('clients');
  const staff = useMetadata<UserOption[]>('getAllEmployeeUsers');
  const currencies = useMetadata<DictionaryItem[]>('getCurrencies', !client);
  const [saving, setSaving] = useState(false);
  const company = useForm<CompanyValues, any, CompanyFormOutput>({
    resolver: schemaResolver(companyFormSchema),
    defaultValues: toCompanyForm(client),
  });
  const office = useForm({
    resolver: schemaResolver(newClientOfficeSchema),
    defaultValues: { ...emptyOffice(), isHeadquarters: true },
  });
  // The tax code and VAT number are named by the company's country (an Italian company has no ЕИК).
  const [bulstat, vatNumber] = useWatch({ control: company.control, name: ['bulstat', 'vatNumber'] });
  const country = useWatch({ control: office.control, name: 'country' });
  const labels = identifierLabels(identifierCountry({ bulstat, vatNumber, country: client ? null : country }));
  const bank = useForm({ resolver: schemaResolver(bankCardSchema), defaultValues: emptyBank() });
  const referents = (staff.data ?? []).map((user) => ({
    value: user._id,
    label: localized(user.fullName, i18n.language),
  }));
  const currencyOptions = (currencies.data ?? []).map((item) => ({
    value: item._id,
    label: currencyLabel(item, i18n.language),
  }));
  const disabled = !canWrite;

  const finish = async (body: ClientSaveRequest) => {
    setSaving(true);
    try {
      const saved = await clientsApi.save(body);
      for (const warning of saved.warnings ?? []) notify.warning(warning);
      company.reset(toCompanyForm(saved));
      onSaved(saved);
    } catch (error) {
      applyServerErrors(company.setError, error);
    } finally {
      setSaving(false);
    }
  };

  const save = async () => {
    if (client) {
      await whenAllValid([company], () =>
        finish({ ...clientSavePayload(client), ...companyFormSchema.parse(company.getValues()), _id: client._id }),
      );
    } else {
      await whenAllValid([company, office, bank], () =>
        finish(newClientPayload(company.getValues(), office.getValues(), bank.getValues())),
      );
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canWrite) void save();
      }}
    >
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          {client && (
            <Typography variant="h5" component="h2">
              {localized(client.name, i18n.language)}
            </Typography>
          )}
          {client?.created && (
            <Typography variant="body2" color="text.secondary">
              {t('company.created_by_on', {
                name: localized(client.createdByName, i18n.language) || '—',
                date: formatDateTime(client.created),
              })}
            </Typography>
          )}
          {canWrite && (
            <Button type="submit" variant="contained" startIcon={<Save />} disabled={saving} sx={{ ml: 'auto' }}>
              {t('common:actions.save')}
            </Button>
          )}
        </Box>
        {!canWrite && <Alert severity="info">{t('company.read_only')}</Alert>}
        <SectionCard
          title={t('company.title')}
          actions={
            <SwitchField control={company.control} name="status" label={t('fields.active')} disabled={disabled} />
          }
        >
          <Stack spacing={2}>
            <LocalizedTextField
              control={company.control}
              name="name"
              label={t('fields.name')}
              required={{ bg: true }}
              disabled={disabled}
            />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <FormTextField
                control={company.control}
                name="bulstat"
                label={t(labels.bulstat)}
                required
                disabled={disabled}
                slotProps={{ htmlInput: { maxLength: 30 } }}
              />
              <FormTextField
                control={company.control}
                name="vatNumber"
                label={t(labels.vatNumber)}
                required
                disabled={disabled}
                slotProps={{ htmlInput: { maxLength: 30 } }}
              />
            </Box>
            <LocalizedTextField
              control={company.control}
              name="responsiblePerson"
              label={t('fields.responsible_person')}
              disabled={disabled}
            />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
              <FormTextField control={company.control} name="phone" label={t('fields.phone')} disabled={disabled} />
              <FormTextField
                control={company.control}
                name="email"
                label={t('fields.email')}
                type="email"
                disabled={disabled}
              />
              <OptionSelectField
                control={company.control}
                name="referent"
                label={t('fields.referent')}
                options={referents}
                clearable
                disabled={disabled}
              />
            </Box>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
              <NumberField
                control={company.control}
                name="paymentTermDays"
                label={t('fields.payment_term_days')}
                helperText={t('company.payment_term_hint')}
                decimals={0}
                grouping={false}
                disabled={disabled}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
              />
            </Box>
            <FormTextField
              control={company.control}
              name="comment"
              label={t('fields.comment')}
              multiline
              minRows={2}
              disabled={disabled}
            />
            <StringListField
              control={company.control}
              name="notificationsEmails"
              label={t('fields.notifications_emails')}
              disabled={disabled}
            />
            <NoRemindersField control={company.control} name="noReminders" disabled={disabled} />
          </Stack>
        </SectionCard>
        {!client && (
          <>
            <SectionCard title={t('company.bank_title')} subtitle={t('company.bank_hint')}>
              <Stack spacing={2}>
                <LocalizedTextField
                  control={bank.control}
                  name="name"
                  label={t('fields.bank_name')}
                  disabled={disabled}
                />
                <LocalizedTextField
                  control={bank.control}
                  name="address"
                  label={t('fields.bank_address')}
                  disabled={disabled}
                />
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
                  <FormTextField
                    control={bank.control}
                    name="iban"
                    label={t('fields.iban')}
                    disabled={disabled}
                    slotProps={{ htmlInput: { maxLength: 64, spellCheck: false } }}
                  />
                  <FormTextField
                    control={bank.control}
                    name="bic"
                    label={t('fields.bic')}
                    disabled={disabled}
                    slotProps={{ htmlInput: { maxLength: 11, spellCheck: false } }}
                  />
                  <OptionSelectField
                    control={bank.control}
                    name="currency"
                    label={t('fields.currency')}
                    options={currencyOptions}
                    clearable
                    disabled={disabled}
                  />
                </Box>
              </Stack>
            </SectionCard>
            <SectionCard title={t('company.office_title')} subtitle={t('company.office_hint')}>
              <OfficeFields control={office.control} bothRequired showHeadquarters={false} disabled={disabled} />
            </SectionCard>
          </>
        )}
      </Stack>
    </Box>
  );
}

/** /clients/create and /clients/{id}. A client that is not found (or not visible) leaves a blank new-client form. */
export default function ClientPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const user = useSessionUser();
  const canWrite = user ? isManagement(user.access) : false;
  const query = useQuery({
    queryKey: clientKeys.one(id ?? ''),
    queryFn: () => clientsApi.get(id as string),
    enabled: Boolean(id),
    retry: false,
  });
  useVisitName(id ? query.data?.name : null);

  if (id && query.isPending) return <PageLoader />;
  const client = id && query.data ? query.data : null;

  const saved = (next: ClientSaveResult) => {
    queryClient.setQueryData(clientKeys.one(next._id), next);
    void queryClient.invalidateQueries({ queryKey: clientKeys.list });
    if (!client) navigate(`/clients/${next._id}`, { replace: true });
  };

  return (
    <>
      <ClientForm key={client?._id ?? 'new'} client={client} canWrite={canWrite} onSaved={saved} />
      {client && user && <ClientTabs clientId={client._id} access={user.access} canWrite={canWrite} />}
    </>
  );
}
