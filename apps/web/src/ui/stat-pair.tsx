import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './stat-pair.module.css';

export interface Stat {
  label: string;
  value: ReactNode;
  /** A colour for the value, e.g. when a count calls for attention. */
  color?: string;
  /** What the figure counts, when its label alone could mislead. */
  note?: string;
}

/** Two counts side by side, each a small label over a large figure. */
export function StatPair({ stats }: { stats: readonly [Stat, Stat] }) {
  return (
    <div className={classes.pair}>
      {stats.map((stat) => (
        <Stack key={stat.label} gap={2}>
          <Text fz="sm" c="dimmed">
            {stat.label}
          </Text>
          <Text fz={28} fw={700} lh={1.1} c={stat.color}>
            {stat.value}
          </Text>
          {stat.note ? (
            <Text fz="xs" c="dimmed">
              {stat.note}
            </Text>
          ) : null}
        </Stack>
      ))}
    </div>
  );
}
