import type { ListResult } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { DataTable, type DataTableColumn } from './data-table.tsx';
import { roundedTotal } from './table-pagination-bar.tsx';
import { type ListRequest, useListState } from './use-list-query.ts';

interface Row {
  _id: string;
  name: { bg: string; it: string };
  code: string;
}

const makeRows = (count: number, offset = 0): Row[] =>
  Array.from({ length: count }, (_, index) => ({
    _id: `r${offset + index + 1}`,
    name: { bg: `Фирма ${offset + index + 1}`, it: `Azienda ${offset + index + 1}` },
    code: `C${offset + index + 1}`,
  }));

/** A fake server list: `total` rows, paged as asked. */
const serverList = (total: number) =>
  vi.fn(async (request: ListRequest): Promise<ListResult<Row>> => {
    const start = (request.page - 1) * request.itemsPerPage;
    return {
      Items: makeRows(Math.max(0, Math.min(request.itemsPerPage, total - start)), start),
      Total: total,
      Page: request.page,
    };
  });

/**
 * A fake server list of `real` rows whose total is not counted past the first page, as the server's listTotal: the
 * estimate (`Estimated`, or with `capped` a lower bound) on full pages, the exact total once a page comes back short
 * or empty.
 */
const estimatingList = (real: number, estimate: number, capped = false) =>
  vi.fn(async (request: ListRequest): Promise<ListResult<Row>> => {
    const start = (request.page - 1) * request.itemsPerPage;
    const count = Math.max(0, Math.min(request.itemsPerPage, real - start));
    const ended = count < request.itemsPerPage;
    const seen = start + count;
    return {
      Items: makeRows(count, start),
      Total: ended ? Math.min(real, seen) : Math.max(estimate, capped ? seen - 1 : seen + 1),
      Page: request.page,
      ...(ended ? {} : { Estimated: true, ...(capped ? { Capped: true } : {}) }),
    };
  });

const columns: DataTableColumn<Row>[] = [
  { field: 'name', header: 'fields:name', sortable: true },
  { field: 'code', header: 'fields:code' },
];

function Harness({
  fetcher,
  large,
  selectable,
  isRowSelectable,
  onSelectionChange,
}: {
  fetcher: ReturnType<typeof serverList>;
  large?: boolean;
  selectable?: boolean;
  isRowSelectable?: (row: Row) => boolean;
  onSelectionChange?: (ids: string[], rows: Row[]) => void;
}) {
  const list = useListState();
  return (
    <DataTable
      queryKey={['rows']}
      fetcher={fetcher}
      columns={columns}
      state={list.state}
      onStateChange={list.setState}
      large={large}
      selectable={selectable}
      isRowSelectable={isRowSelectable}
      onSelectionChange={onSelectionChange}
      rowActions={(row) => <button type="button">open {row.code}</button>}
    />
  );
}

const lastRequest = (fetcher: ReturnType<typeof serverList>) => fetcher.mock.calls.at(-1)?.[0];

describe('DataTable', () => {
  it('loads page 1 with the default page size and shows the rows in the current language', async () => {
    const fetcher = serverList(40);
    renderWithProviders(<Harness fetcher={fetcher} />);
    expect(await screen.findByText('Фирма 1')).toBeInTheDocument();
    expect(lastRequest(fetcher)).toEqual({ page: 1, itemsPerPage: 15 });
    expect(screen.getAllByRole('row')).toHaveLength(16);
    expect(screen.getByText('1–15 от 40')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'open C1' })).toBeInTheDocument();
  });

  it('asks the fetcher for page 2 when the page button is clicked', async () => {
    const fetcher = serverList(40);
    renderWithProviders(<Harness fetcher={fetcher} />);
    await screen.findByText('Фирма 1');
    await userEvent.click(screen.getByRole('button', { name: 'Страница 2' }));
    expect(await screen.findByText('Фирма 16')).toBeInTheDocument();
    expect(lastRequest(fetcher)).toMatchObject({ page: 2, itemsPerPage: 15 });
    await userEvent.click(screen.getByRole('button', { name: 'Следваща страница' }));
    await waitFor(() => expect(lastRequest(fetcher)).toMatchObject({ page: 3 }));
    expect(screen.getByRole('button', { name: 'Следваща страница' })).toBeDisabled();
  });

  it('shows at most 10 page buttons', async () => {
    const fetcher = serverList(500);
    renderWithProviders(<Harness fetcher={fetcher} />);
    await screen.findByText('Фирма 1');
    const pages = screen.getAllByRole('button', { name: /^Страница \d+$/ }).map((button) => button.textContent);
    expect(pages).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    await userEvent.click(screen.getByRole('button', { name: 'Последна страница' }));
    await waitFor(() => expect(lastRequest(fetcher)).toMatchObject({ page: 34 }));
    const last = screen.getAllByRole('button', { name: /^Страница \d+$/ }).map((button) => button.textContent);
    expect(last).toEqual(['25', '26', '27', '28', '29', '30', '31', '32', '33', '34']);
  });

  it('sorts by a sortable header: ascending first, then descending', async () => {
    const fetcher = serverList(40);
    renderWithProviders(<Harness fetcher={fetcher} />);
    await screen.findByText('Фирма 1');
    await userEvent.click(screen.getByRole('button', { name: 'Страница 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Име' }));
    await waitFor(() =>
      expect(lastRequest(fetcher)).toEqual({ page: 1, itemsPerPage: 15, sortBy: 'name', sortDesc: false }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Име' }));
    await waitFor(() =>
      expect(lastRequest(fetcher)).toEqual({ page: 1, itemsPerPage: 15, sortBy: 'name', sortDesc: true }),
    );
    // A column without `sortable` has no sort button.
    expect(screen.queryByRole('button', { name: 'Код' })).not.toBeInTheDocument();
  });

  it('changes the page size (5/15/25/50/100) and goes back to page 1', async () => {
    const fetcher = serverList(400);
    renderWithProviders(<Harness fetcher={fetcher} />);
    await screen.findByText('Фирма 1');
    await userEvent.click(screen.getByRole('button', { name: 'Страница 3' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Редове на страница' }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['5', '15', '25', '50', '100']);
    await userEvent.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() => expect(lastRequest(fetcher)).toEqual({ page: 1, itemsPerPage: 25 }));
    expect(await screen.findByText('1–25 от 400')).toBeInTheDocument();
  });

  it('offers 200 rows per page in the large variant', async () => {
    renderWithProviders(<Harness fetcher={serverList(10)} large />);
    await screen.findByText('Фирма 1');
    await userEvent.click(screen.getByRole('combobox', { name: 'Редове на страница' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5', '15', '25', '50', '100', '200']);
  });

  it('shows the translated empty text when there are no rows', async () => {
    renderWithProviders(<Harness fetcher={serverList(0)} />);
    expect(await screen.findByText('Няма намерени резултати')).toBeInTheDocument();
    expect(screen.getByText('0–0 от 0')).toBeInTheDocument();
  });

  it('selects rows one by one and the whole page, reporting ids and rows', async () => {
    const onSelectionChange = vi.fn();
    renderWithProviders(<Harness fetcher={serverList(20)} selectable onSelectionChange={onSelectionChange} />);
    await screen.findByText('Фирма 1');
    const rowBoxes = screen.getAllByRole('checkbox', { name: 'Избери реда' });
    await userEvent.click(rowBoxes[1]);
    expect(onSelectionChange).toHaveBeenLastCalledWith(['r2'], [expect.objectContaining({ _id: 'r2', code: 'C2' })]);
    expect(screen.getByText('Избрани: 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Избери всички редове на страницата' }));
    expect(onSelectionChange.mock.lastCall?.[0]).toHaveLength(15);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Избери всички редове на страницата' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([], []);
  });

  it('leaves rows that cannot be selected out of the row and page selection', async () => {
    const onSelectionChange = vi.fn();
    // Every third row cannot be selected (say, a document without a file).
    const selectable = (row: Row) => Number(row._id.slice(1)) % 3 !== 0;
    renderWithProviders(
      <Harness fetcher={serverList(6)} selectable isRowSelectable={selectable} onSelectionChange={onSelectionChange} />,
    );
    await screen.findByText('Фирма 1');
    const rowBoxes = screen.getAllByRole('checkbox', { name: 'Избери реда' });
    expect(rowBoxes.map((box) => (box as HTMLInputElement).disabled)).toEqual([false, false, true, false, false, true]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Избери всички редове на страницата' }));
    expect(onSelectionChange.mock.lastCall?.[0]).toEqual(['r1', 'r2', 'r4', 'r5']);
    expect(screen.getByRole('checkbox', { name: 'Избери всички редове на страницата' })).toBeChecked();
  });

  it('shows skeleton rows while the first page loads', async () => {
    let release: () => void = () => undefined;
    const fetcher = vi.fn(
      () =>
        new Promise<ListResult<Row>>((resolve) => {
          release = () => resolve({ Items: makeRows(1), Total: 1, Page: 1 });
        }),
    );
    const { container } = renderWithProviders(
      <Harness fetcher={fetcher as unknown as ReturnType<typeof serverList>} />,
    );
    await waitFor(() => expect(container.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(0));
    release();
    expect(await screen.findByText('Фирма 1')).toBeInTheDocument();
    expect(container.querySelectorAll('.MuiSkeleton-root')).toHaveLength(0);
  });

  it('says "about" of an estimated total, and its last page ends on the real last page, not on an empty one', async () => {
    const fetcher = estimatingList(40, 170_857);
    renderWithProviders(<Harness fetcher={fetcher} />);
    expect(await screen.findByText('Фирма 1')).toBeInTheDocument();
    expect(screen.getByText(/^1–15 от около 170\s000$/)).toBeInTheDocument();
    expect(screen.queryByText(/от 170857/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Последна страница' }));
    // Page 11 391 comes back empty with the exact total: the table moves to page 3, the real last one.
    await waitFor(() => expect(lastRequest(fetcher)).toMatchObject({ page: 3 }));
    expect(await screen.findByText('Фирма 40')).toBeInTheDocument();
    expect(screen.getByText('31–40 от 40')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Последна страница' })).toBeDisabled();
    expect(fetcher.mock.calls.map(([request]) => request.page)).toEqual([1, 11_391, 3]);
  });

  it('says "more than" of a capped total and keeps a next page while the pages are full', async () => {
    const fetcher = estimatingList(40, 15, true);
    renderWithProviders(<Harness fetcher={fetcher} />);
    expect(await screen.findByText('Фирма 1')).toBeInTheDocument();
    expect(screen.getByText('1–15 от над 15')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Следваща страница' }));
    expect(await screen.findByText('Фирма 16')).toBeInTheDocument();
    expect(screen.getByText('16–30 от над 29')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Следваща страница' }));
    expect(await screen.findByText('Фирма 40')).toBeInTheDocument();
    expect(screen.getByText('31–40 от 40')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Следваща страница' })).toBeDisabled();
  });

  it("rounds an estimate to two figures in the language's digit grouping", () => {
    expect(roundedTotal(170_857, 'it')).toBe('170.000');
    expect(roundedTotal(153_188, 'it')).toBe('150.000');
    expect(roundedTotal(1_234, 'it')).toBe('1200');
    expect(roundedTotal(87, 'it')).toBe('87');
    expect(roundedTotal(170_857, 'bg')).toMatch(/^170\s000$/);
  });
});
