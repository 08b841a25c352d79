import { newClientOfficeSchema } from '@kantora/domain';
import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { schemaResolver } from '../../lib/labels.ts';
import {
  bankCardSchema,
  companyFormSchema,
  identifierCountry,
  identifierLabels,
  newClientPayload,
  whenAllValid,
} from './client-forms.ts';
import { emptyOffice } from './office-fields.tsx';

const text = (bg = '', it = '') => ({ bg, it });
function useThreeForms() {
  const company = useForm({
    resolver: schemaResolver(companyFormSchema),
    defaultValues: {
      name: text(),
      bulstat: '',
      vatNumber: '',
      responsiblePerson: text(),
      status: true,
      phone: '',
      email: '',
      comment: '',
      referent: null,
      notificationsEmails: [] as string[],
    },
  });
  const office = useForm({
    resolver: schemaResolver(newClientOfficeSchema),
    defaultValues: { ...emptyOffice(), isHeadquarters: true },
  });
  const bank = useForm({
    resolver: schemaResolver(bankCardSchema),
    defaultValues: { name: text(), address: text(), bic: '', iban: '', currency: null as string | null },
  });
  return { company, office, bank };
}

describe('saving a new client', () => {
  it('saves only when the company, office and bank cards are all valid', async () => {
    const { result } = renderHook(() => useThreeForms());
    const onValid = vi.fn();
    const forms = () => [result.current.company, result.current.office, result.current.bank];

    // Nothing filled: the company and the office are invalid.
    await act(async () => expect(await whenAllValid(forms(), onValid)).toBe(false));
    expect(onValid).not.toHaveBeenCalled();

    // The company filled, the office still empty.
    act(() =>
      result.current.company.reset({
        ...result.current.company.getValues(),
        name: text('Фирма'),
        bulstat: '123456789',
        vatNumber: 'BG123456789',
      }),
    );
    await act(async () => expect(await whenAllValid(forms(), onValid)).toBe(false));
    expect(result.current.office.getFieldState('country.bg').invalid).toBe(true);

    // The office filled, but a half-filled bank (no IBAN, no currency).
    act(() =>
      result.current.office.reset({
        ...emptyOffice(),
        isHeadquarters: true,
        country: text('България', 'Bulgaria'),
        city: text('София', 'Sofia'),
        street: text('ул. 1', 'via 1'),
        phone: '0888',
        email: 'hq@example.com',
      }),
    );
    act(() => result.current.bank.setValue('name', text('Банка')));
    await act(async () => expect(await whenAllValid(forms(), onValid)).toBe(false));
    expect(onValid).not.toHaveBeenCalled();

    // A blank bank card is fine.
    act(() => result.current.bank.setValue('name', text()));
    await act(async () => expect(await whenAllValid(forms(), onValid)).toBe(true));
    expect(onValid).toHaveBeenCalledTimes(1);

    const body = newClientPayload(
      result.current.company.getValues(),
      result.current.office.getValues(),
      result.current.bank.getValues(),
    );
    expect(body.office.isHeadquarters).toBe(true);
    expect(body.vatNumber).toBe('BG123456789');
    expect(body).not.toHaveProperty('_id');
  });
});

describe("the names of a company's identifiers", () => {
  it('are Italian (Codice fiscale, Partita IVA) for an Italian company, Bulgarian (ЕИК, ДДС номер) otherwise', () => {
    expect(identifierCountry({ bulstat: '01234567890', vatNumber: 'IT01234567890' })).toBe('it');
    expect(identifierCountry({ bulstat: '01234567890', vatNumber: '' })).toBe('it');
    expect(identifierCountry({ bulstat: 'RSSMRA80A01H501U', vatNumber: '' })).toBe('it');
    expect(identifierCountry({ bulstat: '', vatNumber: '', country: text('Италия', 'Italia') })).toBe('it');
    expect(identifierCountry({ bulstat: '123456789', vatNumber: 'BG123456789' })).toBe('bg');
    expect(identifierCountry({ bulstat: '123456789', vatNumber: '', country: text('България', 'Bulgaria') })).toBe(
      'bg',
    );
    expect(identifierCountry({ bulstat: '', vatNumber: '' })).toBe('bg');
    expect(identifierLabels('it')).toEqual({ bulstat: 'fields.bulstat_italy', vatNumber: 'fields.vat_number_italy' });
    expect(identifierLabels('bg')).toEqual({ bulstat: 'fields.bulstat', vatNumber: 'fields.vat_number' });
  });
});
