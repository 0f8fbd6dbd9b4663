import { useQuery } from '@tanstack/react-query';
import { todayQuery } from '../features/today/api';
import { TodayBlock } from '../features/today/components/today-block';
import { DueActions } from '../features/vaccinations/components/due-actions';

/** What needs doing today, with the vaccinations' own actions composed in (features do not import each other). */
export function TodayPart() {
  const today = useQuery(todayQuery());
  return (
    <TodayBlock
      data={today.data}
      failed={today.isError && !today.data}
      onRetry={() => void today.refetch()}
      vaccinationActions={(v) => <DueActions vaccination={v} />}
    />
  );
}
