import { Badge, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { FLOCK_STATUSES, flockStatusLabel, type FLOCK_SORTS, type Flock, type FlockStatus } from '@kuku/domain';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DataTable, nextSort, type DataTableColumn, type SortOrder } from '../../../ui/data-table';
import { FIRST_FLOCK_PAGE, flockListQuery, type FlockListParams } from '../api';
import { FlockStatusBadge } from './flock-status-badge';

type SortKey = (typeof FLOCK_SORTS)[number];

const numberFormat = new Intl.NumberFormat('en-KE');

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
        <Text fz="sm">· {numberFormat.format(flock.bird_count)} birds</Text>
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
    { id: 'bird_count', header: 'Bird Count', sortKey: 'bird_count', cell: (flock) => numberFormat.format(flock.bird_count) },
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

/** SPEC §2 flock list: searched, filtered by status, sorted and paged by the server. */
export function FlockTable({ onView, onViewIntent, actions }: FlockTableProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<FlockStatus | ''>('');
  const [sort, setSort] = useState<{ key: SortKey; order: SortOrder }>({ key: FIRST_FLOCK_PAGE.sort, order: FIRST_FLOCK_PAGE.order });
  const [page, setPage] = useState<number>(FIRST_FLOCK_PAGE.page);

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
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} fz="lg">
            Your Flocks
          </Title>
          {actions}
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Search flocks"
            placeholder="Name or breed"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 360 }}
          />
          <NativeSelect
            label="Filter by status"
            data={STATUS_OPTIONS}
            value={status}
            onChange={(event) => {
              setStatus(event.currentTarget.value as FlockStatus | '');
              setPage(1);
            }}
            w={{ base: '100%', sm: 220 }}
          />
        </Group>
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
          sort={{
            ...sort,
            onSort: (key, order) => {
              setSort(order ? { key, order } : nextSort(sort, key));
              setPage(1);
            },
          }}
          summary={data && data.total > 0 ? `${data.total} ${data.total === 1 ? 'flock' : 'flocks'}` : undefined}
          pager={
            data
              ? { page, pages: Math.max(1, Math.ceil(data.total / data.pageSize)), onChange: setPage, label: 'Flock list pages' }
              : undefined
          }
        />
      </Stack>
    </Paper>
  );
}
