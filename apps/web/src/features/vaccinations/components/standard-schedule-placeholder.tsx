import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { STANDARD_SCHEDULE, vaccinationPageWords as m } from '@kuku/domain';
import classes from './standard-schedule-placeholder.module.css';

/** The standard schedule form's place while its code loads: the same title, words and boxes. */
export function StandardSchedulePlaceholder() {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} aria-busy="true">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            {m.standardTitle}
          </Title>
          <Text c="dimmed" fz="sm">
            {m.standardIntro}
          </Text>
        </div>
        <Skeleton className={classes.flock} />
        <div className={classes.items}>
          {STANDARD_SCHEDULE.map((entry) => (
            <Skeleton key={`${entry.day}-${entry.vaccine}`} className={classes.item} radius="md" />
          ))}
        </div>
        <Skeleton className={classes.submit} />
      </Stack>
    </Paper>
  );
}
