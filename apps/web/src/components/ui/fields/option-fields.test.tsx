import { zodResolver } from '@hookform/resolvers/zod';
import { selectId } from '@kantora/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../../../test/render.tsx';
import { OptionSelectField } from './option-select-field.tsx';
import { applyServerErrors } from './server-errors.ts';
import { StringListField } from './string-list-field.tsx';
import { SwitchField } from './switch-field.tsx';

const A = '0b7a4d2e-38a4-4f3f-9d0c-2f1f4f0f8a01';
const B = '0b7a4d2e-38a4-4f3f-9d0c-2f1f4f0f8a02';
const options = [
  { value: A, label: 'Лев' },
  { value: B, label: 'Евро' },
];

let current: UseFormReturn<FieldValues> | null = null;
function TestForm({
  schema,
  defaults,
  onSubmit,
  children,
}: {
  schema?: z.ZodType<FieldValues, FieldValues>;
  defaults: FieldValues;
  onSubmit: (values: FieldValues) => void;
  children: (form: UseFormReturn<FieldValues>) => ReactNode;
}) {
  const form = useForm<FieldValues>({ resolver: schema ? zodResolver(schema) : undefined, defaultValues: defaults });
  current = form;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      {children(form)}
      <button type="submit">submit</button>
    </form>
  );
}
const submit = () => userEvent.click(screen.getByRole('button', { name: 'submit' }));

describe('OptionSelectField', () => {
  it('keeps the chosen id, null when nothing is chosen, and reports picks', async () => {
    const onSubmit = vi.fn();
    const onValueChange = vi.fn();
    renderWithProviders(
      <TestForm schema={z.object({ currency: selectId })} defaults={{ currency: null }} onSubmit={onSubmit}>
        {(form) => (
          <OptionSelectField
            control={form.control}
            name="currency"
            label="Валута"
            options={options}
            onValueChange={onValueChange}
          />
        )}
      </TestForm>,
    );
    await submit();
    expect(await screen.findByText('Полето е задължително')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Валута' }));
    await userEvent.click(screen.getByRole('option', { name: 'Евро' }));
    expect(onValueChange).toHaveBeenCalledWith(B);
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ currency: B }, expect.anything()));
  });

  it('keeps a list for a multiple choice', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <TestForm defaults={{ signers: [A] }} onSubmit={onSubmit}>
        {(form) => (
          <OptionSelectField control={form.control} name="signers" label="Подписващи" options={options} multiple />
        )}
      </TestForm>,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Подписващи' }));
    await userEvent.click(screen.getByRole('option', { name: 'Евро' }));
    await userEvent.keyboard('{Escape}');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ signers: [A, B] }, expect.anything()));
  });
});

describe('SwitchField and StringListField', () => {
  it('flips a boolean and adds list entries with Enter without submitting', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <TestForm defaults={{ status: true, items: [] }} onSubmit={onSubmit}>
        {(form) => (
          <>
            <SwitchField control={form.control} name="status" label="Активен" />
            <StringListField control={form.control} name="items" label="Задължения" />
          </>
        )}
      </TestForm>,
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Активен' }));
    const input = screen.getByRole('textbox', { name: 'Задължения' });
    await userEvent.type(input, 'Отчети{Enter}');
    await userEvent.type(input, '  {Enter}');
    await userEvent.type(input, 'Заплати{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    const list = screen.getByRole('list', { name: 'Задължения' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await submit();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ status: false, items: ['Отчети', 'Заплати'] }, expect.anything()),
    );
  });
});

describe('applyServerErrors', () => {
  it('marks the fields a 400 answer names, translated, and ignores unknown shapes', async () => {
    renderWithProviders(
      <TestForm defaults={{ email: 'a@b.c' }} onSubmit={vi.fn()}>
        {(form) => <OptionSelectField control={form.control} name="email" label="Имейл" options={[]} />}
      </TestForm>,
    );
    const form = current as UseFormReturn<FieldValues>;
    expect(applyServerErrors(form.setError, new Error('plain'))).toBe(false);
    let marked = false;
    act(() => {
      marked = applyServerErrors(form.setError, { errors: [{ field: 'email', message: 'email_already_exists' }] });
    });
    expect(marked).toBe(true);
    expect(await screen.findByText('Вече има потребител с този имейл')).toBeInTheDocument();
  });
});
