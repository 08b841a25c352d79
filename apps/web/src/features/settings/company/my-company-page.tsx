import Save from '@mui/icons-material/Save';
import { countryCodeFrom, type MyCompanySaveInput, myCompanySaveSchema, type MyCompany } from '@kantora/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CountryField } from '../../../components/ui/fields/country-field.tsx';
import { LocalizedTextField } from '../../../components/ui/fields/localized-text-field.tsx';
import { applyServerErrors } from '../../../components/ui/fields/server-errors.ts';
import { FormTextField } from '../../../components/ui/fields/text-field.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { PageToolbar } from '../../../components/ui/page-toolbar.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { emptyText, schemaResolver } from '../../../lib/labels.ts';
import { settingsApi, settingsKeys } from '../../../api/settings.ts';
import { useInvalidate } from '../../../lib/metadata.ts';
import { LoadFailed } from '../load-failed.tsx';
import { BanksCard } from '../../../components/entities/banks/banks-card.tsx';
import { metadataKeys } from '../../../api/metadata.ts';

type FormValues = Omit<MyCompanySaveInput, '_id'> & { _id?: string };

function toForm(company: MyCompany | null): FormValues {
  const text = (value: { bg?: string; it?: string } | undefined) => ({ bg: value?.bg ?? '', it: value?.it ?? '' });
  return {
    ...(company ? { _id: company._id } : {}),
    name: text(company?.name),
    responsiblePerson: text(company?.responsiblePerson),
    bulstat: company?.bulstat ?? '',
    vatNumber: company?.vatNumber ?? '',
    address: {
      country: company ? text(company.address.country) : emptyText(),
      state: company ? text(company.address.state) : emptyText(),
      city: company ? text(company.address.city) : emptyText(),
      street: company ? text(company.address.street) : emptyText(),
      zipCode: company?.address.zipCode ?? '',
      countryCode: company?.address.countryCode ?? null,
    },
  };
}

const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

function MyCompanyForm({ company }: { company: MyCompany | null }) {
  const { t } = useTranslation('settings');
  const formId = useId();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  const form = useForm<FormValues, any, MyCompanySaveInput>({
    resolver: schemaResolver(myCompanySaveSchema),
    defaultValues: toForm(company),
  });
  const { control, formState } = form;
  // The ISO code follows the country's name (else the VAT number) as typed until a country is picked.
  const [country, vatNumber] = useWatch({ control, name: ['address.country', 'vatNumber'] });
  const proposal = countryCodeFrom(country, vatNumber);

  const save = form.handleSubmit(async (values) => {
    try {
      await settingsApi.saveMyCompany(values);
    } catch (error) {
      applyServerErrors(form.setError, error);
      return;
    }
    // The page switches to the saved company (edit mode) with its data read again.
    const fresh = await queryClient.fetchQuery({
      queryKey: settingsKeys.myCompany,
      queryFn: settingsApi.getMyCompany,
      staleTime: 0,
    });
    form.reset(toForm(fresh));
    invalidate(metadataKeys.all);
  });

  return (
    <>
      <PageToolbar description={t('company.intro')}>
        {company ? (
          <Chip
            variant="outlined"
            label={t('company.saved_on', { date: formatDateTime(company.updated ?? company.created) })}
            sx={{ alignSelf: 'center' }}
          />
        ) : (
          <Chip color="warning" variant="outlined" label={t('company.not_saved')} sx={{ alignSelf: 'center' }} />
        )}
        <Button type="submit" form={formId} variant="contained" startIcon={<Save />} disabled={formState.isSubmitting}>
          {t('common:actions.save')}
        </Button>
      </PageToolbar>
      <Box component="form" id={formId} noValidate onSubmit={save} aria-label={t('routes:my_company')}>
        <SectionCard title={t('company.details')} subtitle={t('company.all_required')}>
          <Stack spacing={2}>
            <LocalizedTextField control={control} name="name" label={t('fields.company_name')} required />
            <LocalizedTextField
              control={control}
              name="responsiblePerson"
              label={t('fields.responsible_person')}
              required
            />
            <Box sx={twoColumns}>
              <FormTextField
                control={control}
                name="bulstat"
                label={t('fields.bulstat')}
                required
                slotProps={{ htmlInput: { maxLength: 20 } }}
              />
              <FormTextField
                control={control}
                name="vatNumber"
                label={t('fields.vat_number')}
                required
                slotProps={{ htmlInput: { maxLength: 20 } }}
              />
            </Box>
          </Stack>
        </SectionCard>
        <SectionCard title={t('company.address')}>
          <Stack spacing={2}>
            <LocalizedTextField control={control} name="address.country" label={t('fields.country')} required />
            <CountryField
              control={control}
              name="address.countryCode"
              label={t('fields.country_code')}
              helperText={t('company.country_code_hint')}
              proposal={proposal}
            />
            <LocalizedTextField control={control} name="address.state" label={t('fields.state')} required />
            <LocalizedTextField control={control} name="address.city" label={t('fields.city')} required />
            <LocalizedTextField control={control} name="address.street" label={t('fields.street')} required />
            <Box sx={twoColumns}>
              <FormTextField
                control={control}
                name="address.zipCode"
                label={t('fields.zip_code')}
                required
                slotProps={{ htmlInput: { maxLength: 20 } }}
              />
            </Box>
          </Stack>
        </SectionCard>
        {/* Enter in any input saves; the button sits at the end of the form for keyboard users too. */}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <Button type="submit" variant="contained" startIcon={<Save />} disabled={formState.isSubmitting}>
            {t('common:actions.save')}
          </Button>
        </Box>
      </Box>
      {company ? (
        <BanksCard owner={{ myCompanyId: company._id }} />
      ) : (
        <Alert severity="info">{t('banks.after_company')}</Alert>
      )}
    </>
  );
}

/** /settings/my-company: the own firm (every field required) and, once saved, its bank accounts. */
export default function MyCompanyPage() {
  const query = useQuery({ queryKey: settingsKeys.myCompany, queryFn: settingsApi.getMyCompany });
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  // A new key after the first save: the form starts again from the saved company.
  return <MyCompanyForm key={query.data?._id ?? 'new'} company={query.data} />;
}
