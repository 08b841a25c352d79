import { Access } from '@kantora/domain';
import { describe, expect, it } from 'vitest';
import { tabsFor } from '../../components/ui/tab-registry.ts';
import { CLIENT_TABS } from './client-tabs.ts';

const keys = (access: number) => tabsFor(CLIENT_TABS, access).map((tab) => tab.key);

describe('the client tab registry', () => {
  it('gives management the nine tabs in their order', () => {
    const all = [
      'banks',
      'offices',
      'contracts',
      'timesheets',
      'invoices',
      'proformaInvoices',
      'documentsFlow',
      'statement',
      'access',
    ];
    expect(keys(Access.admin)).toEqual(all);
    expect(keys(Access.manager)).toEqual(all);
  });
  it('gives an accountant banks, offices, contracts, invoices, the document flow and the statement, an employee offices, contracts, timesheets and the document flow, a client nothing', () => {
    expect(keys(Access.accountant)).toEqual([
      'banks',
      'offices',
      'contracts',
      'invoices',
      'documentsFlow',
      'statement',
    ]);
    expect(keys(Access.employee)).toEqual(['offices', 'contracts', 'timesheets', 'documentsFlow']);
    expect(keys(Access.client)).toEqual([]);
  });
  it('has unique keys', () => {
    expect(new Set(CLIENT_TABS.map((tab) => tab.key)).size).toBe(CLIENT_TABS.length);
  });
});
