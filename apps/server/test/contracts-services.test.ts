import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addService,
  type ContractSetup,
  contractIn,
  createContract,
  errorsOf,
  setUpContracts,
  t,
} from './contracts-fixtures.ts';
import { bearer, call, logsOf, multipart } from './helpers.ts';

let s: ContractSetup;
beforeAll(async () => {
  s = await setUpContracts();
});
afterAll(() => s.ctx.close());

const add = (contractId: string, serviceId: string, token = s.ctx.users.manager.token) =>
  call(s.ctx, 'POST', '/api/contract-services/addServiceToContract', { contractId, serviceId }, token);
const remove = (contractServiceId: string, token = s.ctx.users.manager.token) =>
  call(s.ctx, 'POST', '/api/contract-services/removeServiceFromContract', { contractServiceId }, token);
const settings = (body: object, token = s.ctx.users.manager.token) =>
  call(s.ctx, 'POST', '/api/contract-services/save', body, token);

describe('contract services', () => {
  it('adds active services as copies, lists them in the order added, removes them, each logged', async () => {
    const contract = await createContract(s);
    const first = await add(contract._id, s.services.first);
    expect(first.status).toBe(200);
    expect(first.body.Result).toEqual({
      _id: expect.any(String),
      contractId: contract._id,
      service: s.services.first,
      code: 'S1',
      name: t('Услуга S1', 'Servizio S1'),
      description: t('Описание', 'Descrizione'),
      price: 120.5,
      created: expect.any(String),
      addedByName: expect.objectContaining({ bg: expect.any(String) }),
    });
    await add(contract._id, s.services.second);
    const list = (await call(s.ctx, 'POST', '/api/contract-services/list', { contractId: contract._id })).body.Result;
    expect([list.Total, list.Items.map((row: { code: string }) => row.code)]).toEqual([2, ['S1', 'S2']]);
    expect(
      (
        await call(s.ctx, 'POST', '/api/contract-services/list', {
          contractId: contract._id,
          sortBy: 'price',
          sortDesc: true,
        })
      ).body.Result.Items.map((row: { price: number }) => row.price),
    ).toEqual([120.5, 80]);
    expect((await call(s.ctx, 'GET', `/api/contracts/${contract._id}`)).body.Result.servicesCount).toBe(2);
    const removed = await remove(first.body.Result._id);
    expect([removed.status, removed.body.Result, removed.body.Message]).toEqual([200, true, 'deleted_successfully']);
    expect(
      (await call(s.ctx, 'POST', '/api/contract-services/list', { contractId: contract._id })).body.Result.Total,
    ).toBe(1);
    expect((await logsOf(s.ctx, first.body.Result._id)).map((l) => [l.name, l.action])).toEqual([
      ['ContractService', 'addServiceToContract'],
      ['ContractService', 'removeServiceFromContract'],
    ]);
  });

  it('refuses an inactive or unknown service (400) and the same service twice (409)', async () => {
    const contract = await createContract(s);
    for (const serviceId of [s.services.inactive, randomUUID()]) {
      const response = await add(contract._id, serviceId);
      expect([response.status, errorsOf(response.body)]).toEqual([400, { serviceId: 'invalid_value' }]);
    }
    await add(contract._id, s.services.first);
    const twice = await add(contract._id, s.services.first);
    expect([twice.status, twice.body.Message]).toEqual([409, 'contract_service_exists']);
    const unknown = await add(randomUUID(), s.services.first);
    expect([unknown.status, unknown.body.Message]).toEqual([404, 'the_contract_was_not_found']);
  });

  it("sets the contract's own price and description of a row (service settings)", async () => {
    const contract = await createContract(s);
    const row = await addService(s, contract._id);
    const response = await settings({
      _id: row._id,
      price: 99.9,
      description: t('Само за този договор', 'Solo per questo contratto'),
    });
    expect(response.status).toBe(200);
    expect(response.body.Result).toMatchObject({
      price: 99.9,
      description: t('Само за този договор', 'Solo per questo contratto'),
      code: 'S1',
    });
    expect((await call(s.ctx, 'GET', `/api/contract-services/${row._id}`)).body.Result.price).toBe(99.9);
    // The service itself keeps its price.
    expect((await call(s.ctx, 'GET', `/api/settings/services/${s.services.first}`)).body.Result.price).toBe(120.5);
    const invalid = await settings({ _id: row._id, price: -1 });
    expect([invalid.status, errorsOf(invalid.body)]).toEqual([400, { price: 'invalid_value' }]);
    expect((await settings({ _id: randomUUID(), price: 1 })).status).toBe(404);
  });

  it('changes services only in draft (409) and only as management (403)', async () => {
    const registered = await contractIn(s, 'registered');
    const [row] = (await call(s.ctx, 'POST', '/api/contract-services/list', { contractId: registered._id })).body.Result
      .Items;
    for (const response of [
      await add(registered._id, s.services.second),
      await remove(row._id),
      await settings({ _id: row._id, price: 1 }),
    ]) {
      expect([response.status, response.body.Message]).toEqual([409, 'contract_not_draft']);
    }
    const draft = await contractIn(s, 'draft');
    const [draftRow] = (await call(s.ctx, 'POST', '/api/contract-services/list', { contractId: draft._id })).body.Result
      .Items;
    for (const role of ['employee', 'accountant'] as const) {
      const token = s.ctx.users[role].token;
      expect((await add(draft._id, s.services.second, token)).status).toBe(403);
      expect((await remove(draftRow._id, token)).status).toBe(403);
      expect((await settings({ _id: draftRow._id, price: 1 }, token)).status).toBe(403);
    }
  });

  it('hides rows of a contract the employee does not see (404)', async () => {
    const hidden = await contractIn(s, 'draft', { customerId: s.hidden, customerBank: null });
    const [row] = (await call(s.ctx, 'POST', '/api/contract-services/list', { contractId: hidden._id })).body.Result
      .Items;
    expect(
      (await call(s.ctx, 'GET', `/api/contract-services/${row._id}`, undefined, s.ctx.users.employee.token)).status,
    ).toBe(404);
    expect(
      (await call(s.ctx, 'POST', '/api/contract-services/list', { contractId: hidden._id }, s.ctx.users.employee.token))
        .body.Message,
    ).toBe('the_contract_was_not_found');
  });
});

describe('contract documents', () => {
  const upload = async (fields: Record<string, string>, token = s.ctx.users.manager.token) => {
    const body = multipart(fields, {
      filename: 'анекс.pdf',
      contentType: 'application/pdf',
      data: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    const response = await s.ctx.app.inject({
      method: 'POST',
      url: '/api/documents/save',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
    return { status: response.statusCode, body: response.json() };
  };
  const fields = (contractId: string, extra: Record<string, string> = {}) => ({
    contractId,
    type: s.documentType,
    date: '2026-03-01',
    'description.bg': 'Анекс 1',
    'description.it': 'Allegato 1',
    'notes.bg': 'Подписан',
    'notes.it': 'Firmato',
    ...extra,
  });

  it('adds, lists and downloads documents of a contract (management adds, every viewer reads)', async () => {
    const contract = await contractIn(s, 'registered');
    const saved = await upload(fields(contract._id));
    expect(saved.status).toBe(200);
    expect(saved.body.Result).toMatchObject({
      parentType: 'contract',
      parentId: contract._id,
      contractId: contract._id,
      type: s.documentType,
      typeName: t('Анекс', 'Allegato'),
      date: '2026-03-01',
      description: t('Анекс 1', 'Allegato 1'),
      notes: t('Подписан', 'Firmato'),
    });
    const fileId = saved.body.Result.files[0]._id;
    for (const role of ['admin', 'manager', 'employee', 'accountant'] as const) {
      const token = s.ctx.users[role].token;
      const list = await call(s.ctx, 'POST', '/api/documents/list', { contractId: contract._id }, token);
      expect([role, list.status, list.body.Result.Total]).toEqual([role, 200, 1]);
      const download = await s.ctx.app.inject({
        method: 'GET',
        url: `/api/documents/download/${fileId}`,
        headers: bearer(token),
      });
      expect([role, download.statusCode, download.headers['content-type']]).toEqual([role, 200, 'application/pdf']);
    }
    expect(
      (await call(s.ctx, 'POST', '/api/documents/list', { parentType: 'contract', parentId: contract._id })).body.Result
        .Items[0].files[0].filename,
    ).toBe('анекс.pdf');
  });

  it('refuses employees and accountants any change (403), and every change on a canceled contract (409)', async () => {
    const contract = await contractIn(s, 'registered');
    const saved = (await upload(fields(contract._id))).body.Result;
    for (const role of ['employee', 'accountant'] as const) {
      const token = s.ctx.users[role].token;
      expect((await upload(fields(contract._id), token)).status).toBe(403);
      expect((await upload(fields(contract._id, { _id: saved._id }), token)).status).toBe(403);
      expect((await call(s.ctx, 'POST', '/api/documents/remove', { documentId: saved._id }, token)).status).toBe(403);
      expect(
        (
          await call(
            s.ctx,
            'POST',
            '/api/documents/removeFile',
            { fileId: saved.files[0]._id, documentId: saved._id },
            token,
          )
        ).status,
      ).toBe(403);
    }
    const canceled = await call(
      s.ctx,
      'POST',
      '/api/contracts/cancel',
      { contractId: contract._id, cancelationReason: 'Край' },
      s.ctx.users.manager.token,
    );
    expect(canceled.status).toBe(200);
    const added = await upload(fields(contract._id));
    expect([added.status, added.body.Message]).toEqual([409, 'contract_canceled']);
    expect((await call(s.ctx, 'POST', '/api/documents/remove', { documentId: saved._id })).body.Message).toBe(
      'contract_canceled',
    );
    expect(
      (await call(s.ctx, 'POST', '/api/documents/list', { contractId: contract._id }, s.ctx.users.employee.token)).body
        .Result.Total,
    ).toBe(1);
    // A draft again (admin), documents may change.
    await call(s.ctx, 'POST', '/api/contracts/deregister', { contractId: contract._id });
    expect(
      (await call(s.ctx, 'POST', '/api/documents/remove', { documentId: saved._id }, s.ctx.users.manager.token)).status,
    ).toBe(200);
  });

  it('requires a type and hides documents of contracts the employee does not see', async () => {
    const hidden = await contractIn(s, 'draft', { customerId: s.hidden, customerBank: null });
    const noType = await upload(fields(hidden._id, { type: '' }));
    expect([noType.status, errorsOf(noType.body)]).toEqual([400, { type: 'field_is_required' }]);
    const saved = (await upload(fields(hidden._id))).body.Result;
    const employee = s.ctx.users.employee.token;
    // Like an unknown id: 404 `not_found` (not the contract's not-found, which would tell the document exists).
    for (const id of [saved._id, crypto.randomUUID()])
      expect((await call(s.ctx, 'GET', `/api/documents/${id}`, undefined, employee)).body).toEqual({
        Type: 0,
        Message: 'not_found',
      });
    for (const id of [saved.files[0]._id, crypto.randomUUID()]) {
      const download = await s.ctx.app.inject({
        method: 'GET',
        url: `/api/documents/download/${id}`,
        headers: bearer(employee),
      });
      expect([download.statusCode, download.json()]).toEqual([404, { Type: 0, Message: 'not_found' }]);
    }
    for (const id of [saved._id, crypto.randomUUID()])
      expect((await call(s.ctx, 'POST', '/api/documents/remove', { documentId: id }, employee)).body).toEqual({
        Type: 0,
        Message: 'not_found',
      });
    expect((await upload(fields(hidden._id), employee)).status).toBe(404);
    // Users' documents stay the settings role's.
    expect(
      (await call(s.ctx, 'POST', '/api/documents/list', { userId: s.ctx.users.employee.id }, s.ctx.users.manager.token))
        .status,
    ).toBe(403);
  });
});
