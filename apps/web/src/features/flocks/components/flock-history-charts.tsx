import { dayText, flockDetailWords as m, shortDayText } from '@kuku/domain';
import { SimpleGrid } from '@mantine/core';
import type { FlockHistory, FlockHistoryWeek } from '@kuku/domain';
import type { ChartData, ChartOptions, ChartType } from 'chart.js';
import { Chart } from '../../../ui/charts/chart';
import { useChartColors, type ChartColors } from '../../../ui/charts/chart-js';
import { ChartPanel } from '../../../ui/charts/chart-panel';
import { ChartTable } from '../../../ui/charts/chart-table';
import type { FlockChartTitles } from './flock-statistics';


function baseOptions<T extends ChartType>(colors: ChartColors): ChartOptions<T> {
  const axis = { ticks: { color: colors.text }, grid: { color: colors.grid }, border: { color: colors.grid } };
  return {
    responsive: true,
    maintainAspectRatio: false,
    // A cheap phone redraws nothing it need not; the theme toggle repaints at once.
    animation: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { display: false, labels: { color: colors.text, boxWidth: 12 } },
    },
    scales: {
      x: { ...axis, ticks: { ...axis.ticks, maxRotation: 0, autoSkipPadding: 8 } },
      y: { ...axis, ticks: { ...axis.ticks, precision: 0 } },
    },
  } as ChartOptions<T>;
}

interface HistoryChartProps<T extends ChartType> {
  type: T;
  title: string;
  note: string;
  summary: string;
  data: ChartData<T>;
  options: ChartOptions<T>;
  table: { headers: string[]; rows: (string | number)[][] };
}

function HistoryChart<T extends ChartType>({ type, title, note, summary, data, options, table }: HistoryChartProps<T>) {
  return (
    <ChartPanel title={title} note={note}>
      <Chart type={type} data={data} options={options} role="img" aria-label={`${title}: ${summary}`} />
      <ChartTable caption={title} headers={table.headers} rows={table.rows} />
    </ChartPanel>
  );
}

function lastOf(weeks: FlockHistoryWeek[]): FlockHistoryWeek | undefined {
  return weeks[weeks.length - 1];
}

/** The four charts of one flock's history; loaded lazily with chart.js. */
export function FlockHistoryCharts({ history, titles }: { history: FlockHistory; titles: FlockChartTitles }) {
  const colors = useChartColors();
  const { weeks } = history;
  const labels = weeks.map((w) => shortDayText(w.week_start));
  const weekOf = (w: FlockHistoryWeek) => dayText(w.week_start);
  const last = lastOf(weeks);
  const sum = (pick: (w: FlockHistoryWeek) => number) => weeks.reduce((total, w) => total + pick(w), 0);
  const line = (label: string, values: number[], color: string): ChartData<'line'>['datasets'][number] => ({
    label,
    data: values,
    borderColor: color,
    backgroundColor: color,
    pointRadius: weeks.length > 12 ? 0 : 3,
    pointHitRadius: 8,
    borderWidth: 2,
    // Straight segments: a smoothed curve would overshoot between weeks (a rate that never falls would seem to).
    tension: 0,
  });

  const vaccinationOptions = baseOptions<'bar'>(colors);
  vaccinationOptions.plugins = { ...vaccinationOptions.plugins, legend: { display: true, position: 'bottom', labels: { color: colors.text, boxWidth: 12 } } };
  const rateOptions = baseOptions<'line'>(colors);
  rateOptions.plugins = { ...rateOptions.plugins, tooltip: { callbacks: { label: (item) => m.mortalityRate(item.formattedValue) } } };
  rateOptions.scales = { ...rateOptions.scales, y: { ...rateOptions.scales?.y, beginAtZero: true, ticks: { color: colors.text, callback: (v) => `${v}%` } } };
  const deathOptions = baseOptions<'bar'>(colors);
  deathOptions.scales = { ...deathOptions.scales, y: { ...deathOptions.scales?.y, beginAtZero: true } };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <HistoryChart
        type="line"
        {...titles.birdCount}
        summary={m.birdsSummary(last?.bird_count ?? 0, weeks.length)}
        data={{ labels, datasets: [line(m.birdsSeries, weeks.map((w) => w.bird_count), colors.primary)] }}
        options={baseOptions<'line'>(colors)}
        table={{ headers: [m.weekOf, m.birdsAtWeekEnd], rows: weeks.map((w) => [weekOf(w), w.bird_count]) }}
      />
      <HistoryChart
        type="bar"
        {...titles.deaths}
        summary={m.deathsSummary(sum((w) => w.deaths), weeks.length)}
        data={{ labels, datasets: [{ label: m.deathsSeries, data: weeks.map((w) => w.deaths), backgroundColor: colors.danger, borderRadius: 3, maxBarThickness: 28 }] }}
        options={deathOptions}
        table={{ headers: [m.weekOf, m.deathsSeries], rows: weeks.map((w) => [weekOf(w), w.deaths]) }}
      />
      <HistoryChart
        type="line"
        {...titles.mortality}
        summary={m.mortalitySummary((last?.mortality_rate ?? 0).toFixed(2))}
        data={{ labels, datasets: [line(m.mortalitySeries, weeks.map((w) => w.mortality_rate), colors.warning)] }}
        options={rateOptions}
        table={{ headers: [m.weekOf, m.mortalitySeries], rows: weeks.map((w) => [weekOf(w), `${w.mortality_rate.toFixed(2)}%`]) }}
      />
      <HistoryChart
        type="bar"
        {...titles.vaccinations}
        summary={m.vaccinationsSummary(sum((w) => w.vaccinations_done), sum((w) => w.vaccinations_due), weeks.length)}
        data={{
          labels,
          datasets: [
            { label: m.dueSeries, data: weeks.map((w) => w.vaccinations_due), backgroundColor: colors.muted, borderRadius: 3, maxBarThickness: 20 },
            { label: m.doneSeries, data: weeks.map((w) => w.vaccinations_done), backgroundColor: colors.primary, borderRadius: 3, maxBarThickness: 20 },
          ],
        }}
        options={vaccinationOptions}
        table={{ headers: [m.weekOf, m.dueSeries, m.doneSeries], rows: weeks.map((w) => [weekOf(w), w.vaccinations_due, w.vaccinations_done]) }}
      />
    </SimpleGrid>
  );
}
