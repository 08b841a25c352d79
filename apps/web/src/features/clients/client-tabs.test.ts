import { Access } from '@kantora/domain';
import { describe, expect, it } from 'vitest';
import { tabsFor } from '../../components/tab-registry.ts';
import { CLIENT_TABS } from './client-tabs.ts';

const keys = (access: number) => tabsFor(CLIENT_TABS, access).map((tab) => tab.key);

describe('the client tab registry', () => {
  it('gives management banks, offices and access', () => {
    expect(keys(Access.admin)).toEqual(['banks', 'offices', 'access']);
    expect(keys(Access.manager)).toEqual(['banks', 'offices', 'access']);
  });
  it('gives an accountant banks and offices, an employee offices only, a client nothing', () => {
    expect(keys(Access.accountant)).toEqual(['banks', 'offices']);
    expect(keys(Access.employee)).toEqual(['offices']);
    expect(keys(Access.client)).toEqual([]);
  });
  it('has unique keys', () => {
    expect(new Set(CLIENT_TABS.map((tab) => tab.key)).size).toBe(CLIENT_TABS.length);
  });
});
