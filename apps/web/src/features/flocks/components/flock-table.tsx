import { Badge, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { FLOCK_STATUSES, flockStatusLabel, formatCount, type FLOCK_SORTS, type Flock, type FlockStatus } from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { ListPanel, useListControls } from '../../../ui/list-panel';
import { FIRST_FLOCK_PAGE, flockListQuery, type FlockListParams } from '../api';
import { FlockStatusBadge } from './flock-status-badge';

type SortKey = (typeof FLOCK_SORTS)[number];


const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...FLOCK_STATUSES.map((status) => ({ value: status, label: flockStatusLabel(status) })),
];

function weeksLabel(age: number): string {
  return `${age} ${age === 1 ? 'week' : 'weeks'}`;
}

function AgeGroupBadge({ flock }: { flock: Flock }) {
  return (
    // max-content: a table squeezing its columns would otherwise cut the label to "P…".
    <Badge variant="outline" color="gray" size="sm" miw="max-content">
      {flock.age_group}
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
      aria-label={`View Details of ${flock.name}`}
    >
      View Details
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
            #{flock.id} · {flock.breed}
          </Text>
        </Stack>
        <FlockStatusBadge status={flock.status} />
      </Group>
      <Group gap={6} mt={6} mb="xs">
        <Text fz="sm">{weeksLabel(flock.age)}</Text>
        <AgeGroupBadge flock={flock} />
        <Text fz="sm">· {formatCount(flock.bird_count)} birds</Text>
      </Group>
      <ViewDetailsButton flock={flock} onView={onView} onViewIntent={onViewIntent} fullWidth />
    </Paper>
  );
}

function flockColumns(onView: (flock: Flock) => void, onViewIntent?: () => void): DataTableColumn<Flock, SortKey>[] {
  return [
    { id: 'id', header: 'Flock ID', sortKey: 'id', cell: (flock) => flock.id },
    { id: 'name', header: 'Flock Name', sortKey: 'name', cell: (flock) => flock.name, cellProps: () => ({ fw: 600 }) },
    { id: 'breed', header: 'Breed', sortKey: 'breed', cell: (flock) => flock.breed },
    {
      id: 'age',
      header: 'Age',
      sortKey: 'age',
      cell: (flock) => (
        <Group gap={6} wrap="nowrap">
          <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
            {weeksLabel(flock.age)}
          </Text>
          <AgeGroupBadge flock={flock} />
        </Group>
      ),
    },
    { id: 'bird_count', header: 'Bird Count', sortKey: 'bird_count', cell: (flock) => formatCount(flock.bird_count) },
    { id: 'status', header: 'Status', sortKey: 'status', cell: (flock) => <FlockStatusBadge status={flock.status} /> },
    {
      id: 'actions',
      header: 'Actions',
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
    ? `No flocks match${q ? ` "${q}"` : ''}${status ? `${q ? ' and' : ''} status ${flockStatusLabel(status)}` : ''}.`
    : 'No flocks yet. Add your first flock to get started.';

  return (
    <ListPanel
      title="Your Flocks"
      aside={actions}
      search={{ label: 'Search flocks', placeholder: 'Name or breed', value: search, onChange: setSearch }}
      filters={
        <NativeSelect
          label="Filter by status"
          data={STATUS_OPTIONS}
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
        label="Flocks"
        columns={flockColumns(onView, onViewIntent)}
        rows={data?.items}
        rowKey={(flock) => flock.id}
        status={queryStatus}
        busy={isFetching}
        loadingLabel="Loading flocks"
        errorText="Flocks could not be loaded. Please try again."
        emptyText={emptyText}
        minWidth={760}
        renderCard={(flock) => <FlockCard flock={flock} onView={onView} onViewIntent={onViewIntent} />}
        sort={sort}
        summary={data && data.total > 0 ? `${data.total} ${data.total === 1 ? 'flock' : 'flocks'}` : undefined}
        pager={data ? pager(data.total, data.pageSize, 'Flock list pages') : undefined}
      />
    </ListPanel>
  );
}
