import { Paper, Skeleton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { AGE_GROUP_LABELS, breedLabel, dashboardMessages as m, flockFigureWords, formatCount, mortalityDisplay, type OverviewFlock } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useFarmDates, type FarmDates } from '../../../ui/date';
import { lazyWithPreload } from '../../../first-screen/lazy';
import classes from './flock-overview.module.css';
import { FlockStatus } from './flock-status';

// The detail dialog (its vaccinations query and list) loads on first use or intent.
const FlockDetailModal = lazyWithPreload(() => import('./flock-detail-modal'), (mod) => mod.FlockDetailModal);

function Mortality({ rate }: { rate: number }) {
  const { text, tone } = mortalityDisplay(rate);
  return <span className={classes[tone]}>{text === flockFigureWords.noMortalities ? '0.00%' : text}</span>;
}

function NextVaccination({ flock, dates, now }: { flock: OverviewFlock; dates: FarmDates; now: number }) {
  const next = flock.next_vaccination;
  if (!next) return <span className={classes.dim}>{m.noNextVaccination}</span>;
  const overdue = new Date(next.date).getTime() < now;
  return (
    <span>
      {next.vaccine_name}, {dates.date(next.date)}
      {overdue ? <span className={classes.overdue}> ({m.dueOverdue})</span> : null}
    </span>
  );
}

interface FlockOverviewProps {
  flocks: OverviewFlock[] | undefined;
  /** The farm's flocks in all (the card lists the largest few). */
  total: number | undefined;
  failed: boolean;
}

/**
 * docs/product.md §2 Flock Overview: the largest flocks not archived with their health figures and next
 * vaccination; each opens its detail dialog (Health Status, Vaccination Schedule).
 */
export function FlockOverview({ flocks, total, failed }: FlockOverviewProps) {
  // Cards or a table is chosen on the first render: nothing is drawn twice (decision 022). The
  // table's seven columns want the room of a desktop beside the sidebar (md and up).
  const wide = useMediaQuery('(min-width: 62em)', undefined, { getInitialValueInEffect: false });
  const dates = useFarmDates();
  const [selected, setSelected] = useState<{ flock: OverviewFlock; opened: boolean } | null>(null);
  const open = (flock: OverviewFlock) => setSelected({ flock, opened: true });
  // The moment the card was drawn: a dose due before it is overdue.
  const [now] = useState(Date.now);

  let body;
  if (!flocks) {
    body = failed ? <p className={classes.empty}>{m.loadFailed}</p> : <Skeleton h={160} radius="md" aria-hidden />;
  } else if (flocks.length === 0) {
    body = (
      <p className={classes.empty}>
        <span>{m.noFlocks}</span>
        <Link to={paths.flocks.getHref()} className={classes.link}>
          {m.addFirstFlock}
        </Link>
      </p>
    );
  } else if (wide) {
    body = (
      <div className={classes.scroll}>
        <table className={classes.table} aria-labelledby="dashboard-flocks-title">
          <thead>
            <tr>
              <th scope="col">{m.flockColumn}</th>
              <th scope="col">{m.breedColumn}</th>
              <th scope="col" className={classes.num}>
                {m.birdsColumn}
              </th>
              <th scope="col">{m.ageGroupColumn}</th>
              <th scope="col">{m.statusColumn}</th>
              <th scope="col" className={classes.num}>
                {m.mortalityColumn}
              </th>
              <th scope="col">{m.nextVaccination}</th>
            </tr>
          </thead>
          <tbody>
            {flocks.map((flock) => (
              // The row answers a click anywhere; the name is its button for the keyboard and screen readers.
              <tr key={flock.id} onClick={() => open(flock)} onPointerEnter={FlockDetailModal.preload}>
                <td>
                  <button
                    type="button"
                    className={classes.open}
                    aria-label={m.viewFlockDetails(flock.name)}
                    onClick={(event) => {
                      event.stopPropagation();
                      open(flock);
                    }}
                    onFocus={FlockDetailModal.preload}
                  >
                    {flock.name}
                  </button>
                </td>
                <td>{breedLabel(flock.breed)}</td>
                <td className={classes.num}>{formatCount(flock.bird_count)}</td>
                <td>{AGE_GROUP_LABELS[flock.age_group] ?? flock.age_group}</td>
                <td>
                  <FlockStatus status={flock.status} />
                </td>
                <td className={classes.num}>
                  <Mortality rate={flock.mortality_rate} />
                </td>
                <td>
                  <NextVaccination flock={flock} dates={dates} now={now} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  } else {
    body = (
      <ul className={classes.cards} aria-labelledby="dashboard-flocks-title">
        {flocks.map((flock) => (
          <li key={flock.id}>
            <button
              type="button"
              className={classes.card}
              aria-label={m.viewFlockDetails(flock.name)}
              onClick={() => open(flock)}
              onFocus={FlockDetailModal.preload}
              onPointerDown={FlockDetailModal.preload}
            >
              <span className={classes.cardHead}>
                <span className={classes.cardName}>{flock.name}</span>
                <FlockStatus status={flock.status} />
              </span>
              <span className={classes.cardFacts}>
                <span>
                  {m.birdCount(formatCount(flock.bird_count))}
                </span>
                <span className={classes.dim}>{breedLabel(flock.breed)}</span>
                <span className={classes.dim}>{AGE_GROUP_LABELS[flock.age_group] ?? flock.age_group}</span>
                <span>
                  {m.mortalityColumn}: <Mortality rate={flock.mortality_rate} />
                </span>
              </span>
              <span className={classes.cardFacts}>
                <span className={classes.dim}>{m.nextVaccination}:</span>
                <NextVaccination flock={flock} dates={dates} now={now} />
              </span>
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="dashboard-flocks-title">
      <div className={classes.head}>
        <h2 className={classes.title} id="dashboard-flocks-title">
          {m.flockOverview}
        </h2>
        {flocks && flocks.length > 0 ? (
          <Link to={paths.flocks.getHref()} className={classes.link}>
            {m.viewAllFlocks}
            {total !== undefined && total > flocks.length ? ` (${formatCount(total)})` : ''}
          </Link>
        ) : null}
      </div>
      <p className={classes.note}>{m.flockOverviewNote}</p>
      {body}
      {selected ? (
        <Suspense fallback={null}>
          <FlockDetailModal
            key={selected.flock.id}
            flock={selected.flock}
            opened={selected.opened}
            onClose={() => setSelected((s) => (s ? { ...s, opened: false } : s))}
          />
        </Suspense>
      ) : null}
    </Paper>
  );
}
