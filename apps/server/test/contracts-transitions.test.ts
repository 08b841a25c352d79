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
import { call, logsOf } from './helpers.ts';

let s: ContractSetup;
beforeAll(async () => {
  s = await setUpContracts();
});
afterAll(() => s.ctx.close());

const register = (contractId: string, token = s.ctx.users.manager.token) =>
  call(s.ctx, 'POST', '/api/contracts/register', { contractId }, token);
const cancel = (contractId: string, cancelationReason?: string, token = s.ctx.users.manager.token) =>
  call(s.ctx, 'POST', '/api/contracts/cancel', { contractId, cancelationReason }, token);
const deregister = (contractId: string, token = s.ctx.users.admin.token) =>
  call(s.ctx, 'POST', '/api/contracts/deregister', { contractId }, token);

describe('register', () => {
  it('registers a draft with a customer and a service: stamps, frozen snapshots, a Log row', async () => {
    const draft = await contractIn(s, 'draft');
    const response = await register(draft._id);
    expect(response.status).toBe(200);
    expect(response.body.Result).toMatchObject({
      status: 1,
      issued: true,
      registeredByName: { bg: expect.any(String) },
      servicesCount: 1,
      rights: { canEdit: false, canCancel: true, canUnregister: false },
    });
    expect(Date.parse(response.body.Result.registeredOn)).toBeGreaterThan(Date.now() - 60_000);
    const logs = await logsOf(s.ctx, draft._id);
    expect(logs.at(-1)).toMatchObject({ name: 'Contract', action: 'register', type: 'update' });
    expect((logs.at(-1)!.documents as { old: { status: number }; new: { status: number } }).old.status).toBe(0);
    expect((logs.at(-1)!.documents as { new: { status: number } }).new.status).toBe(1);

    // A later change of the client or the own company does not reach the registered contract.
    const client = (await call(s.ctx, 'GET', `/api/companies/${s.visible}`)).body.Result;
    await call(s.ctx, 'POST', '/api/companies/save', {
      ...client,
      name: t('Видим Ново ООД', 'Visibile Nuovo Srl'),
      referent: null,
    });
    const view = (await call(s.ctx, 'GET', `/api/contracts/${draft._id}`)).body.Result;
    expect(view.customer.name).toEqual(t('Видим ООД', 'Visibile Srl'));
    expect(view.companyName).toEqual(t('Видим ООД', 'Visibile Srl'));
    await call(s.ctx, 'POST', '/api/companies/save', { ...client, referent: null });
  });

  it('takes the snapshots again on register (a draft follows the client until then)', async () => {
    const draft = await contractIn(s, 'draft');
    const client = (await call(s.ctx, 'GET', `/api/companies/${s.visible}`)).body.Result;
    await call(s.ctx, 'POST', '/api/companies/save', {
      ...client,
      name: t('Видим Преди ООД', 'Visibile Prima Srl'),
      referent: null,
    });
    const registered = (await register(draft._id)).body.Result;
    expect(registered.customer.name).toEqual(t('Видим Преди ООД', 'Visibile Prima Srl'));
    await call(s.ctx, 'POST', '/api/companies/save', { ...client, referent: null });
  });

  it('refuses an employee and an accountant (403) and changes nothing', async () => {
    const draft = await contractIn(s, 'draft');
    for (const role of ['employee', 'accountant', 'client'] as const) {
      const response = await register(draft._id, s.ctx.users[role].token);
      expect([response.status, response.body.Type]).toEqual([403, 0]);
    }
    expect((await call(s.ctx, 'GET', `/api/contracts/${draft._id}`)).body.Result.status).toBe(0);
  });

  it('needs a service: please_enter_services_contract', async () => {
    const draft = await createContract(s);
    const response = await register(draft._id);
    expect([response.status, response.body.Message, errorsOf(response.body)]).toEqual([
      400,
      'please_enter_services_contract',
      { services: 'please_enter_services_contract' },
    ]);
  });

  it('needs a customer: please_select_side2_contract', async () => {
    const draft = await createContract(s, { customerId: null, customerBank: null });
    await addService(s, draft._id);
    const response = await register(draft._id);
    expect([response.status, response.body.Message, errorsOf(response.body)]).toEqual([
      400,
      'please_select_side2_contract',
      { customerId: 'please_select_side2_contract' },
    ]);
  });

  it('refuses to register twice (409) and answers 404 for an unknown contract', async () => {
    const registered = await contractIn(s, 'registered');
    const again = await register(registered._id);
    expect([again.status, again.body.Message]).toEqual([409, 'contract_not_draft']);
    const unknown = await register(randomUUID());
    expect([unknown.status, unknown.body.Message]).toEqual([404, 'the_contract_was_not_found']);
    const missing = await call(s.ctx, 'POST', '/api/contracts/register', {}, s.ctx.users.manager.token);
    expect([missing.status, errorsOf(missing.body)]).toEqual([400, { contractId: 'field_is_required' }]);
  });
});

describe('cancel', () => {
  it('cancels a registered contract with the reason, stamped and logged', async () => {
    const registered = await contractIn(s, 'registered');
    const response = await call(
      s.ctx,
      'POST',
      '/api/contracts/cancel',
      { _id: registered._id, reason: 'Прекратен по взаимно съгласие' },
      s.ctx.users.manager.token,
    );
    expect(response.status).toBe(200);
    expect(response.body.Result).toMatchObject({
      status: 2,
      cancelationReason: 'Прекратен по взаимно съгласие',
      canceledByName: { bg: expect.any(String) },
      rights: { canEditDocuments: false, canCancel: false },
    });
    expect(response.body.Result.canceledOn).toEqual(expect.any(String));
    expect((await logsOf(s.ctx, registered._id)).at(-1)).toMatchObject({ action: 'cancel' });
  });

  it('requires a reason (400) and a registered contract (409)', async () => {
    const registered = await contractIn(s, 'registered');
    for (const reason of [undefined, '', '   ']) {
      const response = await cancel(registered._id, reason);
      expect([response.status, response.body.Message, errorsOf(response.body)]).toEqual([
        400,
        'field_is_required',
        { cancelationReason: 'field_is_required' },
      ]);
    }
    const draft = await contractIn(s, 'draft');
    const onDraft = await cancel(draft._id, 'Причина');
    expect([onDraft.status, onDraft.body.Message]).toEqual([409, 'contract_not_registered']);
    const canceled = await contractIn(s, 'canceled');
    expect((await cancel(canceled._id, 'Отново')).status).toBe(409);
    const expired = await contractIn(s, 'registered', { fromDate: '2024-01-01', toDate: '2025-06-30' });
    expect(expired.status).toBe(3);
    expect((await cancel(expired._id, 'Изтекъл')).body.Message).toBe('contract_not_registered');
  });

  it('refuses an employee (403)', async () => {
    const registered = await contractIn(s, 'registered');
    expect((await cancel(registered._id, 'Причина', s.ctx.users.employee.token)).status).toBe(403);
  });
});

describe('deregister', () => {
  it('returns a registered, expired or canceled contract to draft (admin), clearing the stamps', async () => {
    for (const [state, extra] of [
      ['registered', {}],
      ['canceled', {}],
      ['registered', { fromDate: '2024-01-01', toDate: '2025-06-30' }],
    ] as const) {
      const contract = await contractIn(s, state, extra);
      const response = await deregister(contract._id);
      expect(response.status).toBe(200);
      expect(response.body.Result).toMatchObject({
        status: 0,
        issued: false,
        registeredOn: null,
        registeredByName: null,
        canceledOn: null,
        cancelationReason: '',
        rights: { canEdit: true },
      });
      expect((await logsOf(s.ctx, contract._id)).at(-1)).toMatchObject({ action: 'deregister' });
      // A draft again: editable, and registrable once more.
      expect(
        (
          await call(s.ctx, 'POST', '/api/contracts/save', {
            ...response.body.Result,
            currency: s.eur,
            pricePerMonth: 10,
          })
        ).status,
      ).toBe(200);
    }
  });

  it('is admin only (403 for a manager) and refuses a draft (409)', async () => {
    const registered = await contractIn(s, 'registered');
    const asManager = await deregister(registered._id, s.ctx.users.manager.token);
    expect([asManager.status, asManager.body.Type]).toEqual([403, 0]);
    expect((await call(s.ctx, 'GET', `/api/contracts/${registered._id}`)).body.Result.status).toBe(1);
    const draft = await contractIn(s, 'draft');
    const onDraft = await deregister(draft._id);
    expect([onDraft.status, onDraft.body.Message]).toEqual([409, 'contract_is_draft']);
  });
});
