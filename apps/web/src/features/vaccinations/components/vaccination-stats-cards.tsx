import { Paper, Skeleton, Text } from '@mantine/core';
import type { VaccinationStats } from '@kuku/domain';
import classes from './vaccination-stats-cards.module.css';

const cards = [
  { key: 'scheduled', label: 'Scheduled', color: undefined },
  { key: 'pending', label: 'Pending', color: 'yellow' },
  { key: 'completed', label: 'Completed', color: 'green' },
  { key: 'overdue', label: 'Overdue', color: 'red' },
  { key: 'due_within_7_days', label: 'Due within 7 days', color: 'orange' },
] as const satisfies readonly { key: keyof VaccinationStats; label: string; color: string | undefined }[];

/** Counted by the server (STYLE 11); the browser adds nothing up. */
export function VaccinationStatsCards({ stats }: { stats: VaccinationStats | undefined }) {
  return (
    // Five cards: the total takes a row of its own below lg, so no card is left alone.
    <div className={classes.cards}>
      {cards.map((card, index) => (
        <Paper
          key={card.key}
          className={index === 0 ? classes.total : undefined}
          withBorder
          p={{ base: 'sm', sm: 'md' }}
          role="group"
          aria-label={card.label}
        >
          <Text c="dimmed" fz="sm" fw={500}>
            {card.label}
          </Text>
          {/* The skeleton wraps the same line of text, so the card keeps its height when the count arrives. */}
          <Skeleton visible={!stats} w="fit-content" miw={48} mt={4}>
            <Text fz={{ base: 24, sm: 28 }} fw={700} c={stats && stats[card.key] > 0 ? card.color : undefined} lh={1.2}>
              {/* A zero is no alarm: only a count above zero takes the card's colour. */}
              {stats ? stats[card.key] : 0}
            </Text>
          </Skeleton>
        </Paper>
      ))}
    </div>
  );
}
