import { Paper, Skeleton, Title } from '@mantine/core';
import { todayMessages } from '@kuku/domain';

/** The Today block's place while its code or data is on the way: its title and two lines. */
export function TodaySkeleton() {
  return (
    <Paper component="section" aria-labelledby="today-title" aria-busy withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title id="today-title" order={2} fz="lg" mb="sm">
        {todayMessages.title}
      </Title>
      <Skeleton h={44} mb="sm" />
      <Skeleton h={44} />
    </Paper>
  );
}
