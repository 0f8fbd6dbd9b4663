import { Badge, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { AGE_GROUP_LABELS, breedLabel, FLOCK_STATUSES, flockPageWords as m, flockStatusLabel, formatCount, type FLOCK_SORTS, type Flock, type FlockStatus } from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { ListPanel, useListControls } from '../../../ui/list-panel';
import { FIRST_FLOCK_PAGE, flockListQuery, type FlockListParams } from '../api';
import { FlockStatusBadge } from './flock-status-badge';

type SortKey = (typeof FLOCK_SORTS)[number];

/** Built in render, not when the module loads: a Kiswahili page's words arrive after that. */
const statusOptions = () => [
  { value: '', label: m.allStatuses },
  ...FLOCK_STATUSES.map((status) => ({ value: status, label: flockStatusLabel(status) })),
];

function AgeGroupBadge({ flock }: { flock: Flock }) {
  return (
    // max-content: a table squeezing its columns would otherwise cut the label to "P…".
    <Badge variant="outline" color="gray" size="sm" miw="max-content">
      {AGE_GROUP_LABELS[flock.age_group] ?? flock.age_group}
    </Badge>
  );
}

interface RowActionProps {
  flock: Flock;
  onView: (flock: Flock) => void;
  onViewIntent?: () => void;
}

function ViewDetailsButton({ flock, onView, onViewIntent, fullWidth }: RowActionProps & { fullWidth?: boolean }) {
  return (
    <Button
      size="xs"
      variant="light"
      fullWidth={fullWidth}
      onClick={() => onView(flock)}
      onPointerEnter={onViewIntent}
      onFocus={onViewIntent}
      aria-label={m.viewDetailsOf(flock.name)}
    >
      {m.viewDetails}
    </Button>
  );
}

/** One flock on a phone: the table's columns as a card, no sideways scrolling. */
function FlockCard({ flock, onView, onViewIntent }: RowActionProps) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={0} miw={0}>
          <Text fw={600}>{flock.name}</Text>
          <Text fz="sm" c="dimmed">
            #{flock.id} · {breedLabel(flock.breed)}
          </Text>
        </Stack>
        <FlockStatusBadge status={flock.status} />
      </Group>
      <Group gap={6} mt={6} mb="xs">
        <Text fz="sm">{m.weeks(flock.age)}</Text>
        <AgeGroupBadge flock={flock} />
        <Text fz="sm">· {m.birds(formatCount(flock.bird_count))}</Text>
      </Group>
      <ViewDetailsButton flock={flock} onView={onView} onViewIntent={onViewIntent} fullWidth />
    </Paper>
  );
}

function flockColumns(onView: (flock: Flock) => void, onViewIntent?: () => void): DataTableColumn<Flock, SortKey>[] {
  return [
    { id: 'id', header: m.colId, sortKey: 'id', cell: (flock) => flock.id },
    { id: 'name', header: m.colName, sortKey: 'name', cell: (flock) => flock.name, cellProps: () => ({ fw: 600 }) },
    { id: 'breed', header: m.colBreed, sortKey: 'breed', cell: (flock) => breedLabel(flock.breed) },
    {
      id: 'age',
      header: m.colAge,
      sortKey: 'age',
      cell: (flock) => (
        <Group gap={6} wrap="nowrap">
          <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
            {m.weeks(flock.age)}
          </Text>
          <AgeGroupBadge flock={flock} />
        </Group>
      ),
    },
    { id: 'bird_count', header: m.colBirds, sortKey: 'bird_count', cell: (flock) => formatCount(flock.bird_count) },
    { id: 'status', header: m.colStatus, sortKey: 'status', cell: (flock) => <FlockStatusBadge status={flock.status} /> },
    {
      id: 'actions',
      header: m.colActions,
      sticky: true,
      cell: (flock) => <ViewDetailsButton flock={flock} onView={onView} onViewIntent={onViewIntent} />,
    },
  ];
}

interface FlockTableProps {
  onView: (flock: Flock) => void;
  /** The pointer or focus is on a 'View Details': a moment to fetch the overlay's code. */
  onViewIntent?: () => void;
  actions?: ReactNode;
}

/** docs/product.md §2 flock list: searched, filtered by status, sorted and paged by the server. */
export function FlockTable({ onView, onViewIntent, actions }: FlockTableProps) {
  const { search, setSearch, q, sort, page, restart, pager } = useListControls<SortKey>(FIRST_FLOCK_PAGE);
  const [status, setStatus] = useState<FlockStatus | ''>('');

  const params: FlockListParams = {
    page,
    pageSize: FIRST_FLOCK_PAGE.pageSize,
    sort: sort.key,
    order: sort.order,
    q: q || undefined,
    status: status || undefined,
  };
  const { data, status: queryStatus, isFetching } = useQuery(flockListQuery(params));

  const filtered = Boolean(q || status);
  const emptyText = filtered
    ? m.noMatch(q, status ? flockStatusLabel(status) : '')
    : m.empty;

  return (
    <ListPanel
      title={m.yourFlocks}
      aside={actions}
      search={{ label: m.search, placeholder: m.searchHint, value: search, onChange: setSearch }}
      filters={
        <NativeSelect
          label={m.filterStatus}
          data={statusOptions()}
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as FlockStatus | '');
            restart();
          }}
          w={{ base: '100%', sm: 220 }}
        />
      }
    >
      <DataTable
        label={m.flocks}
        columns={flockColumns(onView, onViewIntent)}
        rows={data?.items}
        rowKey={(flock) => flock.id}
        status={queryStatus}
        busy={isFetching}
        loadingLabel={m.loading}
        errorText={m.loadFailed}
        emptyText={emptyText}
        minWidth={760}
        renderCard={(flock) => <FlockCard flock={flock} onView={onView} onViewIntent={onViewIntent} />}
        sort={sort}
        summary={data && data.total > 0 ? m.count(data.total) : undefined}
        pager={data ? pager(data.total, data.pageSize, m.pages) : undefined}
      />
    </ListPanel>
  );
}
