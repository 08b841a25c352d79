import { zodResolver } from '@hookform/resolvers/zod';
import { localizedRequired } from '@kantora/domain';
import { screen, waitFor, waitForElementToBeRemoved } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../../test/render.tsx';
import { EntityDialog } from './entity-dialog.tsx';
import { LocalizedTextField } from './fields/localized-text-field.tsx';

const schema = z.object({ name: localizedRequired });
type Values = z.infer<typeof schema>;
interface Saved extends Values {
  _id: string;
}

function Harness({ onSave, readOnly = false }: { onSave: (values: Values) => Promise<Saved>; readOnly?: boolean }) {
  const [open, setOpen] = useState(true);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: { bg: '', it: '' } } });
  return (
    <>
      <span data-testid="state">{open ? 'open' : 'closed'}</span>
      <EntityDialog<Values, Saved>
        open={open}
        onClose={() => setOpen(false)}
        title={(mode) => (mode === 'create' ? 'Нова валута' : 'Валута')}
        form={form}
        readOnly={readOnly}
        onSave={onSave}
      >
        <LocalizedTextField control={form.control} name="name" label="Име" required />
      </EntityDialog>
    </>
  );
}

const fillName = async () => {
  await userEvent.type(screen.getByRole('textbox', { name: 'Име (български)' }), 'Лев');
  await userEvent.type(screen.getByRole('textbox', { name: 'Име (италиански)' }), 'Lev');
};

describe('EntityDialog', () => {
  it('starts in create mode and switches to edit after the first successful save', async () => {
    const onSave = vi.fn(async (values: Values) => ({ ...values, _id: 'c1' }));
    renderWithProviders(<Harness onSave={onSave} />);
    expect(screen.getByRole('heading', { name: 'Нова валута' })).toBeInTheDocument();
    await fillName();
    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
    expect(onSave).toHaveBeenCalledWith({ name: { bg: 'Лев', it: 'Lev' } }, 'create');
    expect(await screen.findByRole('heading', { name: 'Валута' })).toBeInTheDocument();
    expect(screen.getByTestId('state')).toHaveTextContent('open');
    // The next save is an edit, and "Save and close" closes.
    await userEvent.click(screen.getByRole('button', { name: 'Запази и затвори' }));
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('closed'));
    expect(onSave).toHaveBeenLastCalledWith({ name: { bg: 'Лев', it: 'Lev' } }, 'edit');
  });

  it('does not save invalid values and shows the required message', async () => {
    const onSave = vi.fn();
    renderWithProviders(<Harness onSave={onSave} />);
    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
    expect(await screen.findAllByText('Полето е задължително')).toHaveLength(2);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('stays in create mode when the save fails', async () => {
    const onSave = vi.fn(async () => {
      throw new Error('409');
    });
    renderWithProviders(<Harness onSave={onSave} />);
    await fillName();
    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(screen.getByRole('heading', { name: 'Нова валута' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Име (български)' })).toHaveValue('Лев');
  });

  it('read-only mode shows no save buttons and disables the inputs', () => {
    renderWithProviders(<Harness onSave={vi.fn()} readOnly />);
    expect(screen.queryByRole('button', { name: 'Запази' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Запази и затвори' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Затвори' }).length).toBeGreaterThan(0);
    expect(screen.getByText('Само за преглед')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Име (български)' })).toBeDisabled();
  });

  it('asks before closing with unsaved changes', async () => {
    renderWithProviders(<Harness onSave={vi.fn()} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Име (български)' }), 'Ле');
    await userEvent.click(screen.getAllByRole('button', { name: 'Затвори' }).at(-1) as HTMLElement);
    expect(await screen.findByText('Има незапазени промени. Да затворя ли без да ги запазя?')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Внимание' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Отказ' }));
    await waitForElementToBeRemoved(() =>
      screen.queryByText('Има незапазени промени. Да затворя ли без да ги запазя?'),
    );
    expect(screen.getByTestId('state')).toHaveTextContent('open');
    expect(screen.getByRole('textbox', { name: 'Име (български)' })).toHaveValue('Ле');
    const close = (await screen.findAllByRole('button', { name: 'Затвори' })).at(-1) as HTMLElement;
    await userEvent.click(close);
    await userEvent.click(await screen.findByRole('button', { name: 'Потвърди' }));
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('closed'));
  });

  it('closes a clean form without asking', async () => {
    renderWithProviders(<Harness onSave={vi.fn()} />);
    await userEvent.click(screen.getAllByRole('button', { name: 'Затвори' }).at(-1) as HTMLElement);
    expect(screen.getByTestId('state')).toHaveTextContent('closed');
    expect(screen.queryByText('Внимание')).not.toBeInTheDocument();
  });
});
