import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { raceIt } from './concurrency.ts';
import { contractServices, logs } from '../src/db/schema/index.ts';
import { addService, type ContractSetup, contractIn, createContract, setUpContracts } from './contracts-fixtures.ts';
import { call } from './helpers.ts';

/**
 * Transitions that race: the contract's row lock and the conditional update let exactly one win. PGlite runs one
 * session (no two transactions at once), so the races are real on a PostgreSQL server; on PGlite the same calls
 * still answer one 200 and 409s.
 */
let s: ContractSetup;
beforeAll(async () => {
  s = await setUpContracts();
});
afterAll(() => s.ctx.close());

const statuses = (responses: Array<{ status: number }>) => responses.map((r) => r.status).sort();
const logRows = async (doc: string, action: string) =>
  (await s.ctx.database.db.select().from(logs).where(eq(logs.doc, doc))).filter((row) => row.action === action).length;

describe('concurrent transitions', () => {
  raceIt('two registers at once: one registers, the other answers 409, one Log row', async () => {
    for (let round = 0; round < 3; round += 1) {
      const draft = await contractIn(s, 'draft');
      const responses = await Promise.all(
        [0, 1].map(() => call(s.ctx, 'POST', '/api/contracts/register', { contractId: draft._id })),
      );
      expect(statuses(responses)).toEqual([200, 409]);
      expect(responses.find((r) => r.status === 409)!.body.Message).toBe('contract_not_draft');
      expect(await logRows(draft._id, 'register')).toBe(1);
    }
  });

  raceIt('cancel and deregister at once: exactly one wins and the contract ends in its state', async () => {
    for (let round = 0; round < 3; round += 1) {
      const registered = await contractIn(s, 'registered');
      const [canceled, deregistered] = await Promise.all([
        call(
          s.ctx,
          'POST',
          '/api/contracts/cancel',
          { contractId: registered._id, cancelationReason: 'Край' },
          s.ctx.users.manager.token,
        ),
        call(s.ctx, 'POST', '/api/contracts/deregister', { contractId: registered._id }),
      ]);
      const final = (await call(s.ctx, 'GET', `/api/contracts/${registered._id}`)).body.Result.status;
      // Cancel first then deregister: both succeed in order (draft); deregister first: cancel finds a draft (409).
      if (canceled.status === 200) expect([deregistered.status, final]).toEqual([200, 0]);
      else
        expect([canceled.status, canceled.body.Message, deregistered.status, final]).toEqual([
          409,
          'contract_not_registered',
          200,
          0,
        ]);
    }
  });

  raceIt('two cancels at once: one cancels, the other answers 409', async () => {
    const registered = await contractIn(s, 'registered');
    const responses = await Promise.all(
      ['Първа', 'Втора'].map((reason) =>
        call(s.ctx, 'POST', '/api/contracts/cancel', { contractId: registered._id, cancelationReason: reason }),
      ),
    );
    expect(statuses(responses)).toEqual([200, 409]);
    expect(await logRows(registered._id, 'cancel')).toBe(1);
  });

  raceIt('register against removing the last service: never a registered contract without services', async () => {
    for (let round = 0; round < 6; round += 1) {
      const draft = await createContract(s);
      const row = await addService(s, draft._id);
      const [registered, removed] = await Promise.all([
        call(s.ctx, 'POST', '/api/contracts/register', { contractId: draft._id }),
        call(s.ctx, 'POST', '/api/contract-services/removeServiceFromContract', { contractServiceId: row._id }),
      ]);
      const left = await s.ctx.database.db
        .select()
        .from(contractServices)
        .where(eq(contractServices.contractId, draft._id));
      const status = (await call(s.ctx, 'GET', `/api/contracts/${draft._id}`)).body.Result.status;
      if (registered.status === 200)
        expect([removed.status, removed.body.Message, status, left.length]).toEqual([409, 'contract_not_draft', 1, 1]);
      else
        expect([registered.body.Message, removed.status, status, left.length]).toEqual([
          'please_enter_services_contract',
          200,
          0,
          0,
        ]);
    }
  });

  raceIt('two adds of the same service at once: one row', async () => {
    const draft = await createContract(s);
    const responses = await Promise.all(
      [0, 1].map(() =>
        call(s.ctx, 'POST', '/api/contract-services/addServiceToContract', {
          contractId: draft._id,
          serviceId: s.services.second,
        }),
      ),
    );
    expect(statuses(responses)).toEqual([200, 409]);
    expect(
      await s.ctx.database.db.select().from(contractServices).where(eq(contractServices.contractId, draft._id)),
    ).toHaveLength(1);
  });
});
