import type { ListResult } from '@kantora/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { DataTable } from './data-table.tsx';
import { SelectField } from './fields/select-field.tsx';
import { FormTextField } from './fields/text-field.tsx';
import { FilterForm } from './filter-form.tsx';
import { type ListRequest, useListState } from './use-list-query.ts';

interface Filter {
  name: string;
  status: number | null;
}
const empty: Filter = { name: '', status: null };
const statuses = [
  { value: 0, label: 'Неактивен' },
  { value: 1, label: 'Активен' },
];

function Fields({ onApply, onResetPage }: { onApply: (values: Filter) => void; onResetPage?: () => void }) {
  return (
    <FilterForm<Filter> emptyValues={empty} onApply={onApply} onResetPage={onResetPage}>
      {(form) => (
        <>
          <FormTextField control={form.control} name="name" label="Име" />
          <SelectField control={form.control} name="status" label="Статус" options={statuses} clearable />
        </>
      )}
    </FilterForm>
  );
}

interface Row {
  _id: string;
  name: string;
}

function FilteredPage({ fetcher }: { fetcher: (request: ListRequest) => Promise<ListResult<Row>> }) {
  const list = useListState<Filter>();
  return (
    <>
      <Fields onApply={list.applyFilters} onResetPage={list.resetPage} />
      <DataTable
        queryKey={['filtered']}
        fetcher={fetcher}
        filters={list.filters}
        columns={[{ field: 'name', header: 'fields:name' }]}
        state={list.state}
        onStateChange={list.setState}
      />
    </>
  );
}

describe('FilterForm', () => {
  it('applies with Enter and resets the page', async () => {
    const onApply = vi.fn();
    const onResetPage = vi.fn();
    renderWithProviders(<Fields onApply={onApply} onResetPage={onResetPage} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Име' }), 'Acme{Enter}');
    expect(onApply).toHaveBeenCalledWith({ name: 'Acme', status: null });
    expect(onResetPage).toHaveBeenCalledTimes(1);
  });

  it('does not apply when every value is empty', async () => {
    const onApply = vi.fn();
    renderWithProviders(<Fields onApply={onApply} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Име' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Приложи' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByText('Попълнете поне едно поле на филтъра')).toBeInTheDocument();
  });

  it('counts 0 of a select as a value', async () => {
    const onApply = vi.fn();
    renderWithProviders(<Fields onApply={onApply} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Статус' }));
    await userEvent.click(screen.getByRole('option', { name: 'Неактивен' }));
    await userEvent.click(screen.getByRole('button', { name: 'Приложи' }));
    expect(onApply).toHaveBeenCalledWith({ name: '', status: 0 });
  });

  it('Clear empties the fields and applies the empty filter', async () => {
    const onApply = vi.fn();
    renderWithProviders(<Fields onApply={onApply} />);
    const name = screen.getByRole('textbox', { name: 'Име' });
    await userEvent.type(name, 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Изчисти' }));
    expect(name).toHaveValue('');
    expect(onApply).toHaveBeenCalledWith(empty);
  });

  it('applying a filter brings the table back to page 1 with the filter', async () => {
    const fetcher = vi.fn(
      async (request: ListRequest): Promise<ListResult<Row>> => ({
        Items: [{ _id: `row-${request.page}`, name: `ред ${request.page}` }],
        Total: 60,
        Page: request.page,
      }),
    );
    renderWithProviders(<FilteredPage fetcher={fetcher} />);
    await screen.findByText('ред 1');
    await userEvent.click(screen.getByRole('button', { name: 'Страница 3' }));
    await screen.findByText('ред 3');
    await userEvent.type(screen.getByRole('textbox', { name: 'Име' }), 'Acme{Enter}');
    await waitFor(() => expect(fetcher.mock.lastCall?.[0]).toEqual({ name: 'Acme', page: 1, itemsPerPage: 15 }));
  });
});
