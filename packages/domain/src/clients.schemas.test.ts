import { describe, expect, it } from 'vitest';
import {
  companyListQuery,
  companySaveSchema,
  companySearchQuery,
  newClientBankSchema,
  officeContactSaveSchema,
  officeSaveSchema,
} from './clients.schemas.ts';
import {
  eikCheckDigit13,
  eikCheckDigit9,
  identifierWarnings,
  isBulgarianVatFormat,
  isValidEik,
  makeEik,
} from './identifiers.ts';

type Parsed = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const errors = (result: Parsed) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
const id = '7d1f0c4e-2b0a-4c8e-9a51-0f6b7c1d2e3f';
const t = (bg: string, it: string) => ({ bg, it });

describe('EIK/BULSTAT', () => {
  it('computes the 9th digit with weights 1..8, then 3..10 when the remainder is 10', () => {
    // 1*1 + 7*2 + 5*3 + 8*4 + 1*7 + 1*8 = 77, 77 mod 11 = 0
    expect(eikCheckDigit9('17580011')).toBe(0);
    expect(eikCheckDigit9('00000001')).toBe(8);
    // 2*5 = 10 leaves 10: the second weights give 2*7 = 14, 14 mod 11 = 3
    expect(eikCheckDigit9('00002000')).toBe(3);
    // 10 from both weightings gives 0
    const twice = Array.from({ length: 100000 }, (_, n) => String(n).padStart(8, '0')).find((d) => {
      const digits = [...d].map(Number);
      const first = digits.reduce((s, x, i) => s + x * (i + 1), 0) % 11;
      const second = digits.reduce((s, x, i) => s + x * (i + 3), 0) % 11;
      return first === 10 && second === 10;
    });
    expect(twice).toBeDefined();
    expect(eikCheckDigit9(twice!)).toBe(0);
  });

  it('validates 9- and 13-digit numbers', () => {
    expect(isValidEik('175800110')).toBe(true);
    expect(isValidEik('175800111')).toBe(false);
    expect(isValidEik(makeEik('20456789'))).toBe(true);
    expect(isValidEik('831641791')).toBe(true);
    const branch = `175800110123${eikCheckDigit13('0123')}`;
    expect(isValidEik(branch)).toBe(true);
    expect(isValidEik(`${branch.slice(0, 12)}${(Number(branch[12]) + 1) % 10}`)).toBe(false);
    expect(isValidEik('17580011')).toBe(false);
    expect(isValidEik('IT12345678901')).toBe(false);
  });

  it('checks the Bulgarian VAT format', () => {
    expect(isBulgarianVatFormat('BG175800110')).toBe(true);
    expect(isBulgarianVatFormat('bg 8001011234')).toBe(true);
    expect(isBulgarianVatFormat('BG12345678')).toBe(false);
    expect(isBulgarianVatFormat('IT12345678901')).toBe(false);
  });

  it('gives warnings, not errors, and none for foreign identifiers', () => {
    expect(identifierWarnings({ bulstat: '175800110', vatNumber: 'BG175800110' })).toEqual([]);
    expect(identifierWarnings({ bulstat: '175800111', vatNumber: 'BG175800111' })).toEqual(['bulstat_checksum']);
    expect(identifierWarnings({ bulstat: '175800110', vatNumber: 'BG1758' })).toEqual(['vat_number_format']);
    expect(identifierWarnings({ bulstat: '175800110', vatNumber: '175800110' })).toEqual(['vat_number_format']);
    expect(identifierWarnings({ bulstat: 'ABC', vatNumber: 'BG175800110' })).toEqual(['bulstat_checksum']);
    expect(identifierWarnings({ bulstat: '8001011234', vatNumber: 'BG8001011234' })).toEqual([]);
    expect(identifierWarnings({ bulstat: 'RSSMRA80A01H501U', vatNumber: 'IT01234567890' })).toEqual([]);
    expect(identifierWarnings({ bulstat: '01234567890', vatNumber: 'IT01234567890' })).toEqual([]);
  });
});

const office = {
  country: t('България', 'Bulgaria'),
  city: t('София', 'Sofia'),
  street: t('ул. 1', 'via 1'),
  phone: '+359 2 1',
  email: 'a@b.bg',
};
const company = { name: t('Фирма', ''), bulstat: '175 800 110', vatNumber: 'bg175800110', office };

describe('client schemas', () => {
  it('requires the company name in Bulgarian, bulstat and VAT number; the office of a new client is optional', () => {
    expect(errors(companySaveSchema.safeParse({}))).toEqual({
      name: 'field_is_required',
      bulstat: 'field_is_required',
      vatNumber: 'field_is_required',
    });
    expect(
      errors(companySaveSchema.safeParse({ ...company, name: t(' ', 'Ditta'), bulstat: '', vatNumber: ' ' })),
    ).toEqual({
      'name.bg': 'field_is_required',
      bulstat: 'field_is_required',
      vatNumber: 'field_is_required',
    });
    const parsed = companySaveSchema.parse(company);
    expect(parsed).toMatchObject({
      bulstat: '175800110',
      vatNumber: 'BG175800110',
      referent: null,
      notificationsEmails: [],
    });
    expect(parsed.status).toBeUndefined();
  });

  it('requires the new office in both languages with phone and email, and its contacts with names, phone and email', () => {
    const result = companySaveSchema.safeParse({
      ...company,
      office: {
        country: t('България', ''),
        city: t('', 'Sofia'),
        street: t('ул. 1', 'via 1'),
        phone: '',
        email: 'x',
        contacts: [{}],
      },
    });
    expect(errors(result)).toEqual({
      'office.country.it': 'field_is_required',
      'office.city.bg': 'field_is_required',
      'office.phone': 'field_is_required',
      'office.email': 'email_valid',
      'office.contacts.0.firstName': 'field_is_required',
      'office.contacts.0.lastName': 'field_is_required',
      'office.contacts.0.phone': 'field_is_required',
      'office.contacts.0.email': 'field_is_required',
    });
  });

  it('refuses an office or a bank on an existing client', () => {
    expect(errors(companySaveSchema.safeParse({ ...company, _id: id, bank: {} }))).toEqual({
      office: 'invalid_value',
      bank: 'invalid_value',
    });
    expect(companySaveSchema.safeParse({ ...company, office: undefined, _id: id }).success).toBe(true);
  });

  it('has no required field on the new client bank card until something is filled', () => {
    expect(newClientBankSchema.safeParse({}).success).toBe(true);
    expect(newClientBankSchema.safeParse({ name: t('', ''), iban: '', currency: '' }).success).toBe(true);
    expect(errors(newClientBankSchema.safeParse({ name: t('Банка', '') }))).toEqual({
      iban: 'field_is_required',
      currency: 'field_is_required',
    });
    expect(errors(newClientBankSchema.safeParse({ iban: 'BG33UNCR70001520345678', currency: id }))).toEqual({
      iban: 'iban_invalid',
    });
    expect(newClientBankSchema.parse({ iban: 'bg32 uncr 7000 1520 3456 78', currency: id }).iban).toBe(
      'BG32UNCR70001520345678',
    );
  });

  it('checks the office modal: country, city and street in Bulgarian, phone, email', () => {
    expect(errors(officeSaveSchema.safeParse({}))).toEqual({
      company: 'field_is_required',
      country: 'field_is_required',
      city: 'field_is_required',
      street: 'field_is_required',
      phone: 'field_is_required',
      email: 'field_is_required',
    });
    expect(
      officeSaveSchema.safeParse({ ...office, company: id, country: t('България', ''), city: t('София', '') }).success,
    ).toBe(true);
  });

  it('takes an office country code: optional, blank is none, upper-cased, a known ISO code', () => {
    const base = { ...office, company: id };
    expect(officeSaveSchema.parse(base).countryCode).toBeUndefined();
    expect(officeSaveSchema.parse({ ...base, countryCode: '' }).countryCode).toBeNull();
    expect(officeSaveSchema.parse({ ...base, countryCode: ' it ' }).countryCode).toBe('IT');
    expect(errors(officeSaveSchema.safeParse({ ...base, countryCode: 'XX' }))).toEqual({
      countryCode: 'invalid_value',
    });
    expect(errors(companySaveSchema.safeParse({ ...company, office: { ...office, countryCode: 'ITA' } }))).toEqual({
      'office.countryCode': 'invalid_value',
    });
    expect(companySaveSchema.parse({ ...company, office: { ...office, countryCode: 'de' } }).office?.countryCode).toBe(
      'DE',
    );
  });

  it('checks a contact with its office', () => {
    expect(
      errors(officeContactSaveSchema.safeParse({ firstName: 'Ив', lastName: 'Петров', phone: '1', email: 'a@b.bg' })),
    ).toEqual({ officeId: 'field_is_required' });
  });

  it('checks subscription dates and notification emails', () => {
    expect(
      errors(
        companySaveSchema.safeParse({
          ...company,
          subscription: { status: true, fromDate: '2025-02-01', toDate: '2025-01-01' },
          notificationsEmails: ['x'],
        }),
      ),
    ).toEqual({
      'subscription.toDate': 'end_date_before_start_date',
      'notificationsEmails.0': 'email_valid',
    });
  });

  it('defaults the list to active clients and the search to 15 rows', () => {
    expect(companyListQuery.parse({})).toMatchObject({ status: true, managingUsers: [], page: 1, itemsPerPage: 15 });
    expect(companyListQuery.parse({ status: null, managingUsers: id, referent: '' })).toMatchObject({
      status: null,
      managingUsers: [id],
      referent: undefined,
    });
    expect(companySearchQuery.parse({ name: ' abc ' })).toEqual({
      page: 1,
      itemsPerPage: 15,
      name: 'abc',
      status: true,
    });
  });
});
