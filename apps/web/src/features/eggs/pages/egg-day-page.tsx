import { Alert, Button, Skeleton, Stack, TextInput } from '@mantine/core';
import { eggMessages as m } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../lib/use-can';
import { PageHeader } from '../../../ui/page-header';
import { eggDayQuery } from '../api';
import { EggDayForm } from '../components/egg-day-form';
import classes from './eggs-page.module.css';
import { useDayText } from '../../../ui/date';
import { useFarmToday } from '../../../ui/farm-today';

/**
 * 'Record today's eggs': every laying flock's day on one screen (a farm of many flocks records
 * its morning in one pass), or a past day the farmer missed.
 */
export function EggDayPage() {
  const today = useFarmToday();
  // null: the farm's today, the answer the route's loader already asked for.
  const [date, setDate] = useState<string | null>(null);
  const day = useQuery(eggDayQuery(date));
  const canWrite = useCan('eggs.write');
  const dayText = useDayText();
  const shownDay = day.data?.date ?? date ?? today;
  const isToday = shownDay === today;

  return (
    <>
      <PageHeader title={isToday ? m.dayTitle : m.dayTitleFor(dayText(shownDay))} subtitle={m.dayIntro} />
      <Stack gap="md">
        <TextInput
          className={classes.dayPicker}
          label={m.dayDate}
          type="date"
          max={today}
          value={shownDay}
          onChange={(event) => {
            const chosen = event.currentTarget.value;
            if (chosen !== '' && chosen <= today) setDate(chosen === today ? null : chosen);
          }}
        />
        {day.data ? (
          day.data.flocks.length === 0 ? (
            <Alert color="gray" title={m.dayNoFlocks}>
              <Button component={Link} to={paths.flocks.getHref()} variant="light" size="xs">
                {m.flockManagement}
              </Button>
            </Alert>
          ) : (
            // A new day starts the rows afresh; a refetch of the same day leaves what is typed.
            <EggDayForm key={day.data.date} day={day.data} isToday={day.data.date === today} canWrite={canWrite} />
          )
        ) : day.isError ? (
          <Alert color="red" title={m.dayFailedToLoad}>
            <Button variant="light" size="xs" onClick={() => void day.refetch()}>
              {m.retry}
            </Button>
          </Alert>
        ) : (
          <Skeleton height={320} radius="md" aria-label={m.dayLoading} />
        )}
      </Stack>
    </>
  );
}
