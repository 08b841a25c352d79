import { zodResolver } from '@hookform/resolvers/zod';
import { countryCodeFrom, countryCodeSchema, MessageKeys as M } from '@kantora/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FieldValues, useForm, useWatch } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import i18n from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CountryField, countryLabel } from './country-field.tsx';
import { FormTextField } from './text-field.tsx';

const optional = z.object({ countryCode: countryCodeSchema });
const required = z.object({
  countryCode: countryCodeSchema.refine((value) => value !== null, M.field_is_required),
});

/** A form with the country field; `proposeFrom` adds a text input whose value is the field's proposal. */
function TestForm({
  schema = optional,
  defaults = { countryCode: null },
  onSubmit,
  proposeFrom = false,
}: {
  schema?: z.ZodType<FieldValues, FieldValues>;
  defaults?: FieldValues;
  onSubmit: (values: FieldValues) => void;
  proposeFrom?: boolean;
}) {
  const form = useForm<FieldValues>({ resolver: zodResolver(schema), defaultValues: { proposal: '', ...defaults } });
  const proposal = useWatch({ control: form.control, name: 'proposal' }) as string;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      {proposeFrom && <FormTextField control={form.control} name="proposal" label="Предложение" />}
      <CountryField
        control={form.control}
        name="countryCode"
        label="Държава по ISO"
        helperText="Празно: от името"
        proposal={proposeFrom ? countryCodeFrom(proposal) : undefined}
      />
      <button type="submit">submit</button>
    </form>
  );
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'submit' }));
const field = () => screen.getByRole('combobox', { name: 'Държава по ISO' });

afterEach(async () => {
  await i18n.changeLanguage('bg');
});

describe('CountryField', () => {
  it('labels countries in the interface language with their code', async () => {
    expect(countryLabel('IT', 'bg')).toBe('Италия (IT)');
    expect(countryLabel('IT', 'it')).toBe('Italia (IT)');
    expect(countryLabel('DE', 'it')).toBe('Germania (DE)');
  });

  it('finds a country by its name from the keyboard and keeps its code', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<TestForm onSubmit={onSubmit} />);
    expect(screen.getByText('Празно: от името')).toBeInTheDocument();
    await userEvent.type(field(), 'итал');
    expect(await screen.findByRole('option', { name: 'Италия (IT)' })).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(field()).toHaveValue('Италия (IT)');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ countryCode: 'IT' });
  });

  it('puts the country whose code was typed first, and clears to null', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<TestForm onSubmit={onSubmit} defaults={{ countryCode: 'BG' }} />);
    expect(field()).toHaveValue('България (BG)');
    await userEvent.clear(field());
    await userEvent.type(field(), 'de');
    const options = await screen.findAllByRole('option');
    expect(options[0]).toHaveTextContent('Германия (DE)');
    await userEvent.keyboard('{Enter}');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ countryCode: 'DE' });
    await userEvent.clear(field());
    await userEvent.tab();
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1][0]).toMatchObject({ countryCode: null });
  });

  it('shows the schema error under the field', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<TestForm schema={required} onSubmit={onSubmit} />);
    await submit();
    expect(await screen.findByText('Полето е задължително')).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('labels the options in Italian when the interface is Italian', async () => {
    await i18n.changeLanguage('it');
    renderWithProviders(<TestForm onSubmit={vi.fn()} />);
    await userEvent.type(field(), 'germ');
    expect(await screen.findByRole('option', { name: 'Germania (DE)' })).toBeInTheDocument();
    await userEvent.clear(field());
    await userEvent.type(field(), 'zzz');
    expect(await screen.findByText('Nessun paese corrispondente')).toBeInTheDocument();
  });

  it('takes the proposal while empty or still proposed, and keeps a country the user picked', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<TestForm onSubmit={onSubmit} proposeFrom />);
    const proposal = screen.getByRole('textbox', { name: 'Предложение' });
    await userEvent.type(proposal, 'Италия');
    await waitFor(() => expect(field()).toHaveValue('Италия (IT)'));
    await userEvent.clear(proposal);
    await userEvent.type(proposal, 'Austria');
    await waitFor(() => expect(field()).toHaveValue('Австрия (AT)'));
    // A pick of the user's own stays when the proposal moves on.
    await userEvent.clear(field());
    await userEvent.type(field(), 'fr');
    await userEvent.keyboard('{Enter}');
    await userEvent.clear(proposal);
    await userEvent.type(proposal, 'Германия');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ countryCode: 'FR' });
  });
});
