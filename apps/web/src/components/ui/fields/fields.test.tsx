import { zodResolver } from '@hookform/resolvers/zod';
import { businessDate, nameSchema, requiredString, selectNumber } from '@kantora/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { type Control, type FieldValues, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../../../test/render.tsx';
import { ColorField } from './color-field.tsx';
import { DateField } from './date-field.tsx';
import { DateTimeField } from './date-time-field.tsx';
import { MoneyField } from './money-field.tsx';
import { SelectField } from './select-field.tsx';
import { FormTextField } from './text-field.tsx';

/** A form with a zod schema, one submit button and the fields given. */
function TestForm({
  schema,
  defaults,
  onSubmit,
  children,
}: {
  schema: z.ZodType<FieldValues, FieldValues>;
  defaults: FieldValues;
  onSubmit: (values: FieldValues) => void;
  children: (control: Control<FieldValues>) => ReactNode;
}) {
  const form = useForm<FieldValues>({ resolver: zodResolver(schema), defaultValues: defaults });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      {children(form.control)}
      <button type="submit">submit</button>
    </form>
  );
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'submit' }));

describe('text fields', () => {
  it('shows the translated field_is_required key', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <TestForm schema={z.object({ city: requiredString() })} defaults={{ city: '' }} onSubmit={onSubmit}>
        {(control) => <FormTextField control={control} name="city" label="Град" />}
      </TestForm>,
    );
    await submit();
    expect(await screen.findByText('Полето е задължително')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Град' })).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks names for at least 3 characters', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <TestForm schema={z.object({ firstName: nameSchema })} defaults={{ firstName: '' }} onSubmit={onSubmit}>
        {(control) => <FormTextField control={control} name="firstName" label="Име" />}
      </TestForm>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Име' }), 'Ив');
    await submit();
    expect(await screen.findByText('Полето трябва да съдържа поне 3 символа')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Име' }), 'а');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ firstName: 'Ива' }, expect.anything()));
  });
});

describe('SelectField', () => {
  const options = [
    { value: 0, label: 'Мъж' },
    { value: 1, label: 'Жена' },
    { value: 1000, label: 'Извън правилото' },
  ];

  it('requires a choice and accepts 0 as a value', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <TestForm schema={z.object({ gender: selectNumber })} defaults={{ gender: null }} onSubmit={onSubmit}>
        {(control) => <SelectField control={control} name="gender" label="Пол" options={options} />}
      </TestForm>,
    );
    await submit();
    expect(await screen.findByText('Полето е задължително')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Пол' }));
    // Options outside 0–999 are never offered.
    expect(screen.queryByRole('option', { name: 'Извън правилото' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Мъж' }));
    expect(screen.getByRole('combobox', { name: 'Пол' })).toHaveTextContent('Мъж');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ gender: 0 }, expect.anything()));
    expect(screen.queryByText('Полето е задължително')).not.toBeInTheDocument();
  });
});

describe('DateField', () => {
  const schema = z.object({ from: businessDate });
  const renderDate = (onSubmit = vi.fn(), from: string | null = null) => {
    renderWithProviders(
      <TestForm schema={schema} defaults={{ from }} onSubmit={onSubmit}>
        {(control) => <DateField control={control} name="from" label="От дата" />}
      </TestForm>,
    );
    return onSubmit;
  };
  /** The picker's hidden input takes a whole pasted value (only valid dates get through). */
  const pasteDate = (text: string) => {
    const input = document.querySelector<HTMLInputElement>('input[name="from"]');
    if (!input) throw new Error('no date input');
    fireEvent.change(input, { target: { value: text } });
  };
  /** Types digits into the day, month and year sections as a user does. */
  const typeDate = async (digits: string) => {
    await userEvent.click(screen.getByRole('spinbutton', { name: 'Ден' }));
    await userEvent.keyboard(digits);
  };

  it('types dd.MM.yyyy into day, month and year and stores YYYY-MM-DD', async () => {
    const onSubmit = renderDate();
    await typeDate('05112023');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ from: '2023-11-05' }, expect.anything()));
  });

  it('shows dd.MM.yyyy and stores YYYY-MM-DD', async () => {
    const onSubmit = renderDate(vi.fn(), '2024-03-09');
    expect(document.querySelector<HTMLInputElement>('input[name="from"]')?.value).toBe('09.03.2024');
    pasteDate('15.04.2025');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ from: '2025-04-15' }, expect.anything()));
  });

  it('gives invalid_date for an impossible date', async () => {
    const onSubmit = renderDate();
    await typeDate('31022024');
    expect(document.querySelector<HTMLInputElement>('input[name="from"]')?.value).toBe('31.02.2024');
    await submit();
    expect((await screen.findAllByText('Невалидна дата')).length).toBeGreaterThan(0);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('gives min_date before 1 January 1900', async () => {
    const onSubmit = renderDate();
    await typeDate('31121899');
    await submit();
    expect((await screen.findAllByText('Датата трябва да е след 01.01.1900')).length).toBeGreaterThan(0);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('requires a value', async () => {
    const onSubmit = renderDate();
    await submit();
    expect(await screen.findByText('Полето е задължително')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('DateTimeField', () => {
  it('reads dd.MM.yyyy HH:mm as Europe/Sofia time and stores UTC', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <TestForm schema={z.object({ at: z.string() })} defaults={{ at: '2024-01-15T06:00:00.000Z' }} onSubmit={onSubmit}>
        {(control) => <DateTimeField control={control} name="at" label="Начало" />}
      </TestForm>,
    );
    const input = document.querySelector<HTMLInputElement>('input[name="at"]') as HTMLInputElement;
    // 06:00 UTC in January is 08:00 in Sofia (UTC+2).
    expect(input.value).toBe('15.01.2024 08:00');
    // 12:05 on 1 July in Sofia (UTC+3, summer time) is 09:05 UTC.
    fireEvent.change(input, { target: { value: '01.07.2024 12:05' } });
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ at: '2024-07-01T09:05:00.000Z' }, expect.anything()));
  });
});

describe('MoneyField', () => {
  it('keeps a number with two decimals and formats it on blur', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <TestForm schema={z.object({ price: z.number() })} defaults={{ price: null }} onSubmit={onSubmit}>
        {(control) => <MoneyField control={control} name="price" label="Цена" currency="BGN" />}
      </TestForm>,
    );
    const input = screen.getByRole('textbox', { name: 'Цена' });
    await userEvent.type(input, '1234,567');
    await userEvent.tab();
    expect(input).toHaveValue('1234,57');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ price: 1234.57 }, expect.anything()));
  });

  it('rejects text that is not a number', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <TestForm
        schema={z.object({ price: z.number({ error: 'invalid_value' }) })}
        defaults={{ price: 0 }}
        onSubmit={onSubmit}
      >
        {(control) => <MoneyField control={control} name="price" label="Цена" />}
      </TestForm>,
    );
    const input = screen.getByRole('textbox', { name: 'Цена' });
    await userEvent.clear(input);
    await userEvent.type(input, 'abc');
    await submit();
    expect((await screen.findAllByText('Невалидна стойност')).length).toBeGreaterThan(0);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('ColorField', () => {
  it('masks the input as #RRGGBB', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <TestForm schema={z.object({ color: z.string() })} defaults={{ color: '' }} onSubmit={onSubmit}>
        {(control) => <ColorField control={control} name="color" label="Цвят" />}
      </TestForm>,
    );
    const input = screen.getByRole('textbox', { name: 'Цвят' });
    await userEvent.type(input, 'a1z2b3c4d5');
    expect(input).toHaveValue('#A12B3C');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ color: '#A12B3C' }, expect.anything()));
  });
});
