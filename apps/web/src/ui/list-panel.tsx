import { Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { nextSort, type DataTablePager, type DataTableSort, type SortOrder } from './data-table';

/** How long typing rests before a search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A server-paged list's controls: the search box's text and the debounced query sent, the
 * sort and the page. Every change but paging starts again at page 1.
 */
export function useListControls<S extends string>(first: { sort: S; order: SortOrder; page: number }) {
  const [search, setSearchText] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [sortState, setSortState] = useState<{ key: S; order: SortOrder }>({ key: first.sort, order: first.order });
  const [page, setPage] = useState(first.page);
  const sort: DataTableSort<S> = {
    ...sortState,
    onSort: (key, order) => {
      setSortState(order ? { key, order } : nextSort(sortState, key));
      setPage(1);
    },
  };
  return {
    search,
    q,
    sort,
    page,
    setPage,
    setSearch: (text: string) => {
      setSearchText(text);
      setPage(1);
    },
    /** A filter beside the search changed. */
    restart: () => setPage(1),
    /** The pager's props for `total` rows at `pageSize` a page. */
    pager: (total: number, pageSize: number, label: string): DataTablePager => ({
      page,
      pages: Math.max(1, Math.ceil(total / pageSize)),
      onChange: setPage,
      label,
    }),
  };
}

interface ListPanelProps {
  title: ReactNode;
  /** Right of the title: a count, or the list's buttons. */
  aside?: ReactNode;
  search: { label: string; placeholder: string; value: string; onChange: (text: string) => void };
  /** Beside the search box: filters. */
  filters?: ReactNode;
  /** The DataTable, and what goes with it (a confirmation dialog). */
  children: ReactNode;
  /** The pointer or focus came near the list: a moment to fetch a dialog's code. */
  onIntent?: () => void;
}

/** The frame every searched, paged list shares: a section named by its title, the search (and filters), then the table. */
export function ListPanel({ title, aside, search, filters, children, onIntent }: ListPanelProps) {
  const titleId = useId();
  const box = (
    <TextInput
      label={search.label}
      placeholder={search.placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={search.value}
      onChange={(event) => search.onChange(event.currentTarget.value)}
      w={{ base: '100%', sm: 360 }}
    />
  );
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId} onPointerEnter={onIntent} onFocus={onIntent}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} fz="lg" id={titleId}>
            {title}
          </Title>
          {aside}
        </Group>
        {filters ? (
          <Group gap="sm" align="flex-end" wrap="wrap">
            {box}
            {filters}
          </Group>
        ) : (
          box
        )}
        {children}
      </Stack>
    </Paper>
  );
}
