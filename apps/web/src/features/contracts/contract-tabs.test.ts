import { Access } from '@kantora/domain';
import { describe, expect, it } from 'vitest';
import { CONTRACT_TABS, contractTabsFor } from './contract-tabs.ts';

const keys = (access: number, saved = true) => contractTabsFor(CONTRACT_TABS, access, saved).map((tab) => tab.key);

describe('the contract tab registry', () => {
  it('gives every staff role details, services and documents on a saved contract, management the invoices and proformas, and timesheets to those who record them', () => {
    for (const access of [Access.admin, Access.manager])
      expect(keys(access)).toEqual(['details', 'services', 'documents', 'invoices', 'proformaInvoices', 'timesheets']);
    expect(keys(Access.employee)).toEqual(['details', 'services', 'documents', 'timesheets']);
    expect(keys(Access.accountant)).toEqual(['details', 'services', 'documents']);
    expect(keys(Access.client)).toEqual([]);
  });
  it('shows only the details on a new contract', () => {
    expect(keys(Access.manager, false)).toEqual(['details']);
  });
  it('has unique keys, details first', () => {
    expect(new Set(CONTRACT_TABS.map((tab) => tab.key)).size).toBe(CONTRACT_TABS.length);
    expect(CONTRACT_TABS[0].key).toBe('details');
  });
});
