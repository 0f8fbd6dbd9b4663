import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PAGE_SIZE_DEFAULT, type FLOCK_SORTS, type Flock } from '@kuku/domain';
import { IconChevronDown, IconChevronUp, IconSearch, IconSelector } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { flockListQuery, type FlockListParams } from '../api';
import { FlockStatusBadge } from './flock-status-badge';

type SortKey = (typeof FLOCK_SORTS)[number];
type Order = 'asc' | 'desc';

const numberFormat = new Intl.NumberFormat('en-KE');

// On phones the table scrolls sideways; the Actions column stays in view at the right edge.
const stickyActions = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--mantine-color-default-border)',
} as const;

interface SortableThProps {
  label: string;
  sortKey: SortKey;
  sort: SortKey;
  order: Order;
  onSort: (key: SortKey) => void;
}

function SortableTh({ label, sortKey, sort, order, onSort }: SortableThProps) {
  const active = sort === sortKey;
  const Icon = !active ? IconSelector : order === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'} style={{ whiteSpace: 'nowrap' }}>
      <UnstyledButton onClick={() => onSort(sortKey)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function weeksLabel(age: number): string {
  return `${age} ${age === 1 ? 'week' : 'weeks'}`;
}

interface FlockTableProps {
  onView: (flock: Flock) => void;
  actions?: ReactNode;
}

/** SPEC §2 flock list: searched, sorted and paged by the server. */
export function FlockTable({ onView, actions }: FlockTableProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<SortKey>('id');
  const [order, setOrder] = useState<Order>('desc');
  const [page, setPage] = useState(1);

  const params: FlockListParams = { page, pageSize: PAGE_SIZE_DEFAULT, sort, order, q: q || undefined };
  const { data, isPending, isError, isFetching } = useQuery(flockListQuery(params));

  const onSort = (key: SortKey) => {
    // A new column sorts ascending first, the same column toggles.
    if (key === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(key);
      setOrder('asc');
    }
    setPage(1);
  };

  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const th = { sort, order, onSort };

  let body: ReactNode;
  if (isPending) {
    body = (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading flocks" />
      </Center>
    );
  } else if (isError && !data) {
    body = (
      <Text c="dimmed" ta="center" py="xl">
        Flocks could not be loaded. Please try again.
      </Text>
    );
  } else if (data.items.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {q ? `No flocks match "${q}".` : 'No flocks yet. Add your first flock to get started.'}
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={760} type="native">
        <Table highlightOnHover verticalSpacing="sm" aria-label="Flocks" aria-busy={isFetching}>
          <Table.Thead>
            <Table.Tr>
              <SortableTh label="Flock ID" sortKey="id" {...th} />
              <SortableTh label="Flock Name" sortKey="name" {...th} />
              <SortableTh label="Breed" sortKey="breed" {...th} />
              <SortableTh label="Age" sortKey="age" {...th} />
              <SortableTh label="Bird Count" sortKey="bird_count" {...th} />
              <SortableTh label="Status" sortKey="status" {...th} />
              <Table.Th style={stickyActions}>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((flock) => (
              <Table.Tr key={flock.id}>
                <Table.Td>{flock.id}</Table.Td>
                <Table.Td fw={600}>{flock.name}</Table.Td>
                <Table.Td>{flock.breed}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                      {weeksLabel(flock.age)}
                    </Text>
                    <Badge variant="outline" color="gray" size="sm">
                      {flock.age_group}
                    </Badge>
                  </Group>
                </Table.Td>
                <Table.Td>{numberFormat.format(flock.bird_count)}</Table.Td>
                <Table.Td>
                  <FlockStatusBadge status={flock.status} />
                </Table.Td>
                <Table.Td style={stickyActions}>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => onView(flock)}
                    aria-label={`View Details of ${flock.name}`}
                  >
                    View Details
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} fz="lg">
            Your Flocks
          </Title>
          {actions}
        </Group>
        <TextInput
          label="Search flocks"
          placeholder="Name or breed"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          maw={{ sm: 360 }}
        />
        {body}
        {data && data.total > 0 ? (
          <Group justify="space-between" gap="sm">
            <Text fz="sm" c="dimmed">
              {data.total} {data.total === 1 ? 'flock' : 'flocks'}
            </Text>
            {totalPages > 1 ? (
              <Pagination total={totalPages} value={page} onChange={setPage} size="sm" aria-label="Flock list pages" />
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
