import { dashboardMessages as m } from '@kuku/domain';
import { paths, screenTitles } from '@kuku/domain/screens';
import { Paper, SimpleGrid, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCanOpen } from '../../../lib/use-can';
import { placeIcons } from '../../../ui/place-icons';
import classes from './dashboard.module.css';

/** Read in render: words are never read as the module loads (common/words.ts). */
const actions = () => [
  { label: m.addFlock, to: paths.flocks.getHref(), icon: IconPlus },
  { label: m.manageInventory, to: paths.inventory.getHref(), icon: placeIcons.inventory },
  { label: m.generateReports, to: paths.reports.getHref(), icon: placeIcons.reports },
  // The owner's weekly summary (decision 078): a link only, the work is on its screen.
  { label: screenTitles.summaries, to: paths.summaries.getHref(), icon: placeIcons.finances },
  { label: m.viewSales, to: paths.sales.getHref(), icon: placeIcons.sales },
  { label: m.viewExpenses, to: paths.expenses.getHref(), icon: placeIcons.expenses },
  { label: m.myProfile, to: paths.profile.getHref(), icon: placeIcons.profile },
];

export function QuickActions() {
  // Only the screens the role may open (docs/design.md §6).
  const canOpen = useCanOpen();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="lg" mb="md">
        {m.quickActions}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        {actions().filter((item) => canOpen(item.to)).map((action) => (
          <UnstyledButton key={action.to} component={Link} to={action.to} className={classes.action}>
            <ThemeIcon size={40} radius="xl" variant="light" aria-hidden>
              <action.icon size={20} />
            </ThemeIcon>
            <Text fz="sm" fw={600} ta="center" mt={8}>
              {action.label}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
