import { NativeSelect } from '@mantine/core';
import { reportMessages as m } from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { flockOptionsQuery } from '../../flocks/api';

interface FlockSelectProps {
  className?: string;
  /** A flock's id, or '' for every flock. */
  value: string;
  onChange: (value: string) => void;
}

/** The financial report's flock (docs/product.md §7: flock_id), every flock by default. */
export function FlockSelect({ className, value, onChange }: FlockSelectProps) {
  const flocks = useQuery(flockOptionsQuery()).data ?? [];
  return (
    <NativeSelect
      className={className}
      label={m.flock}
      description={m.flockHint}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[{ value: '', label: m.allFlocks }, ...flocks.map((flock) => ({ value: String(flock.id), label: flock.name }))]}
    />
  );
}

export default FlockSelect;
