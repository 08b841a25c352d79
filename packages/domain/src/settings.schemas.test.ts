import { describe, expect, it } from 'vitest';
import { documentListQuery, documentSaveSchema } from './documents.schemas.ts';
import { isValidBic, isValidIban, makeIban } from './iban.ts';
import { logListQuery } from './logs.schemas.ts';
import {
  bankSaveSchema,
  currencyCodeByName,
  currencySaveSchema,
  effectiveCurrencyCode,
  myCompanySaveSchema,
  registerNumbersSaveSchema,
  serviceSaveSchema,
  vatTypeCategoryError,
  vatTypeSaveSchema,
} from './settings.schemas.ts';
import { userSaveSchema } from './users.schemas.ts';

type Parsed = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const errors = (result: Parsed) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
const id = '7d1f0c4e-2b0a-4c8e-9a51-0f6b7c1d2e3f';
const t = (bg: string, it: string) => ({ bg, it });

describe('IBAN and BIC', () => {
  it('checks the ISO 13616 mod-97 digits and the country length', () => {
    expect(isValidIban('BG80BNBG96611020345678')).toBe(true);
    expect(isValidIban('bg80 bnbg 9661 1020 3456 78')).toBe(true);
    expect(isValidIban('IT60X0542811101000000123456')).toBe(true);
    expect(isValidIban('BG81BNBG96611020345678')).toBe(false);
    expect(isValidIban('BG80BNBG9661102034567')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });
  it('computes check digits', () => {
    expect(makeIban('BG', 'BNBG96611020345678')).toBe('BG80BNBG96611020345678');
    expect(isValidIban(makeIban('BG', 'UNCR70001520345678'))).toBe(true);
  });
  it('checks BIC shapes', () => {
    expect(isValidBic('UNCRBGSF')).toBe(true);
    expect(isValidBic('UNCRBGSFXXX')).toBe(true);
    expect(isValidBic('UNCRBG')).toBe(false);
  });
});

describe('settings schemas', () => {
  it('bank: normalises the IBAN and needs exactly one owner', () => {
    const bank = {
      name: t('Банка', 'Banca'),
      address: t('София', 'Sofia'),
      iban: 'bg80 bnbg 9661 1020 3456 78',
      currency: id,
    };
    expect(bankSaveSchema.parse({ ...bank, myCompanyId: id })).toMatchObject({
      iban: 'BG80BNBG96611020345678',
      bic: '',
      default: false,
      default2: false,
    });
    expect(errors(bankSaveSchema.safeParse(bank))).toEqual({ myCompanyId: 'field_is_required' });
    expect(errors(bankSaveSchema.safeParse({ ...bank, myCompanyId: id, companyId: id, iban: 'BG00' }))).toEqual({
      iban: 'iban_invalid',
      myCompanyId: 'field_is_required',
    });
  });
  it('currency: upper-case code and the fixed rates of BGN and EUR', () => {
    expect(currencySaveSchema.parse({ name: t('Евро', 'Euro'), code: ' eur ', exchangeRate: 1.95583 })).toMatchObject({
      code: 'EUR',
    });
    expect(errors(currencySaveSchema.safeParse({ name: t('Лев', 'Lev'), code: 'BGN', exchangeRate: 1.1 }))).toEqual({
      exchangeRate: 'currency_rate_fixed',
    });
    expect(errors(currencySaveSchema.safeParse({ name: t('Лев', 'Lev'), code: '' }))).toEqual({
      exchangeRate: 'field_is_required',
    });
  });
  it('currency: the code is optional (blank is none, left out stays out); BGN and EUR are recognised by name too', () => {
    expect(currencySaveSchema.parse({ name: t('Йена', 'Yen'), exchangeRate: 0.012 }).code).toBeUndefined();
    expect(currencySaveSchema.parse({ name: t('Йена', 'Yen'), code: '  ', exchangeRate: 0.012 }).code).toBeNull();
    expect(errors(currencySaveSchema.safeParse({ name: t('Йена', 'Yen'), code: 'JP', exchangeRate: 0.012 }))).toEqual({
      code: 'invalid_value',
    });
    expect(errors(currencySaveSchema.safeParse({ name: t('Евро', 'Euro'), exchangeRate: 2 }))).toEqual({
      exchangeRate: 'currency_rate_fixed',
    });
    expect(errors(currencySaveSchema.safeParse({ name: t(' лв. ', 'Lev'), exchangeRate: 2 }))).toEqual({
      exchangeRate: 'currency_rate_fixed',
    });
    expect(currencyCodeByName(t('Български лев', 'Lev bulgaro'))).toBe('BGN');
    expect(currencyCodeByName(t('Евро', 'Lev'))).toBeUndefined();
    expect(effectiveCurrencyCode('USD', t('Евро', 'Euro'))).toBe('USD');
    expect(effectiveCurrencyCode(null, t('€', ''))).toBe('EUR');
  });
  it('service: price is money with two decimals', () => {
    expect(errors(serviceSaveSchema.safeParse({ name: t('a', 'a'), code: 'X', price: 1.001 }))).toEqual({
      price: 'invalid_value',
    });
    expect(serviceSaveSchema.parse({ name: t('a', 'a'), code: 'X', price: 0 }).description).toEqual(t('', ''));
  });
  it('register numbers: positive integers of at most 10 digits', () => {
    expect(registerNumbersSaveSchema.safeParse({ invoices: 9_999_999_999, proformaInvoices: 1 }).success).toBe(true);
    expect(errors(registerNumbersSaveSchema.safeParse({ invoices: 10_000_000_000, proformaInvoices: 0 }))).toEqual({
      invoices: 'invalid_value',
      proformaInvoices: 'invalid_value',
    });
  });
});

describe('user schema', () => {
  const user = { firstName: t('Петър', 'Pietro'), lastName: t('Петров', 'Petrov'), email: 'A@B.BG' };
  it('needs a password for a new user only, of at least 6 characters', () => {
    expect(errors(userSaveSchema.safeParse(user))).toEqual({ password: 'field_is_required' });
    expect(userSaveSchema.safeParse({ ...user, _id: id }).success).toBe(true);
    expect(userSaveSchema.parse({ ...user, _id: id, password: '' }).password).toBeUndefined();
    expect(errors(userSaveSchema.safeParse({ ...user, _id: id, password: '12345' }))).toEqual({
      password: 'min_password',
    });
  });
  it('defaults to an active client and couples type and access', () => {
    expect(userSaveSchema.parse({ ...user, password: 'secret' })).toMatchObject({
      type: 1,
      access: 4,
      status: 1,
      gender: 0,
      email: 'a@b.bg',
    });
    expect(userSaveSchema.parse({ ...user, password: 'secret', type: 1, access: 0 }).access).toBe(4);
    expect(errors(userSaveSchema.safeParse({ ...user, password: 'secret', type: 0, access: 4 }))).toEqual({
      access: 'employee_cannot_have_client_access',
    });
  });
  it('reports every problem at once, one key per field', () => {
    expect(
      errors(
        userSaveSchema.safeParse({
          firstName: t('', 'Ab'),
          lastName: t('Петров', 'Petrov'),
          email: 'x',
          type: 0,
          access: 4,
        }),
      ),
    ).toEqual({
      'firstName.bg': 'field_is_required',
      'firstName.it': 'field_at_least_3_symbols',
      email: 'email_valid',
      password: 'field_is_required',
      access: 'employee_cannot_have_client_access',
    });
  });
});

describe('documents and logs schemas', () => {
  it('resolve the parent of a document', () => {
    expect(documentSaveSchema.parse({ type: id, userId: id })).toMatchObject({
      parentType: 'user',
      parentId: id,
      date: null,
    });
    expect(documentSaveSchema.parse({ type: id, parentType: 'contract', parentId: id })).toMatchObject({
      parentType: 'contract',
      parentId: id,
    });
    expect(errors(documentSaveSchema.safeParse({ type: id }))).toEqual({ parentId: 'field_is_required' });
    expect(documentSaveSchema.safeParse({ type: id, _id: id }).success).toBe(true);
    expect(
      errors(
        documentSaveSchema.safeParse({ type: id, userId: id, contractId: '0d1f0c4e-2b0a-4c8e-9a51-0f6b7c1d2e3f' }),
      ),
    ).toEqual({ parentId: 'invalid_value' });
    expect(documentListQuery.parse({ contractId: id })).toMatchObject({
      parentType: 'contract',
      parentId: id,
      page: 1,
    });
  });
  it('treat blank log filters as none', () => {
    expect(logListQuery.parse({ action: '', model: null, employee: '', fromDate: '' })).toMatchObject({
      action: undefined,
      model: undefined,
      employee: undefined,
      fromDate: undefined,
    });
    expect(errors(logListQuery.safeParse({ toDate: '2024-02-30' }))).toEqual({ toDate: 'invalid_date' });
  });
});

describe('VAT type categories and the own company country code', () => {
  const vatType = { name: t('ДДС', 'IVA'), status: true };

  it('keeps the save without a category valid (the server completes it)', () => {
    const parsed = vatTypeSaveSchema.parse({ ...vatType, percentage: 20 });
    expect(parsed.category).toBeUndefined();
    expect(parsed.exemptionCode).toBeUndefined();
  });

  it('takes a category and an exemption code; blank code is none', () => {
    expect(
      vatTypeSaveSchema.parse({ ...vatType, percentage: 0, category: 'AE', exemptionCode: 'VATEX-EU-AE' }),
    ).toMatchObject({ category: 'AE', exemptionCode: 'VATEX-EU-AE' });
    expect(vatTypeSaveSchema.parse({ ...vatType, percentage: 0, category: 'E', exemptionCode: '' }).exemptionCode).toBe(
      null,
    );
    expect(
      errors(vatTypeSaveSchema.safeParse({ ...vatType, percentage: 0, category: 'X', exemptionCode: 'VATEX' })),
    ).toEqual({ category: 'invalid_value', exemptionCode: 'invalid_value' });
  });

  it('refuses a category that disagrees with the rate, and a code on a standard or zero rated type', () => {
    expect(errors(vatTypeSaveSchema.safeParse({ ...vatType, percentage: 20, category: 'AE' }))).toEqual({
      category: 'vat_category_rate_mismatch',
    });
    expect(errors(vatTypeSaveSchema.safeParse({ ...vatType, percentage: 0, category: 'S' }))).toEqual({
      category: 'vat_category_rate_mismatch',
    });
    expect(
      errors(vatTypeSaveSchema.safeParse({ ...vatType, percentage: 9, category: 'S', exemptionCode: 'VATEX-EU-AE' })),
    ).toEqual({ exemptionCode: 'invalid_value' });
    expect(vatTypeCategoryError('Z', 0, null)).toBeNull();
    expect(vatTypeCategoryError('Z', 0, 'VATEX-EU-O')).toEqual({ field: 'exemptionCode', message: 'invalid_value' });
    expect(vatTypeCategoryError('O', 0, 'VATEX-EU-O')).toBeNull();
  });

  it("takes the own company's country code: optional, a known ISO code", () => {
    const company = {
      name: t('Фирма', 'Ditta'),
      responsiblePerson: t('Иван', 'Ivan'),
      bulstat: '175800110',
      vatNumber: 'BG175800110',
      address: {
        country: t('България', 'Bulgaria'),
        state: t('София', 'Sofia'),
        city: t('София', 'Sofia'),
        street: t('ул. 1', 'via 1'),
        zipCode: '1000',
      },
    };
    expect(myCompanySaveSchema.parse(company).address.countryCode).toBeUndefined();
    expect(
      myCompanySaveSchema.parse({ ...company, address: { ...company.address, countryCode: 'bg' } }).address,
    ).toMatchObject({
      countryCode: 'BG',
    });
    expect(
      errors(myCompanySaveSchema.safeParse({ ...company, address: { ...company.address, countryCode: 'ZZ' } })),
    ).toEqual({
      'address.countryCode': 'invalid_value',
    });
  });
});
