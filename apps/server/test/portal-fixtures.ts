import { Access, type BillingKind } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import { addItem, type BillingSetup, createDraft, issue, setUpBilling, t } from './billing-fixtures.ts';
import { createClient } from './clients-fixtures.ts';
import { contractIn } from './contracts-fixtures.ts';
import { saveFlow } from './documents-flow-fixtures.ts';
import { bearer, call, multipart } from './helpers.ts';

export { t };

/** What one client user owns: a company with every kind of object, issued or registered, and drafts. */
export interface PortalWorld {
  token: string;
  userId: string;
  company: string;
  contract: string;
  draftContract: string;
  /** A document of the contract and its file. */
  document: string;
  file: string;
  invoice: string;
  draftInvoice: string;
  proforma: string;
  draftProforma: string;
  /** A document-flow document (added by the user) and its file. */
  flowDocument: string;
  flowFile: string;
}

export interface PortalSetup extends BillingSetup {
  /** The context's client user on the setup's visible client. */
  owner: PortalWorld;
  /** A second client user on a company of their own. */
  stranger: PortalWorld;
}

const ok = <T>(label: string, response: { status: number; body: { Result: T } }): T => {
  if (response.status !== 200) throw new Error(`${label}: ${JSON.stringify(response.body)}`);
  return response.body.Result;
};

async function billingPair(s: BillingSetup, kind: BillingKind, party: Record<string, unknown>) {
  const issued = await createDraft(s, kind, party);
  await addItem(s, kind, issued._id, 300, 2);
  await issue(s, kind, issued._id);
  const draft = await createDraft(s, kind, party);
  await addItem(s, kind, draft._id, 99);
  return { issued: issued._id, draft: draft._id };
}

/** The objects of one company for one client user (everything made by the admin but the document-flow document). */
async function worldOf(
  s: BillingSetup,
  user: { id: string; token: string },
  company: string,
  customerBank: string | null,
  category: string,
): Promise<PortalWorld> {
  const party = { customerId: company, customerBank };
  const contract = await contractIn(s, 'registered', party);
  const draftContract = await contractIn(s, 'draft', party);
  const body = multipart(
    {
      contractId: contract._id,
      type: s.documentType,
      'description.bg': 'Подписан договор',
      'description.it': 'Contratto firmato',
      'notes.bg': 'Бележка',
      'notes.it': 'Nota',
    },
    { filename: 'dogovor.txt', contentType: 'text/plain', data: Buffer.from('подписан') },
  );
  const saved = await s.ctx.app.inject({
    method: 'POST',
    url: '/api/documents/save',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(s.ctx.users.admin.token) },
  });
  if (saved.statusCode !== 200) throw new Error(`document: ${saved.body}`);
  const document = saved.json().Result as { _id: string; files: { _id: string }[] };
  const invoices = await billingPair(s, 'invoice', { ...party, contract: contract._id, taxDate: '2026-03-02' });
  const proformas = await billingPair(s, 'proforma', { ...party, contract: contract._id });
  const flow = (
    await saveFlow(
      s.ctx,
      { company, category, description: 'от клиента' },
      { filename: 'scan.txt', contentType: 'text/plain', data: Buffer.from('сканиран') },
      user.token,
      '/api/my-documents-flow',
    )
  ).body;
  if (flow.Type !== 1) throw new Error(`flow: ${JSON.stringify(flow)}`);
  return {
    token: user.token,
    userId: user.id,
    company,
    contract: contract._id,
    draftContract: draftContract._id,
    document: document._id,
    file: document.files[0]._id,
    invoice: invoices.issued,
    draftInvoice: invoices.draft,
    proforma: proformas.issued,
    draftProforma: proformas.draft,
    flowDocument: flow.Result._id,
    flowFile: flow.Result.file._id,
  };
}

/** The billing setup with two client users, each on a company of their own with contracts, bills and documents. */
export async function setUpPortal(): Promise<PortalSetup> {
  const s = await setUpBilling();
  const { ctx } = s;
  const category = ok<{ _id: string }>(
    'category',
    await call(ctx, 'POST', '/api/settings/document-flow-categories/save', { name: t('Входящи', 'In entrata') }),
  )._id;
  await ctx.database.db.execute(
    sql`update companies set client_users = array[${ctx.users.client.id}]::uuid[] where id = ${s.visible}`,
  );
  const stranger = await ctx.createUser(Access.client);
  const strangerToken = await ctx.signIn(stranger.email);
  const strangerCompany = (await createClient(ctx, { name: t('Чужд ООД', 'Estraneo Srl'), clientUsers: [stranger.id] }))
    ._id;
  return {
    ...s,
    owner: await worldOf(
      s,
      { id: ctx.users.client.id, token: ctx.users.client.token },
      s.visible,
      s.visibleBank,
      category,
    ),
    stranger: await worldOf(s, { id: stranger.id, token: strangerToken }, strangerCompany, null, category),
  };
}
