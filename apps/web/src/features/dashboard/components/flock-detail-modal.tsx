import { AGE_GROUP_LABELS, formatCount } from '@kuku/domain';
import { Badge, Modal, Skeleton } from '@mantine/core';
import {
  DASHBOARD_DETAIL_VACCINATIONS,
  dashboardDialogWords,
  dashboardMessages as m,
  FLOCK_HEALTH,
  mortalityDisplay,
  type OverviewFlock,
  type Vaccination,
} from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useFarmDates } from '../../../ui/date';
import { vaccinationListQueryOptions } from '../../vaccinations/api';
import classes from './flock-detail-modal.module.css';
import { FlockStatus } from './flock-status';

/** docs/product.md §4 due colouring: overdue red, within 7 days warning, otherwise neutral; Completed green (read in render: words). */
const due = () => ({
  overdue: { color: 'red', label: m.dueOverdue },
  due_soon: { color: 'orange', label: m.dueSoon },
  upcoming: { color: 'gray', label: m.dueUpcoming },
});

/** Pending doses first (overdue, then due soon, then upcoming, each soonest first), then the rest, latest first. */
export function scheduleOrder(list: Vaccination[]): Vaccination[] {
  const rank = (v: Vaccination) => (v.due === 'overdue' ? 0 : v.due === 'due_soon' ? 1 : v.due === 'upcoming' ? 2 : 3);
  return [...list].sort((a, b) => {
    const byRank = rank(a) - rank(b);
    if (byRank !== 0) return byRank;
    return rank(a) < 3 ? a.date.localeCompare(b.date) : b.date.localeCompare(a.date);
  });
}

function VaccinationSchedule({ flockId }: { flockId: number }) {
  const dates = useFarmDates();
  // The vaccinations feature owns this endpoint and its keys: its api module, never its components.
  const { data, isError } = useQuery(vaccinationListQueryOptions({ flockId, page: 1 }));
  if (!data) {
    if (isError) return <p className={classes.muted}>{m.vaccinationsFailed}</p>;
    return <Skeleton h={96} radius="md" aria-label={m.vaccinationsLoading} />;
  }
  if (data.items.length === 0) return <p className={classes.muted}>{m.noVaccinations}</p>;
  const items = scheduleOrder(data.items).slice(0, DASHBOARD_DETAIL_VACCINATIONS);
  return (
    <ul className={classes.list} aria-label={m.vaccinationSchedule}>
      {items.map((v) => {
        const dueMark = v.status === 'Pending' && v.due !== 'done' ? due()[v.due] : null;
        return (
          <li key={v.id} className={classes.item}>
            <span className={classes.vaccine}>{v.vaccine_name}</span>
            <span className={classes.when}>{dates.date(v.date)}</span>
            <span className={classes.badges}>
              <Badge variant="light" color={v.status === 'Completed' ? 'green' : v.status === 'Cancelled' ? 'gray' : 'orange'}>
                {v.status}
              </Badge>
              {dueMark ? (
                <Badge variant="light" color={dueMark.color}>
                  {dueMark.label}
                </Badge>
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

interface FlockDetailModalProps {
  flock: OverviewFlock;
  opened: boolean;
  onClose: () => void;
}

/** docs/product.md §2: a flock of the Flock Overview, its Health Status and its Vaccination Schedule. */
export function FlockDetailModal({ flock, opened, onClose }: FlockDetailModalProps) {
  const mortality = mortalityDisplay(flock.mortality_rate);
  return (
    <Modal opened={opened} onClose={onClose} title={m.flockDetailTitle(flock.name)} size="lg">
      <section aria-labelledby="flock-detail-health" className={classes.section}>
        <h3 className={classes.heading} id="flock-detail-health">
          {m.healthStatus}
        </h3>
        <dl className={classes.facts}>
          <div>
            <dt>{m.statusColumn}</dt>
            <dd>
              <FlockStatus status={flock.status} />
            </dd>
          </div>
          <div>
            <dt>{m.health}</dt>
            <dd className={classes.good}>{FLOCK_HEALTH.status}</dd>
          </div>
          <div>
            <dt>
              {m.birdsNow} / {m.initialBirds.toLowerCase()}
            </dt>
            <dd>
              {formatCount(flock.bird_count)} / {formatCount(flock.initial_bird_count)}
            </dd>
          </div>
          <div>
            <dt>{m.deaths}</dt>
            <dd>{formatCount(flock.deaths)}</dd>
          </div>
          <div>
            <dt>{m.mortalityRate}</dt>
            <dd className={classes[mortality.tone]}>{mortality.text}</dd>
          </div>
          <div>
            <dt>{m.ageGroupColumn}</dt>
            <dd>
              {AGE_GROUP_LABELS[flock.age_group] ?? flock.age_group} ({dashboardDialogWords.ageWeeks(flock.age_weeks)})
            </dd>
          </div>
        </dl>
        <p className={classes.notes}>
          <span className={classes.muted}>{m.healthNotes}: </span>
          {FLOCK_HEALTH.notes.join(', ')}
        </p>
      </section>
      <section aria-labelledby="flock-detail-vaccinations" className={classes.section}>
        <h3 className={classes.heading} id="flock-detail-vaccinations">
          {m.vaccinationSchedule}
        </h3>
        <VaccinationSchedule flockId={flock.id} />
        <Link to={paths.vaccinations.getHref(flock.id)} className={classes.link} onClick={onClose}>
          {m.openVaccinationSchedule}
        </Link>
      </section>
    </Modal>
  );
}

export default FlockDetailModal;
