import {
  type BillingDocumentView,
  type BillingItemChange,
  type BillingKind,
  BILLING_ROUTES,
  type BillingSaveValues,
  type ClientOption,
  isManagement,
  NoticeType,
  type NoticeTypeValue,
  resolveVat,
} from '@kantora/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { submitForm } from '../../components/ui/fields/submit-form.ts';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { CustomerCard, ProviderCard } from '../../components/entities/party-choice-cards.tsx';
import { MailHistoryCard } from '../../components/entities/mail/mail-history-card.tsx';
import { SendMailDialog } from '../../components/entities/mail/send-mail-dialog.tsx';
import { clientQueries } from '../../api/clients.ts';
import { translateMessage } from '../../lib/i18n.ts';
import { schemaResolver } from '../../lib/labels.ts';
import { useInvalidate } from '../../lib/metadata.ts';
import { useMetadata, type VatTypeOption } from '../../api/metadata.ts';
import { useVisitName } from '../../lib/last-visited.ts';
import { useSessionUser } from '../../lib/session.ts';
import { BillingAmountsCard } from './billing-amounts-card.tsx';
import { billingApi, billingKeys, billingQueries, documentRoute } from '../../api/billing.ts';
import { contractQueries } from '../../api/contracts.ts';
import { BillingDetailsCard } from './billing-details-card.tsx';
import { useSuggestedDeadline } from './billing-deadline.ts';
import {
  type BillingFormValues,
  billingFormSchema,
  type InvoiceDefaults,
  type NewDocumentStart,
  toBillingForm,
  toSaveBody,
} from './billing-form.ts';
import { BillingHeader, useDocumentTitle } from './billing-header.tsx';
import { BillingItemsCard, type ItemsDialog } from './billing-items-card.tsx';
import { hasReminders, InvoiceRemindersCard } from './invoice-reminders-card.tsx';
import { type ReverseChargeProposal, reverseChargeProposal } from './reverse-charge.ts';
import { ReverseChargeNotice } from './reverse-charge-notice.tsx';

/** What the route's state carries after the first save: the dialog the user asked for before it. */
interface EditorRouteState {
  open?: Exclude<ItemsDialog, null>['type'];
}

interface EditorProps {
  kind: BillingKind;
  doc: BillingDocumentView | null;
  defaults: InvoiceDefaults | null | undefined;
  start: NewDocumentStart;
}

/** The header fields a VAT or currency call changed, taken from the server's answer without touching the rest. */
const SERVER_FIELDS = ['VATCharging', 'VATType', 'currency', 'currencyRate', 'noticeType'] as const;

/** The provider, details and recipient cards, the rows and the amounts, around one form. */
function BillingEditor({ kind, doc: initial, defaults, start }: EditorProps) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const location = useLocation();
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  const service = billingApi(kind);
  const [doc, setDoc] = useState<BillingDocumentView | null>(initial);
  // The last visited list names the document by its number (a draft by its client).
  useVisitName(doc ? (doc.number ?? doc.companyName ?? null) : null);
  const form = useForm<BillingFormValues, any, BillingSaveValues>({
    resolver: schemaResolver(billingFormSchema),
    defaultValues: toBillingForm(initial, start),
  });
  const [saving, setSaving] = useState(false);
  const vatTypes = useMetadata<VatTypeOption[]>('getVATTypes');
  const [reverseCharge, setReverseCharge] = useState<ReverseChargeProposal | null>(null);
  useSuggestedDeadline(form, defaults, !doc);
  const editable = doc ? doc.rights.canEdit : true;
  const user = useSessionUser();
  // An issued document goes to its client by e-mail (management); its messages show under it.
  const mailable = Boolean(doc?.issued && user && isManagement(user.access));
  const [mailing, setMailing] = useState(false);
  const title = useDocumentTitle(kind, doc);
  const openFirst = (location.state as EditorRouteState | null)?.open;
  const initialDialog: ItemsDialog =
    openFirst === 'item' ? { type: 'item', row: null } : openFirst ? { type: openFirst } : null;

  /** A new answer for the document: cached, shown; `resetForm` takes every header field from it. */
  const changed = (
    next: BillingDocumentView,
    resetForm: boolean,
    fields: readonly (keyof BillingFormValues)[] = SERVER_FIELDS,
  ) => {
    setDoc(next);
    queryClient.setQueryData(billingKeys.one(kind, next._id), next);
    if (resetForm) form.reset(toBillingForm(next));
    else
      for (const name of fields) {
        // resetField skips a field no input registered yet (the VAT type while VAT is charged): register it first.
        form.register(name);
        form.resetField(name, { defaultValue: toBillingForm(next)[name] });
      }
    invalidate(billingKeys.list(kind), billingKeys.counts(kind), billingKeys.items(kind, next._id));
  };

  const save = async ({
    onlyIfDirty = false,
    then,
  }: {
    onlyIfDirty?: boolean;
    then?: EditorRouteState['open'];
  } = {}): Promise<BillingDocumentView | null> => {
    if (onlyIfDirty && doc && !form.formState.isDirty) return doc;
    return submitForm(
      form,
      async (values) => {
        const saved = await service.save(toSaveBody(kind, values, doc?._id ?? null));
        if (!doc) {
          queryClient.setQueryData(billingKeys.one(kind, saved._id), saved);
          invalidate(billingKeys.list(kind), billingKeys.counts(kind));
          navigate(documentRoute(kind, saved._id), { replace: true, state: then ? { open: then } : null });
        } else changed(saved, true);
        return saved;
      },
      setSaving,
    );
  };

  /**
   * A call that changes a saved draft at once (VAT, currency, notice type); a new one follows the form alone.
   * Resolves whether the server took it.
   */
  const call = async (
    request: () => Promise<BillingDocumentView>,
    fields: readonly (keyof BillingFormValues)[] = SERVER_FIELDS,
  ) => {
    try {
      changed(await request(), false, fields);
      return true;
    } catch {
      // The API client has shown why; the fields go back to the document's values.
      if (doc) for (const name of SERVER_FIELDS) form.resetField(name, { defaultValue: toBillingForm(doc)[name] });
      return false;
    }
  };

  /** A VAT choice: setVATType for a saved draft (the server recomputes), the form alone for a new one. */
  const applyVat = async (change: { VATCharging?: boolean; VATType?: string | null }) => {
    if (doc) return call(() => service.setVat(doc._id, change));
    const next = resolveVat(
      change,
      { VATCharging: !change.VATCharging, VATType: form.getValues('VATType') },
      defaults?.vatType?._id ?? null,
    );
    form.setValue('VATCharging', next.VATCharging, { shouldDirty: true });
    form.setValue('VATType', next.VATType, { shouldDirty: true });
    return true;
  };

  /** The user's own VAT choice: it replaces a reverse charge the editor proposed. */
  const onVatChange = (change: { VATCharging?: boolean; VATType?: string | null }) => {
    setReverseCharge(null);
    void applyVat(change);
  };

  /**
   * A customer was picked: for a business registered for VAT in another member state, with VAT charged, the editor
   * proposes the reverse charge (VAT not charged, the AE type) and says so; a notice keeps its original's VAT.
   */
  const proposeReverseCharge = async (customer: ClientOption | null) => {
    setReverseCharge(null);
    if (kind === 'invoice' && form.getValues('noticeType') !== NoticeType.invoice) return;
    const proposal = reverseChargeProposal(customer, form.getValues('VATCharging'), vatTypes.data);
    if (!proposal) return;
    if (proposal.type && !(await applyVat({ VATType: proposal.type._id }))) return;
    setReverseCharge(proposal);
  };

  // A new document opened for a client (from its page or a contract) counts as picking it, once the types are known.
  const proposedAtStart = useRef(Boolean(doc));
  useEffect(() => {
    if (proposedAtStart.current || !vatTypes.data) return;
    proposedAtStart.current = true;
    void proposeReverseCharge(form.getValues('customer'));
  });

  const onCurrencyChange = (currency: string) => {
    if (doc) return void call(() => service.changeCurrency(doc._id, currency));
    const currencies = queryClient.getQueryData<Array<{ _id: string; exchangeRate?: unknown }>>([
      'metaData',
      'getCurrencies',
    ]);
    const rate = Number(currencies?.find((item) => item._id === currency)?.exchangeRate);
    if (rate > 0) form.setValue('currencyRate', rate, { shouldDirty: true });
  };

  const onNoticeTypeChange = (noticeType: NoticeTypeValue) => {
    // A credit notice has no payment deadline: the server's answer says which deadline the document has now.
    if (doc)
      void call(() => service.changeNoticeType(doc._id, { noticeType }), [...SERVER_FIELDS, 'paymentDeadlineDate']);
    if (noticeType === 0) form.setValue('creditToInvoice', null);
  };

  const onItemChanged = (change: BillingItemChange) => changed(change.document, false);

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        aria-label={t(`${kind}.form_label`)}
        onSubmit={(event) => {
          // The dialogs submit their own forms; their submit events bubble up through the portals.
          if (event.target !== event.currentTarget) return;
          event.preventDefault();
          if (editable) void save();
        }}
      >
        <BillingHeader
          kind={kind}
          doc={doc}
          onSave={save}
          saving={saving}
          onChanged={(next) => changed(next, true)}
          onSendMail={mailable ? () => setMailing(true) : undefined}
        />
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
            gridTemplateAreas: { xs: '"provider" "details" "recipient"', md: '"provider recipient" "details details"' },
            '& > section': { mb: 0 },
            mb: 2,
          }}
        >
          <Box sx={{ gridArea: 'provider', minWidth: 0 }}>
            <ProviderCard saved={doc} editable={editable} />
          </Box>
          <Box sx={{ gridArea: 'recipient', minWidth: 0 }}>
            <CustomerCard
              saved={doc}
              editable={editable}
              title={t('parties.recipient')}
              onCustomerChange={(client) => {
                form.setValue('contract', null, { shouldDirty: true });
                form.setValue('creditToInvoice', null, { shouldDirty: true });
                void proposeReverseCharge(client);
              }}
            />
            {reverseCharge && editable && (
              <ReverseChargeNotice proposal={reverseCharge} onUndo={() => onVatChange({ VATCharging: true })} />
            )}
          </Box>
          <Box sx={{ gridArea: 'details', minWidth: 0 }}>
            <BillingDetailsCard
              kind={kind}
              doc={doc}
              editable={editable}
              defaults={defaults}
              onNoticeTypeChange={onNoticeTypeChange}
            />
          </Box>
        </Box>
        <BillingItemsCard
          kind={kind}
          doc={doc}
          editable={editable}
          initialDialog={initialDialog}
          onNeedDocument={async (then) => Boolean(await save({ then }))}
          onChanged={onItemChanged}
        />
        <BillingAmountsCard
          doc={doc}
          editable={editable}
          onVatChange={onVatChange}
          onCurrencyChange={onCurrencyChange}
        />
        {kind === 'invoice' && hasReminders(doc) && <InvoiceRemindersCard doc={doc} />}
        {doc && mailable && <MailHistoryCard kind={kind} documentId={doc._id} onSend={() => setMailing(true)} />}
      </Box>
      {doc && mailable && mailing && (
        <SendMailDialog kind={kind} documentId={doc._id} title={title} onClose={() => setMailing(false)} />
      )}
    </FormProvider>
  );
}

/** What the page shows for a document that does not exist or that the user may not see (404). */
function NotFound({ kind }: { kind: BillingKind }) {
  const { t } = useTranslation('billing');
  return (
    <Alert
      severity="warning"
      variant="outlined"
      action={
        <Button component={Link} to={BILLING_ROUTES[kind]} color="inherit" size="small" startIcon={<ArrowBack />}>
          {t('back_to_list')}
        </Button>
      }
    >
      {translateMessage(kind === 'invoice' ? 'the_invoice_was_not_found' : 'the_proforma_invoice_was_not_found')}
    </Alert>
  );
}

/** /invoices/create, /invoices/{id}, /proforma-invoices/create, /proforma-invoices/{id}; `?clientId=` or `?contractId=` start a new one. */
export function BillingEditorPage({ kind }: { kind: BillingKind }) {
  const { id } = useParams();
  const [params] = useSearchParams();
  const user = useSessionUser();
  const creating = !id;
  // Never shown from an earlier visit's cache: another page may have changed the document since (a transformation
  // links invoices to a proforma, issuing an invoice gives its link a number).
  const query = useQuery({
    ...billingQueries.one(kind, id ?? ''),
    enabled: Boolean(id),
    retry: false,
    gcTime: 0,
  });
  const defaults = useMetadata<InvoiceDefaults | null>(
    'getInvoiceDefaults',
    creating || query.data?.rights.canEdit === true,
  );
  const clientId = creating ? params.get('clientId') : null;
  const contractId = creating ? params.get('contractId') : null;
  const client = useQuery({
    ...clientQueries.one(clientId ?? ''),
    enabled: Boolean(clientId),
    retry: false,
  });
  const contract = useQuery({
    ...contractQueries.one(contractId ?? ''),
    enabled: Boolean(contractId),
    retry: false,
  });
  if (!user) return null;
  if (id && query.isPending) return <PageLoader />;
  if (id && !query.data) return <NotFound kind={kind} />;
  if (creating && !isManagement(user.access)) return <NotFound kind={kind} />;
  if (creating && (defaults.isPending || (clientId && client.isPending) || (contractId && contract.isPending)))
    return <PageLoader />;
  const doc = query.data ?? null;
  const chosenContract = contract.data
    ? {
        _id: contract.data._id,
        name: contract.data.name,
        customerId: contract.data.customerId,
        companyName: contract.data.companyName,
        fromDate: contract.data.fromDate ?? '',
        toDate: contract.data.toDate ?? '',
        status: contract.data.status,
        currency: contract.data.currency ?? '',
        currencyCode: contract.data.currencyCode,
      }
    : null;
  const contractCustomer = contract.data?.customerId
    ? {
        _id: contract.data.customerId,
        name: contract.data.customer?.name ?? contract.data.companyName ?? { bg: '', it: '' },
        bulstat: contract.data.customer?.bulstat,
        vatNumber: contract.data.customer?.vatNumber,
      }
    : null;
  const customer = client.data
    ? {
        _id: client.data._id,
        name: client.data.name,
        bulstat: client.data.bulstat,
        vatNumber: client.data.vatNumber,
        paymentTermDays: client.data.paymentTermDays ?? null,
      }
    : contractCustomer;
  return (
    <BillingEditor
      key={doc?._id ?? 'new'}
      kind={kind}
      doc={doc}
      defaults={defaults.data}
      start={{ defaults: defaults.data ?? null, customer, contract: chosenContract }}
    />
  );
}
