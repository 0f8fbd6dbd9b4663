import { Group, Paper, Skeleton, Title } from '@mantine/core';
import { todayMessages } from '@kuku/domain';
import classes from './today-block.module.css';

/**
 * One thing to do while it is on the way, in a part's shape (today-block.tsx): its icon, title,
 * count, a line of detail and the action under them, so what arrives takes about the room kept.
 */
function PartSkeleton() {
  return (
    <li className={classes.part}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Skeleton h={36} w={36} radius="md" />
        <div className={classes.body}>
          <Skeleton h={16} w="50%" mt={3} />
          <Skeleton h={14} w="80%" mt={10} />
          <Skeleton h={14} w="70%" mt={8} />
          <Skeleton h={22} w="35%" mt={18} />
        </div>
      </Group>
    </li>
  );
}

/** The Today block's place while its code or data is on the way: its title and two parts, as most days have. */
export function TodaySkeleton() {
  return (
    <Paper component="section" aria-labelledby="today-title" aria-busy withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title id="today-title" order={2} fz="lg" mb="sm">
        {todayMessages.title}
      </Title>
      <ul className={classes.parts} aria-hidden>
        <PartSkeleton />
        <PartSkeleton />
      </ul>
    </Paper>
  );
}
