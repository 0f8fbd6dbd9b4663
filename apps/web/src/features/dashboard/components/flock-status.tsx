import { Badge } from '@mantine/core';
import { flockStatusLabel, type FlockStatus } from '@kuku/domain';

/** docs/product.md §4: lists colour the status by its lower-case value (the flock screen's colours). */
const STATUS_COLORS: Record<FlockStatus, string> = {
  active: 'kuku',
  growing: 'blue',
  chicks: 'yellow',
  mature: 'grape',
  archived: 'gray',
};

export function FlockStatus({ status }: { status: FlockStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" miw="max-content">
      {flockStatusLabel(status)}
    </Badge>
  );
}
