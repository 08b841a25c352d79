import { randomUUID } from 'node:crypto';
import { Access } from '@kantora/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveFlow } from './documents-flow-fixtures.ts';
import { bearer, call, multipart } from './helpers.ts';
import { type PortalSetup, type PortalWorld, setUpPortal } from './portal-fixtures.ts';

/**
 * Isolation in the client portal: a client user walking every /api/my-* call with another client user's ids
 * (companies, contracts, invoices, proformas, documents, files, prints) gets the same not-found as for an unknown id;
 * their own drafts are not found either; staff calls stay closed to client users and the portal to staff.
 */
let s: PortalSetup;
beforeAll(async () => {
  s = await setUpPortal();
}, 120_000);
afterAll(() => s.ctx.close());

interface PortalCall {
  label: string;
  method: 'GET' | 'POST';
  url: string;
  body?: object;
  /** A multipart save of the document flow. */
  multipart?: Record<string, string>;
  /** The answer's Message. */
  message: string;
}

/** Every /api/my-* call that names an object of the world, with the not-found it must answer for anyone else. */
function callsOn(
  w: Pick<
    PortalWorld,
    'company' | 'contract' | 'document' | 'file' | 'invoice' | 'proforma' | 'flowDocument' | 'flowFile'
  >,
  category: string,
): PortalCall[] {
  const client = 'the_client_was_not_found';
  const contract = 'the_contract_was_not_found';
  const invoice = 'the_invoice_was_not_found';
  const proforma = 'the_proforma_invoice_was_not_found';
  return [
    { label: 'company', method: 'GET', url: `/api/my-companies/${w.company}`, message: client },
    {
      label: 'company contracts',
      method: 'POST',
      url: '/api/my-companies/contracts/list',
      body: { companyId: w.company },
      message: client,
    },
    {
      label: 'company invoices',
      method: 'POST',
      url: '/api/my-companies/invoices/list',
      body: { companyId: w.company },
      message: client,
    },
    {
      label: 'company proformas',
      method: 'POST',
      url: '/api/my-companies/proforma-invoices/list',
      body: { companyId: w.company },
      message: client,
    },
    {
      label: 'company documents flow',
      method: 'POST',
      url: '/api/my-companies/documents-flow/list',
      body: { companyId: w.company },
      message: client,
    },
    {
      label: 'contracts of company',
      method: 'POST',
      url: '/api/my-contracts/list',
      body: { companyId: w.company },
      message: client,
    },
    {
      label: 'invoices of company',
      method: 'POST',
      url: '/api/my-invoices/list',
      body: { companyId: w.company },
      message: client,
    },
    {
      label: 'proformas of company',
      method: 'POST',
      url: '/api/my-proforma-invoices/list',
      body: { companyId: w.company },
      message: client,
    },
    { label: 'contract', method: 'GET', url: `/api/my-contracts/${w.contract}`, message: contract },
    {
      label: 'contract services',
      method: 'POST',
      url: '/api/my-contracts/services/list',
      body: { contractId: w.contract },
      message: contract,
    },
    {
      label: 'contract documents',
      method: 'POST',
      url: '/api/my-contracts/documents/list',
      body: { contractId: w.contract },
      message: contract,
    },
    {
      label: 'invoices of contract',
      method: 'POST',
      url: '/api/my-invoices/list',
      body: { contract: w.contract },
      message: contract,
    },
    {
      label: 'proformas of contract',
      method: 'POST',
      url: '/api/my-proforma-invoices/list',
      body: { contractId: w.contract },
      message: contract,
    },
    {
      label: 'contract file',
      method: 'GET',
      url: `/api/my-contracts/documents/download/${w.file}`,
      message: 'not_found',
    },
    {
      label: 'contract document id as file',
      method: 'GET',
      url: `/api/my-contracts/documents/download/${w.document}`,
      message: 'not_found',
    },
    { label: 'invoice', method: 'GET', url: `/api/my-invoices/${w.invoice}`, message: invoice },
    {
      label: 'invoice print',
      method: 'GET',
      url: `/api/my-invoices/print/${w.invoice}?layout=invoice&lang=bg`,
      message: invoice,
    },
    {
      label: 'invoice print italian',
      method: 'GET',
      url: `/api/my-invoices/print/${w.invoice}?layout=italian`,
      message: invoice,
    },
    { label: 'proforma as invoice', method: 'GET', url: `/api/my-invoices/${w.proforma}`, message: invoice },
    { label: 'proforma', method: 'GET', url: `/api/my-proforma-invoices/${w.proforma}`, message: proforma },
    {
      label: 'proforma print',
      method: 'GET',
      url: `/api/my-proforma-invoices/print/${w.proforma}?layout=proforma-ibans&lang=it`,
      message: proforma,
    },
    { label: 'invoice as proforma', method: 'GET', url: `/api/my-proforma-invoices/${w.invoice}`, message: proforma },
    { label: 'flow document', method: 'GET', url: `/api/my-documents-flow/${w.flowDocument}`, message: 'not_found' },
    { label: 'flow file', method: 'GET', url: `/api/my-documents-flow/download/${w.flowFile}`, message: 'not_found' },
    {
      label: 'flow preview link',
      method: 'GET',
      url: `/api/my-documents-flow/previewLink/${w.flowFile}`,
      message: 'not_found',
    },
    {
      label: 'flow remove file',
      method: 'POST',
      url: '/api/my-documents-flow/removeFile',
      body: { fileId: w.flowFile, documentId: w.flowDocument },
      message: 'not_found',
    },
    {
      label: 'flow edit',
      method: 'POST',
      url: '/api/my-documents-flow/save',
      multipart: { _id: w.flowDocument, company: w.company, category, description: 'чужд' },
      message: 'not_found',
    },
    {
      label: 'flow add to company',
      method: 'POST',
      url: '/api/my-documents-flow/save',
      multipart: { company: w.company, category, description: 'чужд' },
      message: client,
    },
  ];
}

async function answer(request: PortalCall, token: string) {
  if (request.multipart) {
    const { payload, headers } = multipart(request.multipart, {
      filename: 'x.txt',
      contentType: 'text/plain',
      data: Buffer.from('x'),
    });
    const response = await s.ctx.app.inject({
      method: 'POST',
      url: request.url,
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    return { status: response.statusCode, message: response.json().Message as string };
  }
  const response = await s.ctx.app.inject({
    method: request.method,
    url: request.url,
    headers: bearer(token),
    payload: request.method === 'GET' ? undefined : request.body,
  });
  const body = response.headers['content-type']?.toString().startsWith('application/json')
    ? response.json()
    : { Message: `(${response.headers['content-type']})` };
  return { status: response.statusCode, message: body.Message as string };
}

/** An id-for-id world of unknown ids. */
const unknownWorld = () => ({
  company: randomUUID(),
  contract: randomUUID(),
  document: randomUUID(),
  file: randomUUID(),
  invoice: randomUUID(),
  proforma: randomUUID(),
  flowDocument: randomUUID(),
  flowFile: randomUUID(),
});

const categoryOf = async () => {
  const flow = await s.ctx.app.inject({
    method: 'GET',
    url: `/api/my-documents-flow/${s.owner.flowDocument}`,
    headers: bearer(s.owner.token),
  });
  return flow.json().Result.category as string;
};

describe('portal isolation', () => {
  it('lets each owner reach every object (the walk below would otherwise prove nothing)', async () => {
    const category = await categoryOf();
    for (const world of [s.owner, s.stranger]) {
      for (const request of callsOn(world, category).filter(
        (c) => !c.label.startsWith('flow') && !c.label.includes(' as '),
      )) {
        const { status } = await answer(request, world.token);
        expect([request.label, status]).toEqual([request.label, 200]);
      }
    }
  });

  it("answers a second client user's every call on the first one's ids exactly like an unknown id", async () => {
    const category = await categoryOf();
    const unknown = callsOn(unknownWorld(), category);
    const foreign = callsOn(s.owner, category);
    expect(foreign.length).toBe(unknown.length);
    for (const [index, request] of foreign.entries()) {
      const got = await answer(request, s.stranger.token);
      expect([request.label, got]).toEqual([request.label, { status: 404, message: request.message }]);
      const ofUnknown = await answer(unknown[index], s.stranger.token);
      expect([request.label, ofUnknown]).toEqual([request.label, got]);
    }
    // And the other way round.
    for (const request of callsOn(s.stranger, category)) {
      expect([request.label, await answer(request, s.owner.token)]).toEqual([
        request.label,
        { status: 404, message: request.message },
      ]);
    }
  });

  it("keeps the first user's objects out of the second one's lists", async () => {
    const mine = new Set(Object.values(s.owner));
    const lists = [
      '/api/my-companies/list',
      '/api/my-contracts/list',
      '/api/my-invoices/list',
      '/api/my-proforma-invoices/list',
      '/api/my-documents-flow/list',
    ];
    for (const url of lists) {
      const response = await s.ctx.app.inject({
        method: 'POST',
        url,
        headers: bearer(s.stranger.token),
        payload: { itemsPerPage: 200 },
      });
      const rows = response.json().Result.Items as { _id: string; company?: string; customerId?: string }[];
      expect([url, rows.length > 0]).toEqual([url, true]);
      expect([
        url,
        rows.filter((row) => mine.has(row._id) || mine.has(row.company ?? '') || mine.has(row.customerId ?? '')),
      ]).toEqual([url, []]);
    }
  });

  it('answers not-found for the user’s own drafts, as for an unknown id, and lists none', async () => {
    const { owner } = s;
    const drafts: PortalCall[] = [
      {
        label: 'draft contract',
        method: 'GET',
        url: `/api/my-contracts/${owner.draftContract}`,
        message: 'the_contract_was_not_found',
      },
      {
        label: 'draft contract services',
        method: 'POST',
        url: '/api/my-contracts/services/list',
        body: { contractId: owner.draftContract },
        message: 'the_contract_was_not_found',
      },
      {
        label: 'draft contract documents',
        method: 'POST',
        url: '/api/my-contracts/documents/list',
        body: { contractId: owner.draftContract },
        message: 'the_contract_was_not_found',
      },
      {
        label: 'invoices of a draft contract',
        method: 'POST',
        url: '/api/my-invoices/list',
        body: { contract: owner.draftContract },
        message: 'the_contract_was_not_found',
      },
      {
        label: 'draft invoice',
        method: 'GET',
        url: `/api/my-invoices/${owner.draftInvoice}`,
        message: 'the_invoice_was_not_found',
      },
      {
        label: 'draft invoice print',
        method: 'GET',
        url: `/api/my-invoices/print/${owner.draftInvoice}`,
        message: 'the_invoice_was_not_found',
      },
      {
        label: 'draft proforma',
        method: 'GET',
        url: `/api/my-proforma-invoices/${owner.draftProforma}`,
        message: 'the_proforma_invoice_was_not_found',
      },
      {
        label: 'draft proforma print',
        method: 'GET',
        url: `/api/my-proforma-invoices/print/${owner.draftProforma}?layout=proforma`,
        message: 'the_proforma_invoice_was_not_found',
      },
    ];
    for (const request of drafts)
      expect([request.label, await answer(request, owner.token)]).toEqual([
        request.label,
        { status: 404, message: request.message },
      ]);
    for (const [url, draft] of [
      ['/api/my-contracts/list', owner.draftContract],
      ['/api/my-invoices/list', owner.draftInvoice],
      ['/api/my-proforma-invoices/list', owner.draftProforma],
    ]) {
      const response = await s.ctx.app.inject({
        method: 'POST',
        url,
        headers: bearer(owner.token),
        payload: { itemsPerPage: 200 },
      });
      expect([url, (response.json().Result.Items as { _id: string }[]).some((row) => row._id === draft)]).toEqual([
        url,
        false,
      ]);
    }
    // A file of a draft contract's document is not found either.
    const body = multipart(
      { contractId: owner.draftContract, type: s.documentType },
      { filename: 'draft.txt', contentType: 'text/plain', data: Buffer.from('draft') },
    );
    const saved = await s.ctx.app.inject({
      method: 'POST',
      url: '/api/documents/save',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(s.ctx.users.admin.token) },
    });
    const fileId = saved.json().Result.files[0]._id as string;
    const download: PortalCall = {
      label: 'draft contract file',
      method: 'GET',
      url: `/api/my-contracts/documents/download/${fileId}`,
      message: 'not_found',
    };
    expect(await answer(download, owner.token)).toEqual({ status: 404, message: 'not_found' });
  });

  it('keeps staff calls closed to client users and the portal closed to staff', async () => {
    const { owner } = s;
    const staffCalls: Array<[string, 'GET' | 'POST', object?]> = [
      ['/api/companies/list', 'POST', {}],
      [`/api/companies/${owner.company}`, 'GET'],
      [`/api/contracts/${owner.contract}`, 'GET'],
      ['/api/contract-services/list', 'POST', { contractId: owner.contract }],
      [`/api/documents/download/${owner.file}`, 'GET'],
      [`/api/invoices/${owner.invoice}`, 'GET'],
      [`/api/invoices/print/${owner.invoice}`, 'GET'],
      ['/api/proforma-invoices/list', 'POST', {}],
      [`/api/documents-flow/${owner.flowDocument}`, 'GET'],
    ];
    for (const [url, method, body] of staffCalls) {
      const response = await s.ctx.app.inject({ method, url, headers: bearer(owner.token), payload: body });
      expect([url, response.statusCode]).toEqual([url, 403]);
    }
    for (const staff of [s.ctx.users.admin, s.ctx.users.manager, s.ctx.users.accountant, s.ctx.users.employee]) {
      for (const url of [
        `/api/my-companies/${owner.company}`,
        `/api/my-invoices/${owner.invoice}`,
        `/api/my-invoices/print/${owner.invoice}`,
      ]) {
        const response = await s.ctx.app.inject({ method: 'GET', url, headers: bearer(staff.token) });
        expect([url, response.statusCode]).toEqual([url, 403]);
      }
    }
  });

  it('answers every call on a deactivated company of the user like an unknown id, and lists nothing of it, until it is active again', async () => {
    const { owner } = s;
    const category = await categoryOf();
    const setStatus = async (status: boolean) => {
      const full = (await call(s.ctx, 'GET', `/api/companies/${owner.company}`)).body.Result;
      const saved = await call(s.ctx, 'POST', '/api/companies/save', {
        _id: owner.company,
        name: full.name,
        bulstat: full.bulstat,
        vatNumber: full.vatNumber,
        responsiblePerson: full.responsiblePerson,
        status,
      });
      expect([saved.status, saved.body.Result.status]).toEqual([200, status]);
    };
    const link = (
      await call(s.ctx, 'GET', `/api/my-documents-flow/previewLink/${owner.flowFile}`, undefined, owner.token)
    ).body.Result.url as string;
    await setStatus(false);
    try {
      const unknown = callsOn(unknownWorld(), category);
      for (const [index, request] of callsOn(owner, category).entries()) {
        const got = await answer(request, owner.token);
        expect([request.label, got]).toEqual([request.label, { status: 404, message: request.message }]);
        expect([request.label, await answer(unknown[index], owner.token)]).toEqual([request.label, got]);
      }
      const lists = [
        '/api/my-companies/list',
        '/api/my-contracts/list',
        '/api/my-invoices/list',
        '/api/my-proforma-invoices/list',
        '/api/my-documents-flow/list',
      ];
      for (const url of lists) {
        const response = await s.ctx.app.inject({
          method: 'POST',
          url,
          headers: bearer(owner.token),
          payload: { itemsPerPage: 200 },
        });
        expect([url, response.json().Result]).toEqual([url, { Items: [], Total: 0, Page: 1 }]);
      }
      // A preview link handed out before shows nothing now.
      const preview = await s.ctx.app.inject({ method: 'GET', url: link });
      expect([preview.statusCode, preview.json().Message]).toEqual([404, 'not_found']);
      // Staff still see the company and its documents.
      expect((await call(s.ctx, 'GET', `/api/documents-flow/${owner.flowDocument}`)).status).toBe(200);
    } finally {
      await setStatus(true);
    }
    for (const request of callsOn(owner, category).filter(
      (c) => !c.label.startsWith('flow') && !c.label.includes(' as '),
    )) {
      expect([request.label, (await answer(request, owner.token)).status]).toEqual([request.label, 200]);
    }
  });

  it('lets a client user on no company see nothing', async () => {
    const lonely = await s.ctx.createUser(Access.client);
    const token = await s.ctx.signIn(lonely.email);
    for (const url of [
      '/api/my-companies/list',
      '/api/my-contracts/list',
      '/api/my-invoices/list',
      '/api/my-proforma-invoices/list',
    ]) {
      const response = await s.ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload: {} });
      expect([url, response.json().Result]).toEqual([url, { Items: [], Total: 0, Page: 1 }]);
    }
    const save = await saveFlow(
      s.ctx,
      { company: s.owner.company, category: await categoryOf(), description: 'x' },
      { filename: 'x.txt', contentType: 'text/plain', data: Buffer.from('x') },
      token,
      '/api/my-documents-flow',
    );
    expect([save.status, save.body.Message]).toEqual([404, 'the_client_was_not_found']);
  });
});
