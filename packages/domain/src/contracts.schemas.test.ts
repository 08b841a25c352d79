import { describe, expect, it } from 'vitest';
import {
  contractCancelSchema,
  contractListQuery,
  contractRegisterSchema,
  contractRights,
  contractSaveBanksSchema,
  contractSaveSchema,
  ContractStatus,
  clientContractsQuery,
} from './contracts.schemas.ts';
import { Access } from './roles.ts';

const id = '6f1c1f2e-8d7a-4c61-9a51-3b8f0f4b2a10';
const valid = {
  name: { bg: 'Договор' },
  fromDate: '2026-01-01',
  toDate: '2026-12-31',
  pricePerMonth: 100.5,
  currency: id,
};

const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}:${issue.message}`);

describe('contract schemas', () => {
  it('accepts a minimal contract with defaults', () => {
    const parsed = contractSaveSchema.parse(valid);
    expect(parsed).toMatchObject({
      invoiceMonthlyInterval: 1,
      isAdvance: false,
      customerId: null,
      providerBank: null,
      email: '',
      managingUsers: [],
    });
  });
  it('reports every required field at once', () => {
    expect(issues(contractSaveSchema.safeParse({}))).toEqual(
      expect.arrayContaining([
        'name:field_is_required',
        'fromDate:field_is_required',
        'toDate:field_is_required',
        'currency:field_is_required',
        'pricePerMonth:field_is_required',
      ]),
    );
  });
  it('checks the period, the dates and the interval', () => {
    expect(issues(contractSaveSchema.safeParse({ ...valid, toDate: '2025-12-31' }))).toEqual([
      'toDate:end_date_before_start_date',
    ]);
    expect(issues(contractSaveSchema.safeParse({ ...valid, invoiceMonthlyInterval: 2 }))).toEqual([
      'invoiceMonthlyInterval:invalid_value',
    ]);
    expect(contractSaveSchema.parse({ ...valid, invoiceMonthlyInterval: 12 }).invoiceMonthlyInterval).toBe(12);
    expect(issues(contractSaveSchema.safeParse({ ...valid, pricePerMonth: 1.234 }))).toEqual([
      'pricePerMonth:invalid_value',
    ]);
    expect(issues(contractSaveSchema.safeParse({ ...valid, name: { bg: ' ' } }))).toEqual([
      'name.bg:field_is_required',
    ]);
  });
  it('reads the list filter and its aliases', () => {
    expect(contractListQuery.parse({ clientId: id, status: 3, bulstat: '' })).toMatchObject({
      customerId: id,
      status: 3,
      bulstat: undefined,
    });
    expect(contractListQuery.parse({ status: null }).status).toBeUndefined();
    expect(contractListQuery.safeParse({ status: 4 }).success).toBe(false);
  });
  it('names the contract of a transition and requires a cancellation reason', () => {
    expect(contractRegisterSchema.parse({ _id: id, name: { bg: 'x' } })).toEqual({ contractId: id });
    expect(issues(contractCancelSchema.safeParse({ contractId: id }))).toEqual(['cancelationReason:field_is_required']);
    expect(contractCancelSchema.parse({ contractId: id, reason: ' end ' })).toEqual({
      contractId: id,
      cancelationReason: 'end',
    });
  });
  it('defaults getClientContracts to registered contracts', () => {
    expect(clientContractsQuery.parse({ clientId: id }).statuses).toEqual([ContractStatus.registered]);
  });
  it('gives rights by role and status', () => {
    expect(contractRights(Access.manager, ContractStatus.draft)).toMatchObject({
      canEdit: true,
      canRegister: true,
      canUnregister: false,
      canSeePrices: true,
    });
    expect(contractRights(Access.employee, ContractStatus.draft)).toMatchObject({
      canEdit: false,
      canSeePrices: false,
      canEditDocuments: false,
    });
    expect(contractRights(Access.admin, ContractStatus.canceled)).toMatchObject({
      canUnregister: true,
      canEditDocuments: false,
      canCancel: false,
    });
    expect(contractRights(Access.admin, ContractStatus.expired)).toMatchObject({
      canUnregister: true,
      canCancel: false,
    });
  });
  it('lets management change the banks of a registered or expired contract only', () => {
    for (const access of [Access.admin, Access.manager]) {
      expect([0, 1, 2, 3].map((status) => contractRights(access, status).canChangeBanks)).toEqual([
        false,
        true,
        false,
        true,
      ]);
    }
    for (const access of [Access.employee, Access.accountant, Access.client])
      expect(contractRights(access, ContractStatus.registered).canChangeBanks).toBe(false);
  });
  it('takes the banks only in saveBanks: missing keeps, null or blank clears, any other field is refused', () => {
    expect(contractSaveBanksSchema.parse({ contractId: id, bank: id, bank2: null })).toEqual({
      contractId: id,
      bank: id,
      bank2: null,
    });
    expect(contractSaveBanksSchema.parse({ _id: id, bank2: '' })).toEqual({
      contractId: id,
      bank: undefined,
      bank2: null,
    });
    expect(
      issues(contractSaveBanksSchema.safeParse({ contractId: id, bank: id, name: { bg: 'X' }, pricePerMonth: 1 })),
    ).toEqual(['name:contract_only_banks_change', 'pricePerMonth:contract_only_banks_change']);
    expect(issues(contractSaveBanksSchema.safeParse({ bank: 'x' }))).toEqual([
      'bank:invalid_value',
      'contractId:field_is_required',
    ]);
  });
});
