/**
 * The provider's banks of a contract through HTTP: a new contract gets the own company's default BGN and EUR
 * accounts, registering needs the account of the contract's currency (the billing run's rule), and management changes
 * the banks (only them) of a registered contract with POST /api/contracts/saveBanks.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addService,
  type ContractSetup,
  contractIn,
  createContract,
  EUR_IBAN,
  errorsOf,
  setUpContracts,
  t,
} from './contracts-fixtures.ts';
import { call, logsOf } from './helpers.ts';

let s: ContractSetup;
/** A second EUR account of the own company (not a default). */
let otherEur: string;
beforeAll(async () => {
  s = await setUpContracts();
  // The fixture's own accounts become the defaults (BGN `default`, EUR `default2`).
  for (const [id, flag] of [
    [s.providerBank, 'default'],
    [s.providerBank2, 'default2'],
  ] as const) {
    const bank = (await call(s.ctx, 'GET', `/api/banks/${id}`)).body.Result;
    const saved = await call(s.ctx, 'POST', '/api/banks/save', { ...bank, [flag]: true });
    if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  }
  const other = await call(s.ctx, 'POST', '/api/banks/save', {
    myCompanyId: s.myCompany,
    name: t('ДСК EUR', 'DSK EUR'),
    address: t('София', 'Sofia'),
    iban: EUR_IBAN,
    currency: s.eur,
  });
  if (other.status !== 200) throw new Error(JSON.stringify(other.body));
  otherEur = other.body.Result._id;
});
afterAll(() => s.ctx.close());

const manager = () => s.ctx.users.manager.token;
const register = (contractId: string) => call(s.ctx, 'POST', '/api/contracts/register', { contractId }, manager());
const saveBanks = (body: Record<string, unknown>, token = manager()) =>
  call(s.ctx, 'POST', '/api/contracts/saveBanks', body, token);
const get = async (id: string) => (await call(s.ctx, 'GET', `/api/contracts/${id}`)).body.Result;

describe("a new contract's provider banks", () => {
  it("takes the own company's default BGN and EUR accounts when saved without them", async () => {
    const draft = await createContract(s, { providerBank: null, providerBank2: null });
    expect(draft).toMatchObject({
      providerBank: s.providerBank,
      providerBank2: s.providerBank2,
      provider: {
        bank: { bankId: s.providerBank, currency: 'BGN' },
        bank2: { bankId: s.providerBank2, currency: 'EUR' },
      },
    });
    // Left out of the body is the same as null.
    const {
      providerBank: _b,
      providerBank2: _b2,
      ...body
    } = {
      name: t('Без банки', 'Senza banche'),
      fromDate: '2026-01-01',
      toDate: '2099-12-31',
      pricePerMonth: 10,
      currency: s.eur,
      providerBank: null,
      providerBank2: null,
    };
    const bare = await call(s.ctx, 'POST', '/api/contracts/save', body, manager());
    expect([bare.status, bare.body.Result.providerBank, bare.body.Result.providerBank2]).toEqual([
      200,
      s.providerBank,
      s.providerBank2,
    ]);
  });

  it('keeps a bank the body chooses and fills only the missing one; a saved draft is not filled again', async () => {
    const draft = await createContract(s, { providerBank: null, providerBank2: otherEur });
    expect([draft.providerBank, draft.providerBank2]).toEqual([s.providerBank, otherEur]);
    const cleared = await call(
      s.ctx,
      'POST',
      '/api/contracts/save',
      { ...(await get(draft._id)), _id: draft._id, providerBank: null, providerBank2: null, currency: s.eur },
      manager(),
    );
    expect([cleared.status, cleared.body.Result.providerBank, cleared.body.Result.providerBank2]).toEqual([
      200,
      null,
      null,
    ]);
  });
});

describe('register needs the provider account of the contract currency', () => {
  it('refuses a EUR contract without the EUR account (400 on providerBank2), then registers it once chosen', async () => {
    const draft = await createContract(s);
    await addService(s, draft._id);
    await call(
      s.ctx,
      'POST',
      '/api/contracts/save',
      { ...(await get(draft._id)), _id: draft._id, providerBank2: null },
      manager(),
    );
    const refused = await register(draft._id);
    expect([refused.status, refused.body.Type, refused.body.Message, errorsOf(refused.body)]).toEqual([
      400,
      0,
      'no_provider_bank_in_currency',
      { providerBank2: 'no_provider_bank_in_currency' },
    ]);
    expect((await get(draft._id)).status).toBe(0);

    const chosen = await call(
      s.ctx,
      'POST',
      '/api/contracts/save',
      { ...(await get(draft._id)), _id: draft._id, providerBank2: otherEur },
      manager(),
    );
    expect(chosen.status).toBe(200);
    const registered = await register(draft._id);
    expect([registered.status, registered.body.Result.status, registered.body.Result.provider.bank2.bankId]).toEqual([
      200,
      1,
      otherEur,
    ]);
  });

  it('asks a BGN contract for the BGN account (providerBank), not the EUR one', async () => {
    const draft = await createContract(s, { currency: s.bgn });
    await addService(s, draft._id);
    await call(
      s.ctx,
      'POST',
      '/api/contracts/save',
      { ...(await get(draft._id)), _id: draft._id, providerBank: null, providerBank2: s.providerBank2 },
      manager(),
    );
    const refused = await register(draft._id);
    expect([refused.status, refused.body.Message, errorsOf(refused.body)]).toEqual([
      400,
      'no_provider_bank_in_currency',
      { providerBank: 'no_provider_bank_in_currency' },
    ]);
    await call(
      s.ctx,
      'POST',
      '/api/contracts/save',
      { ...(await get(draft._id)), _id: draft._id, providerBank: s.providerBank, providerBank2: null },
      manager(),
    );
    expect((await register(draft._id)).status).toBe(200);
  });
});

describe('POST /api/contracts/saveBanks', () => {
  it("changes only the provider's banks of a registered contract, with a Log row of the old and new contract", async () => {
    const contract = await contractIn(s, 'registered');
    // The own company changes after registering: the frozen snapshot keeps its old name, only the banks follow.
    const own = (await call(s.ctx, 'GET', '/api/settings/myCompany/get')).body.Result;
    const renamed = await call(s.ctx, 'POST', '/api/settings/myCompany/save', {
      ...own,
      name: t('Кантора Ново ООД', 'Kantora Nuovo Srl'),
    });
    expect(renamed.status).toBe(200);
    const before = await get(contract._id);
    const logsBefore = (await logsOf(s.ctx, contract._id)).length;

    const response = await saveBanks({ contractId: contract._id, bank: s.providerBank, bank2: otherEur });
    expect([response.status, response.body.Type, response.body.Message]).toEqual([200, 1, 'saved_successfully']);
    const after = response.body.Result;
    expect(after).toMatchObject({ providerBank: s.providerBank, providerBank2: otherEur, status: 1 });
    expect(after.provider.bank2).toMatchObject({
      bankId: otherEur,
      name: t('ДСК EUR', 'DSK EUR'),
      iban: EUR_IBAN,
      currency: 'EUR',
    });
    // Everything else is as before: the rest of the provider snapshot, the customer, the details, the stamps.
    const { providerBank2: _a, provider: oldProvider, updated: _u, ...restBefore } = before;
    // (the manager's answer, the admin's reads: rights aside, the same contract)
    const { providerBank2: _c, provider: newProvider, updated: _v, ...restAfter } = { ...after, rights: before.rights };
    expect(restAfter).toEqual(restBefore);
    expect({ ...newProvider, bank2: null }).toEqual({ ...oldProvider, bank2: null });
    expect(newProvider.name).toEqual(t('Кантора ООД', 'Kantora Srl'));
    expect(await get(contract._id)).toEqual({ ...after, rights: before.rights });

    const logs = await logsOf(s.ctx, contract._id);
    expect(logs).toHaveLength(logsBefore + 1);
    const log = logs.at(-1)!;
    expect(log).toMatchObject({ name: 'Contract', model: 'contracts', type: 'update', action: 'saveBanks' });
    const documents = log.documents as {
      old: { providerBank2: string; provider: { bank2: { bankId: string } } };
      new: { providerBank2: string; provider: { bank2: { bankId: string } } };
    };
    expect([
      documents.old.providerBank2,
      documents.old.provider.bank2.bankId,
      documents.new.providerBank2,
      documents.new.provider.bank2.bankId,
    ]).toEqual([s.providerBank2, s.providerBank2, otherEur, otherEur]);
    await call(s.ctx, 'POST', '/api/settings/myCompany/save', own);
  });

  it('keeps a bank left out of the body, and lets the admin change them too', async () => {
    const contract = await contractIn(s, 'registered');
    const response = await saveBanks({ contractId: contract._id, bank2: otherEur }, s.ctx.users.admin.token);
    expect([response.status, response.body.Result.providerBank, response.body.Result.providerBank2]).toEqual([
      200,
      s.providerBank,
      otherEur,
    ]);
  });

  it('refuses employees, accountants and clients (403) and changes nothing', async () => {
    const contract = await contractIn(s, 'registered');
    for (const role of ['employee', 'accountant', 'client'] as const) {
      const response = await saveBanks({ contractId: contract._id, bank2: otherEur }, s.ctx.users[role].token);
      expect([role, response.status, response.body.Type]).toEqual([role, 403, 0]);
    }
    expect((await get(contract._id)).providerBank2).toBe(s.providerBank2);
  });

  it('refuses any other field (400 contract_only_banks_change on it) and changes nothing', async () => {
    const contract = await contractIn(s, 'registered');
    const response = await saveBanks({
      contractId: contract._id,
      bank2: otherEur,
      pricePerMonth: 1,
      name: t('Друго', 'Altro'),
      providerBank2: otherEur,
    });
    expect([response.status, response.body.Message, errorsOf(response.body)]).toEqual([
      400,
      'contract_only_banks_change',
      {
        pricePerMonth: 'contract_only_banks_change',
        name: 'contract_only_banks_change',
        providerBank2: 'contract_only_banks_change',
      },
    ]);
    expect(await get(contract._id)).toMatchObject({
      providerBank2: s.providerBank2,
      pricePerMonth: 450.25,
      name: t('Счетоводно обслужване', 'Servizi contabili'),
    });
  });

  it("keeps the account of the contract's currency and checks the accounts as a save does", async () => {
    const contract = await contractIn(s, 'registered');
    const cleared = await saveBanks({ contractId: contract._id, bank2: null });
    expect([cleared.status, cleared.body.Message, errorsOf(cleared.body)]).toEqual([
      400,
      'no_provider_bank_in_currency',
      { bank2: 'no_provider_bank_in_currency' },
    ]);
    const wrongCurrency = await saveBanks({ contractId: contract._id, bank2: s.providerBank });
    expect([wrongCurrency.status, errorsOf(wrongCurrency.body)]).toEqual([
      400,
      { bank2: 'default_bank_currency_mismatch' },
    ]);
    const clientBank = await saveBanks({ contractId: contract._id, bank: s.visibleBank });
    expect([clientBank.status, errorsOf(clientBank.body)]).toEqual([400, { bank: 'invalid_value' }]);
    // The BGN account of a EUR contract may go.
    const noBgn = await saveBanks({ contractId: contract._id, bank: null });
    expect([noBgn.status, noBgn.body.Result.providerBank, noBgn.body.Result.provider.bank]).toEqual([200, null, null]);
  });

  it('answers 409 for a canceled contract or a draft, 404 for an unknown one, 400 without the contract', async () => {
    const canceled = await contractIn(s, 'canceled');
    const refused = await saveBanks({ contractId: canceled._id, bank2: otherEur });
    expect([refused.status, refused.body.Message]).toEqual([409, 'contract_canceled']);
    expect((await get(canceled._id)).providerBank2).toBe(s.providerBank2);
    const draft = await contractIn(s, 'draft');
    expect([(await saveBanks({ contractId: draft._id, bank2: otherEur })).body.Message]).toEqual(['contract_is_draft']);
    const unknown = await saveBanks({ contractId: randomUUID(), bank2: otherEur });
    expect([unknown.status, unknown.body.Message]).toEqual([404, 'the_contract_was_not_found']);
    const missing = await saveBanks({ bank2: otherEur });
    expect([missing.status, errorsOf(missing.body)]).toEqual([400, { contractId: 'field_is_required' }]);
  });

  it('changes the banks of an expired contract too', async () => {
    const contract = await contractIn(s, 'registered', { fromDate: '2024-01-01', toDate: '2024-12-31' });
    expect((await get(contract._id)).status).toBe(3);
    expect((await saveBanks({ contractId: contract._id, bank2: otherEur })).status).toBe(200);
  });

  it("gives a registered contract without the currency's account (older data) its bank back", async () => {
    const contract = await contractIn(s, 'registered');
    await s.ctx.database.db.execute(
      sql`update contracts set provider_bank2_id = null, provider = jsonb_set(provider, '{bank2}', 'null') where id = ${contract._id}`,
    );
    const response = await saveBanks({ contractId: contract._id, bank2: s.providerBank2 });
    expect([response.status, response.body.Result.providerBank2, response.body.Result.provider.bank2.bankId]).toEqual([
      200,
      s.providerBank2,
      s.providerBank2,
    ]);
  });
});
