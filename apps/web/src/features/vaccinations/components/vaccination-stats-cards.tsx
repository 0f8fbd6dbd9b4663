import { Paper, Skeleton, Text } from '@mantine/core';
import { formatCount, vaccinationPageWords as m, type VaccinationFilter, type VaccinationStats } from '@kuku/domain';
import { Link } from 'react-router';
import stretched from '../../../ui/stretched-link.module.css';
import classes from './vaccination-stats-cards.module.css';

/**
 * Each card opens the history filtered to what it counts (decision 054). Built in render, not
 * when the module loads: a Kiswahili page's words arrive after that.
 */
const cards = () =>
  [
    { key: 'scheduled', label: m.scheduled, color: undefined, filter: 'all' },
    { key: 'pending', label: m.pending, color: 'yellow', filter: 'pending' },
    { key: 'completed', label: m.completed, color: 'green', filter: 'done' },
    { key: 'overdue', label: m.overdue, color: 'red', filter: 'overdue' },
    { key: 'due_within_7_days', label: m.dueWithin7, color: 'orange', filter: 'week' },
  ] as const satisfies readonly { key: keyof VaccinationStats; label: string; color: string | undefined; filter: VaccinationFilter }[];

interface VaccinationStatsCardsProps {
  stats: VaccinationStats | undefined;
  /** The history's filter now: its card is marked. */
  filter?: VaccinationFilter;
  hrefOf?: (filter: VaccinationFilter) => string;
}

/** Counted by the server (docs/style.md rule 11); the browser adds nothing up. */
export function VaccinationStatsCards({ stats, filter, hrefOf }: VaccinationStatsCardsProps) {
  return (
    // Five cards: the total takes a row of its own below lg, so no card is left alone.
    <div className={classes.cards}>
      {cards().map((card, index) => {
        const current = hrefOf !== undefined && filter === card.filter;
        const place = index === 0 ? classes.total : undefined;
        return (
          <Paper
            key={card.key}
            className={[place, hrefOf ? stretched.card : undefined, current ? classes.current : undefined].filter(Boolean).join(' ') || undefined}
            withBorder
            p={{ base: 'sm', sm: 'md' }}
            role="group"
            aria-label={card.label}
          >
            <Text c="dimmed" fz="sm" fw={500}>
              {hrefOf ? (
                // The link's box covers the card: a tap anywhere on it opens the list it counts.
                <Link to={hrefOf(card.filter)} replace preventScrollReset className={`${stretched.link} ${classes.cardLink}`} aria-current={current ? 'true' : undefined}>
                  {card.label}
                </Link>
              ) : (
                card.label
              )}
            </Text>
            {/* The skeleton wraps the same line of text, so the card keeps its height when the count arrives. */}
            <Skeleton visible={!stats} w="fit-content" miw={48} mt={4}>
              <Text fz={{ base: 24, sm: 28 }} fw={700} c={stats && stats[card.key] > 0 ? card.color : undefined} lh={1.2}>
                {/* A zero is no alarm: only a count above zero takes the card's colour. */}
                {stats ? formatCount(stats[card.key]) : 0}
              </Text>
            </Skeleton>
          </Paper>
        );
      })}
    </div>
  );
}
