import { listWords } from '@kuku/domain';
import { Box, Center, Group, Loader, Pagination, Stack, Text, UnstyledButton, type MantineStyleProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { useId, type CSSProperties, type Key, type ReactNode } from 'react';
import classes from './data-table.module.css';

export type SortOrder = 'asc' | 'desc';

/** What a column may set on one row's cell: weight, colour, size, inline style. */
export type DataTableCellProps = Pick<MantineStyleProps, 'fw' | 'c' | 'fz'> & { style?: CSSProperties; title?: string | undefined };

export interface DataTableColumn<T, S extends string = string> {
  /** React key of the column. */
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The server's sort field; a column without one has a plain header. */
  sortKey?: S;
  /** Kept in view at the right edge when the table scrolls sideways (the row's actions). */
  sticky?: boolean;
  align?: 'left' | 'right';
  /** Per-row cell props (weight, colour) on top of the defaults. */
  cellProps?: (row: T) => DataTableCellProps;
}

export interface DataTableSort<S extends string> {
  key: S;
  order: SortOrder;
  /** A header click names the column only (see `nextSort`); the phone's sort menu names the order too. */
  onSort: (key: S, order?: SortOrder) => void;
}

export interface DataTablePager {
  page: number;
  /** Number of pages; the pager shows from two pages up. */
  pages: number;
  onChange: (page: number) => void;
  label: string;
}

interface DataTableProps<T, S extends string> {
  /** Accessible name of the table, or of the list of cards on phones. */
  label: string;
  columns: DataTableColumn<T, S>[];
  rows: T[] | undefined;
  rowKey: (row: T) => Key;
  status: 'pending' | 'error' | 'success';
  loadingLabel: string;
  errorText: ReactNode;
  emptyText: ReactNode;
  /** A refetch is running behind the rows shown. */
  busy?: boolean;
  sort?: DataTableSort<S>;
  pager?: DataTablePager;
  /** Left of the pager, e.g. "12 flocks". */
  summary?: ReactNode;
  /** Below the table's width the page scrolls it sideways. */
  minWidth?: number;
  /** Phones show each row as this card instead of the table; without it the table scrolls. */
  renderCard?: (row: T) => ReactNode;
}

function SortableTh<S extends string>({ label, sortKey, sort }: { label: string; sortKey: S; sort: DataTableSort<S> }) {
  const active = sort.key === sortKey;
  const Icon = !active ? IconSelector : sort.order === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <th className={`${classes.cell} ${classes.sortable}`} aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => sort.onSort(sortKey)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </th>
  );
}

/** Cards have no headers to click: phones choose the sort from a menu instead. */
function SortSelect<T, S extends string>({ columns, sort }: { columns: DataTableColumn<T, S>[]; sort: DataTableSort<S> }) {
  const options = columns.flatMap((column) =>
    column.sortKey
      ? [
          { value: `${column.sortKey}:asc`, label: listWords.sortAscending(column.header) },
          { value: `${column.sortKey}:desc`, label: listWords.sortDescending(column.header) },
        ]
      : [],
  );
  const id = useId();
  // A plain labelled <select>, styled as the app's inputs: Mantine's input code would cost every
  // list screen's first load about 4 KiB gzip for this one field (e2e/first-screen-budget.spec.ts).
  return (
    <div>
      <label htmlFor={id} className={classes.sortLabel}>
        {listWords.sortBy}
      </label>
      <div className={classes.sortBox}>
        <select
          id={id}
          className={classes.sortSelect}
          value={`${sort.key}:${sort.order}`}
          onChange={(event) => {
            const [key, order] = event.currentTarget.value.split(':') as [S, SortOrder];
            sort.onSort(key, order);
          }}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <IconChevronDown size={16} className={classes.sortChevron} aria-hidden />
      </div>
    </div>
  );
}

/** The pager's arrows are icons: each needs a name (WCAG 4.1.2). */
const pagerControlLabels = { first: 'firstPage', previous: 'previousPage', next: 'nextPage', last: 'lastPage' } as const;
function pagerControlProps(control: keyof typeof pagerControlLabels) {
  return { 'aria-label': listWords[pagerControlLabels[control]] };
}

/** A new column sorts ascending first; the same column toggles. */
export function nextSort<S extends string>(current: { key: S; order: SortOrder }, key: S): { key: S; order: SortOrder } {
  if (key === current.key) return { key, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { key, order: 'asc' };
}

/**
 * One server-paged list, as a table on wide screens and (with `renderCard`) as cards on
 * phones: loading, error and empty states, sortable headers, and the pager.
 * Rows arrive sorted and paged; the table never sorts or counts them itself (docs/style.md rule 11).
 */
export function DataTable<T, S extends string = string>({
  label,
  columns,
  rows,
  rowKey,
  status,
  loadingLabel,
  errorText,
  emptyText,
  busy = false,
  sort,
  pager,
  summary,
  minWidth = 640,
  renderCard,
}: DataTableProps<T, S>) {
  // Read at the first render: a table first drawn for desktop and redrawn as cards doubled
  // a phone's render and shifted the page.
  const isPhone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });

  let body: ReactNode;
  if (status === 'pending') {
    body = (
      // Holds about a page of rows (or most of a phone's screen), so what sits below the
      // list does not jump when the rows arrive (CLS; docs/design.md §9).
      <Center py="xl" mih="min(75vh, 36rem)">
        <Loader size="sm" aria-label={loadingLabel} />
      </Center>
    );
  } else if (status === 'error' && !rows) {
    body = (
      <Text c="red" ta="center" py="xl" role="alert">
        {errorText}
      </Text>
    );
  } else if (!rows || rows.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {emptyText}
      </Text>
    );
  } else if (isPhone && renderCard) {
    body = (
      <>
        {sort ? <SortSelect columns={columns} sort={sort} /> : null}
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label} aria-busy={busy}>
          {rows.map((row) => (
            <li key={rowKey(row)}>{renderCard(row)}</li>
          ))}
        </Stack>
      </>
    );
  } else {
    body = (
      // A plain <table> and scrolling box (see data-table.module.css): Mantine's Table brings ScrollArea.
      <div className={classes.scroll}>
        <table className={classes.table} style={{ minWidth }} aria-label={label} aria-busy={busy}>
          <thead>
            <tr className={classes.row}>
              {columns.map((column) =>
                column.sortKey && sort ? (
                  <SortableTh key={column.id} label={column.header} sortKey={column.sortKey} sort={sort} />
                ) : (
                  <Box
                    component="th"
                    key={column.id}
                    className={column.sticky ? `${classes.cell} ${classes.sticky}` : classes.cell}
                    ta={column.align}
                  >
                    {column.header}
                  </Box>
                ),
              )}
            </tr>
          </thead>
          <tbody className={classes.body}>
            {rows.map((row) => (
              <tr key={rowKey(row)} className={classes.row}>
                {columns.map((column) => (
                  <Box
                    component="td"
                    key={column.id}
                    className={column.sticky ? `${classes.cell} ${classes.sticky}` : classes.cell}
                    ta={column.align}
                    {...column.cellProps?.(row)}
                  >
                    {column.cell(row)}
                  </Box>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  const showPager = pager !== undefined && pager.pages > 1;
  return (
    <Stack gap="md">
      {body}
      {summary || showPager ? (
        <Group justify={summary ? 'space-between' : 'center'} gap="sm">
          {summary ? (
            <Text fz="sm" c="dimmed">
              {summary}
            </Text>
          ) : null}
          {showPager ? (
            <Pagination
              total={pager.pages}
              value={pager.page}
              onChange={pager.onChange}
              size="sm"
              aria-label={pager.label}
              getControlProps={pagerControlProps}
            />
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
