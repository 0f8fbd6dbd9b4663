import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatKes, formatQuantity, todayAllDone, todayIsSilent, todayMessages as m, type Today, type Vaccination } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { IconBuildingWarehouse, IconCheck, IconCoin, IconEgg, IconVaccine } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../lib/use-can';
import { useDayText, useFarmDates } from '../../../ui/date';
import classes from './today-block.module.css';
import { TodaySkeleton } from './today-skeleton';

interface TodayBlockProps {
  data: Today | undefined;
  failed: boolean;
  onRetry: () => void;
  /** The vaccination actions: composed in by the app, as the vaccinations feature owns them. */
  vaccinationActions?: (vaccination: Vaccination) => ReactNode;
}

interface PartProps {
  icon: ReactNode;
  title: string;
  count: string;
  children?: ReactNode;
  action?: ReactNode;
}

/** One kind of thing to do: what it is, how many, the first few, and where to do it. */
function Part({ icon, title, count, children, action }: PartProps) {
  return (
    <li className={classes.part}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {icon}
        <div className={classes.body}>
          <Text fw={700} lh={1.3}>
            {title}
          </Text>
          <Text fz="sm" c="dimmed">
            {count}
          </Text>
          {children}
          {action ? <div className={classes.action}>{action}</div> : null}
        </div>
      </Group>
    </li>
  );
}

const partIcon = (Icon: typeof IconEgg, color: string) => (
  <ThemeIcon size={36} radius="md" variant="light" color={color} aria-hidden>
    <Icon size={20} />
  </ThemeIcon>
);

const more = (shown: number, total: number) => (total > shown ? ` ${m.more(total - shown)}` : '');

/**
 * The dashboard's first block (decision 056): what still needs doing on the farm today, each
 * a tap away. The server decides what the role may see; nothing is counted here.
 */
export function TodayBlock({ data, failed, onRetry, vaccinationActions }: TodayBlockProps) {
  const dates = useFarmDates();
  const dayText = useDayText();
  const recordsEggs = useCan('eggs.write');
  if (failed) {
    return (
      <Paper component="section" aria-labelledby="today-title" withBorder p={{ base: 'md', sm: 'lg' }}>
        <Title id="today-title" order={2} fz="lg" mb="xs">
          {m.title}
        </Title>
        <Group gap="sm">
          <Text c="dimmed">{m.failed}</Text>
          <Button variant="default" size="xs" onClick={onRetry}>
            {m.retry}
          </Button>
        </Group>
      </Paper>
    );
  }
  if (!data) return <TodaySkeleton />;
  if (todayIsSilent(data)) return null;
  const { eggs, vaccinations, low_stock: low, credit } = data;
  const allDone = todayAllDone(data);
  return (
    <Paper component="section" aria-labelledby="today-title" withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title id="today-title" order={2} fz="lg" mb="sm">
        {m.title}
      </Title>
      {allDone ? (
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={36} radius="xl" variant="light" color="green" aria-hidden>
            <IconCheck size={20} />
          </ThemeIcon>
          <Text>{m.allDone}</Text>
        </Group>
      ) : (
        <ul className={classes.parts}>
          {eggs && eggs.missing > 0 ? (
            <Part
              icon={partIcon(IconEgg, 'yellow')}
              title={m.eggsTitle}
              count={m.eggsMissing(eggs.missing, eggs.laying)}
              action={
                recordsEggs ? (
                  <Button component={Link} to={paths.eggDay.getHref()} size="sm">
                    {m.eggsAction}
                  </Button>
                ) : null
              }
            >
              <Text fz="sm">
                {eggs.flocks.map((f) => f.name).join(', ')}
                {more(eggs.flocks.length, eggs.missing)}
              </Text>
            </Part>
          ) : null}
          {vaccinations ? (
            <Part
              icon={partIcon(IconVaccine, 'grape')}
              title={m.vaccinationsTitle}
              count={m.vaccinationsCount(vaccinations.total, vaccinations.overdue)}
              action={
                vaccinations.overdue > 0 ? (
                  <Anchor component={Link} to={paths.vaccinations.getHref(undefined, 'overdue')} fz="sm" fw={600}>
                    {m.seeAllVaccinations}
                  </Anchor>
                ) : null
              }
            >
              <Stack component="ul" gap={6} mt={6} className={classes.rows}>
                {vaccinations.items.map((v) => (
                  <li key={v.id} className={classes.row}>
                    <div>
                      <Text fz="sm" fw={600}>
                        {v.vaccine_name} · {v.flock_name}
                      </Text>
                      <Text fz="xs" c={v.due === 'overdue' ? 'red' : 'dimmed'} fw={v.due === 'overdue' ? 600 : undefined}>
                        {dates.dateTime(v.date)}
                      </Text>
                    </div>
                    {vaccinationActions ? <Group gap={6}>{vaccinationActions(v)}</Group> : null}
                  </li>
                ))}
              </Stack>
            </Part>
          ) : null}
          {low ? (
            <Part
              icon={partIcon(IconBuildingWarehouse, 'orange')}
              title={m.lowStockTitle}
              count={m.lowStockCount(low.total)}
              action={
                <Anchor component={Link} to={paths.inventory.getHref()} fz="sm" fw={600}>
                  {m.seeLowStock}
                </Anchor>
              }
            >
              <Stack component="ul" gap={2} mt={6} className={classes.rows}>
                {low.items.map((item) => (
                  <li key={item.id}>
                    <Text fz="sm">
                      <Text span inherit fw={600}>
                        {item.item_name}
                      </Text>
                      {': '}
                      {m.lowStockLine(formatQuantity(item.quantity), item.unit, formatQuantity(item.reorder_level))}
                    </Text>
                  </li>
                ))}
              </Stack>
            </Part>
          ) : null}
          {credit ? (
            <Part
              icon={partIcon(IconCoin, 'red')}
              title={m.creditTitle}
              count={`${m.creditCount(credit.sales)} · ${formatKes(credit.owed_cents)}`}
              action={
                <Anchor component={Link} to={paths.debtors.getHref()} fz="sm" fw={600}>
                  {m.seeDebtors}
                </Anchor>
              }
            >
              {credit.oldest ? <Text fz="sm">{m.creditSince(dayText(credit.oldest))}</Text> : null}
            </Part>
          ) : null}
        </ul>
      )}
    </Paper>
  );
}
