import { type ContractView, isManagement, type ClientOption, type DictionaryItem, type Bank } from '@kantora/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { submitForm } from '../../components/ui/fields/submit-form.ts';
import { LazyTabs } from '../../components/ui/lazy-tabs.tsx';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { CustomerCard, ProviderCard } from '../../components/entities/party-choice-cards.tsx';
import { clientQueries } from '../../api/clients.ts';
import { translateMessage } from '../../lib/i18n.ts';
import { schemaResolver } from '../../lib/labels.ts';
import { useInvalidate } from '../../lib/metadata.ts';
import { useMetadata } from '../../api/metadata.ts';
import { useVisitName } from '../../lib/last-visited.ts';
import { useSessionUser } from '../../lib/session.ts';
import { ChangeBanksButton } from './change-banks-dialog.tsx';
import {
  type ContractFormOutput,
  type ContractFormValues,
  contractFormSchema,
  defaultProviderBanks,
  toContractForm,
} from './contract-form.ts';
import { ContractHeader } from './contract-header.tsx';
import { CONTRACT_TABS, contractTabsFor } from './contract-tabs.ts';
import { contractKeys, contractQueries, contractsApi } from '../../api/contracts.ts';
import { documentKeys } from '../../api/documents.ts';

interface EditorProps {
  contract: ContractView | null;
  access: number;
  /** A new contract's customer (from `?clientId=`, the client page's add button). */
  customer?: ClientOption | null;
}

/** The provider and customer cards, the header with the buttons, and the tabs, around one form. */
function ContractEditor({ contract, access, customer }: EditorProps) {
  const { t } = useTranslation('contracts');
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  const currencies = useMetadata<DictionaryItem[]>('getCurrencies', !contract);
  const euro = currencies.data?.find((item) => item.code === 'EUR')?._id ?? null;
  const form = useForm<ContractFormValues, any, ContractFormOutput>({
    resolver: schemaResolver(contractFormSchema),
    defaultValues: toContractForm(contract, { customer }),
  });
  const [saving, setSaving] = useState(false);
  const editable = contract ? contract.rights.canEdit : true;

  // A new contract is in euro unless the user chose otherwise (the currencies load after the form).
  useEffect(() => {
    if (!contract && euro && form.getValues('currency') === null) form.setValue('currency', euro);
  }, [contract, euro, form]);

  // A new contract starts with the own company's default BGN and EUR accounts (the server does the same for a new
  // contract saved without them); an account the user chose first stays.
  const own = useMetadata<{ banks?: Bank[] } | null>('getMyCompany', !contract);
  useEffect(() => {
    if (contract || !own.data) return;
    const defaults = defaultProviderBanks(own.data.banks);
    for (const field of ['providerBank', 'providerBank2'] as const) {
      if (form.getValues(field) === null && defaults[field]) form.setValue(field, defaults[field]);
    }
  }, [contract, own.data, form]);

  const changed = (next: ContractView) => {
    queryClient.setQueryData(contractKeys.one(next._id), next);
    form.reset(toContractForm(next));
    invalidate(
      contractKeys.list,
      contractKeys.services(next._id),
      documentKeys.list({ parentType: 'contract', parentId: next._id }),
    );
  };

  const save = () =>
    submitForm(
      form,
      async (values) => {
        const saved = await contractsApi.save(values);
        changed(saved);
        if (!contract) navigate(`/contracts/${saved._id}`, { replace: true });
        return saved;
      },
      setSaving,
    );

  const tabs = contractTabsFor(CONTRACT_TABS, access, Boolean(contract));
  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        aria-label={t('form_label')}
        onSubmit={(event) => {
          // Dialogs of the tabs (documents, service settings, cancellation) submit their own forms; in React
          // their submit events bubble up to this one through the portals.
          if (event.target !== event.currentTarget) return;
          event.preventDefault();
          if (editable) void save();
        }}
      >
        <ContractHeader contract={contract} onSave={save} saving={saving} onChanged={changed} />
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, '& > section': { mb: 0 } }}
        >
          <ProviderCard
            saved={contract}
            editable={editable}
            actions={contract && <ChangeBanksButton contract={contract} onChanged={changed} />}
          />
          <CustomerCard saved={contract} editable={editable} />
        </Box>
        <LazyTabs
          tabs={tabs}
          panelProps={{ contract }}
          idPrefix="contract"
          label={(key) => t(`tabs.${key}`)}
          ariaLabel={t('tabs.label')}
        />
      </Box>
    </FormProvider>
  );
}

/** What the page shows for a contract that does not exist or that the user may not see (404). */
function NotFound() {
  const { t } = useTranslation('contracts');
  return (
    <Alert
      severity="warning"
      variant="outlined"
      action={
        <Button component={Link} to="/contracts" color="inherit" size="small" startIcon={<ArrowBack />}>
          {t('back_to_list')}
        </Button>
      }
    >
      {translateMessage('the_contract_was_not_found')}
    </Alert>
  );
}

/** /contracts/create (only the details) and /contracts/{id}. */
export default function ContractPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const user = useSessionUser();
  const clientId = id ? null : params.get('clientId');
  const query = useQuery({
    ...contractQueries.one(id ?? ''),
    enabled: Boolean(id),
    retry: false,
  });
  const client = useQuery({
    ...clientQueries.one(clientId ?? ''),
    enabled: Boolean(clientId),
    retry: false,
  });
  useVisitName(id ? query.data?.name : null);
  if (!user) return null;
  if (id && query.isPending) return <PageLoader />;
  if (id && !query.data) return <NotFound />;
  if (!id && !isManagement(user.access)) return <NotFound />;
  if (clientId && client.isPending) return <PageLoader />;
  const contract = query.data ?? null;
  const customer = client.data
    ? { _id: client.data._id, name: client.data.name, bulstat: client.data.bulstat, vatNumber: client.data.vatNumber }
    : null;
  return <ContractEditor key={contract?._id ?? 'new'} contract={contract} access={user.access} customer={customer} />;
}
