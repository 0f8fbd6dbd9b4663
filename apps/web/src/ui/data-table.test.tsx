import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DataTable, nextSort, type DataTableColumn, type SortOrder } from './data-table';

interface Hen {
  id: number;
  name: string;
}

const columns: DataTableColumn<Hen, 'name'>[] = [
  { id: 'name', header: 'Name', sortKey: 'name', cell: (hen) => hen.name },
  { id: 'id', header: 'Number', cell: (hen) => `#${hen.id}` },
];

const hens: Hen[] = [
  { id: 1, name: 'Kienyeji' },
  { id: 2, name: 'Kuroiler' },
];

function phoneWidth(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

const base = { label: 'Hens', columns, rowKey: (hen: Hen) => hen.id, loadingLabel: 'Loading hens', errorText: 'Hens failed.', emptyText: 'No hens.' };

describe('nextSort', () => {
  it('sorts a new column ascending and toggles the same one', () => {
    expect(nextSort<'a' | 'b'>({ key: 'a', order: 'desc' }, 'b')).toEqual({ key: 'b', order: 'asc' });
    expect(nextSort<'a' | 'b'>({ key: 'b', order: 'asc' }, 'b')).toEqual({ key: 'b', order: 'desc' });
    expect(nextSort<'a' | 'b'>({ key: 'b', order: 'desc' }, 'b')).toEqual({ key: 'b', order: 'asc' });
  });
});

describe('DataTable', () => {
  it('shows the loading, error and empty states', () => {
    let view = renderWithProviders(<DataTable {...base} rows={undefined} status="pending" />);
    expect(screen.getByLabelText('Loading hens')).toBeInTheDocument();
    view.unmount();
    view = renderWithProviders(<DataTable {...base} rows={undefined} status="error" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Hens failed.');
    view.unmount();
    renderWithProviders(<DataTable {...base} rows={[]} status="success" />);
    expect(screen.getByText('No hens.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('keeps the rows it has when a refetch fails', () => {
    renderWithProviders(<DataTable {...base} rows={hens} status="error" />);
    expect(screen.getByRole('table', { name: 'Hens' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('marks the sorted column and asks for the next order', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    function Sorted() {
      const [sort, setSort] = useState<{ key: 'name'; order: SortOrder }>({ key: 'name', order: 'asc' });
      return (
        <DataTable
          {...base}
          rows={hens}
          status="success"
          sort={{
            ...sort,
            onSort: (key) => {
              const next = nextSort(sort, key);
              seen.push(next.order);
              setSort(next);
            },
          }}
        />
      );
    }
    renderWithProviders(<Sorted />);

    const name = screen.getByRole('columnheader', { name: 'Name' });
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    // A column without a sort field is a plain header.
    expect(within(screen.getByRole('columnheader', { name: 'Number' })).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(name).getByRole('button'));
    expect(name).toHaveAttribute('aria-sort', 'descending');
    expect(seen).toEqual(['desc']);
    expect(screen.getAllByRole('row')[1]).toHaveTextContent('Kienyeji#1');
  });

  it('shows the pager from two pages up, with the summary beside it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const view = renderWithProviders(
      <DataTable {...base} rows={hens} status="success" summary="12 hens" pager={{ page: 1, pages: 2, onChange, label: 'Hen pages' }} />,
    );
    expect(screen.getByText('12 hens')).toBeInTheDocument();
    await user.click(within(screen.getByLabelText('Hen pages')).getByRole('button', { name: '2' }));
    expect(onChange).toHaveBeenCalledWith(2);
    view.unmount();
    renderWithProviders(<DataTable {...base} rows={hens} status="success" pager={{ page: 1, pages: 1, onChange, label: 'Hen pages' }} />);
    expect(screen.queryByLabelText('Hen pages')).not.toBeInTheDocument();
  });

  it('lists cards on phones when it has a card, and scrolls the table when not', () => {
    phoneWidth(true);
    const view = renderWithProviders(
      <DataTable {...base} rows={hens} status="success" renderCard={(hen) => <p>Card of {hen.name}</p>} />,
    );
    const list = screen.getByRole('list', { name: 'Hens' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Card of Kuroiler')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    view.unmount();
    renderWithProviders(<DataTable {...base} rows={hens} status="success" />);
    expect(screen.getByRole('table', { name: 'Hens' })).toBeInTheDocument();
  });
});

describe('DataTable on phones', () => {
  it('offers the sort as a menu above the cards', async () => {
    phoneWidth(true);
    const user = userEvent.setup();
    const onSort = vi.fn();
    renderWithProviders(
      <DataTable {...base} rows={hens} status="success" sort={{ key: 'name', order: 'asc', onSort }} renderCard={(hen) => <p>{hen.name}</p>} />,
    );
    const menu = screen.getByLabelText('Sort by');
    expect(menu).toHaveValue('name:asc');
    // Only sortable columns are offered.
    expect(within(menu).getAllByRole('option').map((o) => o.textContent)).toEqual(['Name, ascending', 'Name, descending']);
    await user.selectOptions(menu, 'Name, descending');
    expect(onSort).toHaveBeenCalledWith('name', 'desc');
  });
});
