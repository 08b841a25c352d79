import { describe, expect, it } from 'vitest';
import { hasProviderBankFor, missingProviderBank } from './provider-banks.ts';

const both = { providerBank: 'bgn', providerBank2: 'eur' };
const none = { providerBank: null, providerBank2: null };

describe("the provider's account of the contract's currency", () => {
  it('asks a EUR contract for the EUR account and a BGN one for the BGN account', () => {
    expect(missingProviderBank('EUR', both)).toBeNull();
    expect(missingProviderBank('EUR', { providerBank: 'bgn', providerBank2: null })).toBe('providerBank2');
    expect(missingProviderBank('BGN', { providerBank: null, providerBank2: 'eur' })).toBe('providerBank');
    expect(missingProviderBank('BGN', { providerBank: 'bgn', providerBank2: undefined })).toBeNull();
  });
  it('takes either account for another currency, and asks for the BGN one when there is none', () => {
    for (const code of ['USD', null, undefined]) {
      expect(missingProviderBank(code, { providerBank: null, providerBank2: 'eur' })).toBeNull();
      expect(missingProviderBank(code, { providerBank: 'bgn', providerBank2: null })).toBeNull();
      expect(missingProviderBank(code, none)).toBe('providerBank');
    }
  });
  it('answers the same as a yes or no', () => {
    expect([
      hasProviderBankFor('EUR', both),
      hasProviderBankFor('EUR', none),
      hasProviderBankFor('BGN', { providerBank: '', providerBank2: 'eur' }),
    ]).toEqual([true, false, false]);
  });
});
