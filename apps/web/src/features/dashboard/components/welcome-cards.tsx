import { dashboardMessages as m } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconChartLine, IconEgg, IconFeather, IconVaccine } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCanOpen } from '../../../lib/use-can';
import classes from './dashboard.module.css';

/** Read in render: words are never read as the module loads (common/words.ts). */
const cards = () => [
  {
    title: m.flockOverview,
    text: m.flocksCard,
    to: paths.flocks.getHref(),
    icon: IconFeather,
    color: 'kuku',
  },
  {
    title: m.eggsCardTitle,
    text: m.eggsCard,
    to: paths.eggs.getHref(),
    icon: IconEgg,
    color: 'yellow',
  },
  {
    title: m.salesCardTitle,
    text: m.salesCard,
    to: paths.sales.getHref(),
    icon: IconChartLine,
    color: 'blue',
  },
  {
    title: m.vaccinationsCardTitle,
    text: m.vaccinationsCard,
    to: paths.vaccinations.getHref(),
    icon: IconVaccine,
    color: 'grape',
  },
];

export function WelcomeCards() {
  // Only the screens the role may open (docs/design.md §6).
  const canOpen = useCanOpen();
  return (
    <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      {cards().filter((item) => canOpen(item.to)).map((card) => (
        <Card
          key={card.to}
          component={Link}
          to={card.to}
          withBorder
          padding="lg"
          className={classes.linkCard}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <ThemeIcon size={44} radius="md" variant="light" color={card.color} aria-hidden>
              <card.icon size={24} />
            </ThemeIcon>
            <IconArrowRight size={18} className={classes.arrow} aria-hidden />
          </Group>
          <Text fw={700} fz={{ base: 'md', sm: 'lg' }} mt="md" lh={1.3}>
            {card.title}
          </Text>
          {/* Phones show two cards a row: the title says enough there. */}
          <Text c="dimmed" fz="sm" mt={4} visibleFrom="sm">
            {card.text}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
