import { paths } from '@kuku/domain/screens';
import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconChartLine, IconEgg, IconFeather, IconVaccine } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCanOpen } from '../../../lib/use-can';
import classes from './dashboard.module.css';

const cards = [
  {
    title: 'Flock Overview',
    text: 'Your flocks, bird counts and their status.',
    to: paths.flocks.getHref(),
    icon: IconFeather,
    color: 'kuku',
  },
  {
    title: 'Egg Production',
    text: 'Record daily collection and watch the trend.',
    to: paths.eggs.getHref(),
    icon: IconEgg,
    color: 'yellow',
  },
  {
    title: 'Sales Analytics',
    text: 'What you sold, what is paid and what is pending.',
    to: paths.sales.getHref(),
    icon: IconChartLine,
    color: 'blue',
  },
  {
    title: 'Vaccinations',
    text: 'Upcoming and past vaccinations for every flock.',
    to: paths.vaccinations.getHref(),
    icon: IconVaccine,
    color: 'grape',
  },
] as const;

export function WelcomeCards() {
  // Only the screens the role may open (docs/design.md §6).
  const canOpen = useCanOpen();
  return (
    <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      {cards.filter((item) => canOpen(item.to)).map((card) => (
        <Card
          key={card.title}
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
