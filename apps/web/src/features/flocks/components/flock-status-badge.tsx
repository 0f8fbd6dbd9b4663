import { Badge } from '@mantine/core';
import { flockStatusLabel, type FlockStatus } from '@kuku/domain';

/** docs/product.md §4: lists colour the status by its lower-case value. */
const STATUS_COLORS: Record<FlockStatus, string> = {
  active: 'kuku',
  growing: 'blue',
  chicks: 'yellow',
  mature: 'grape',
  archived: 'gray',
};

export function FlockStatusBadge({ status }: { status: FlockStatus }) {
  return (
    // max-content: a table squeezing its columns would otherwise cut the label to "Archi…".
    <Badge color={STATUS_COLORS[status]} variant="light" miw="max-content">
      {flockStatusLabel(status)}
    </Badge>
  );
}
