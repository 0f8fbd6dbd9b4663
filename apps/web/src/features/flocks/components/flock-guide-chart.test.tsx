import { breedGuideWords as w, type EconomicsWeek, type EconomicsWeeks } from '@kuku/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { queryClientAs } from '../../../test/signed-in';
import { FlockGuideChart } from './flock-guide-chart';

const week = (over: Partial<EconomicsWeek>): EconomicsWeek => ({
  week: 30,
  start_date: '2026-11-02',
  end_date: '2026-11-08',
  days: 7,
  egg_days: 7,
  hen_day_percent: null,
  guide_hen_day_percent: null,
  feed_per_bird_day_grams: null,
  guide_feed_per_bird_day_grams: null,
  weighings: 0,
  age_days: 216,
  average_weight_kg: null,
  guide_weight_kg: null,
  feed_conversion_ratio: null,
  guide_feed_conversion_ratio: null,
  ...over,
});

const layers: EconomicsWeeks = {
  flock_id: 7,
  flock_name: 'Layers batch 1',
  breed: 'Layers',
  kind: 'layers',
  guide: 'hy-line-brown',
  weeks: [
    week({ week: 29, start_date: '2026-10-26', hen_day_percent: 70.5, guide_hen_day_percent: 95, feed_per_bird_day_grams: 118, guide_feed_per_bird_day_grams: 113 }),
    week({ week: 30, start_date: '2026-11-02', hen_day_percent: 68, guide_hen_day_percent: 95, feed_per_bird_day_grams: 121, guide_feed_per_bird_day_grams: 113 }),
    // The week under way, its first 2 days: the summary reads the last full week.
    week({ week: 31, start_date: '2026-11-09', days: 2, egg_days: 2, hen_day_percent: 50, guide_hen_day_percent: 95, guide_feed_per_bird_day_grams: 113 }),
  ],
};

function renderChart(answer: EconomicsWeeks) {
  const requests = mockApi({ 'GET /flocks/7/economics/weeks': { body: answer } });
  renderWithProviders(<FlockGuideChart flockId={7} />, { queryClient: queryClientAs('worker') });
  return requests;
}

const values = (chart: HTMLElement) => JSON.parse(chart.getAttribute('data-values') ?? '[]') as unknown[];

describe('FlockGuideChart', () => {
  it('draws a laying flock’s hen-day and feed beside the guide’s dashed line, with the latest week in words and every week in a table', async () => {
    const requests = renderChart(layers);
    expect(await screen.findByText(w.summaryLayers(30, '68%', '95%', '121 g', '113 g'))).toBeInTheDocument();
    expect(requests[0]?.query.get('weeks')).toBe('12');
    expect(screen.getByRole('heading', { name: w.title })).toBeInTheDocument();
    expect(screen.getByText(w.note('Hy-Line Brown'))).toBeInTheDocument();

    const henDay = await screen.findByRole('img', { name: w.chartLabel(w.henDayTitle, 29, 31, '68%', '95%') });
    expect(henDay.getAttribute('data-series')).toBe(JSON.stringify([w.thisFlock, w.guide]));
    expect(henDay.getAttribute('data-dashed')).toBe('[false,true]');
    expect(henDay.getAttribute('data-y-max')).toBe('100');
    expect(values(henDay)).toEqual([
      [70.5, 68, 50],
      [95, 95, 95],
    ]);
    // The charts are drawn one a task (ui/charts/chart.tsx): the second a moment after the first.
    const feed = await screen.findByRole('img', { name: w.chartLabel(w.feedTitle, 29, 31, '121 g', '113 g') });
    // A week without records is a gap, never 0.
    expect(values(feed)).toEqual([
      [118, 121, null],
      [113, 113, 113],
    ]);

    const table = screen.getByRole('table', { name: w.henDayTitle });
    const rows = within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      [w.weekHeader, w.thisFlock, w.guideLine('Hy-Line Brown')],
      [w.weekLong(29, '26 Oct 2026'), '70.5%', '95%'],
      [w.weekLong(30, '02 Nov 2026'), '68%', '95%'],
      [w.weekLong(31, '09 Nov 2026'), '50%', '95%'],
    ]);
  });

  it('draws a broiler batch’s average weight and FCR beside Cobb 500’s', async () => {
    renderChart({
      ...layers,
      breed: 'Broilers',
      kind: 'broilers',
      guide: 'cobb-500',
      weeks: [week({ week: 4, weighings: 1, age_days: 31, average_weight_kg: 1.5, guide_weight_kg: 1.807, feed_conversion_ratio: 1.37, guide_feed_conversion_ratio: 1.5 })],
    });
    expect(await screen.findByText(w.summaryBroilers(4, '1.5 kg', '1.807 kg', '1.37', '1.5'))).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: w.chartLabel(w.weightTitle, 4, 4, '1.5 kg', '1.807 kg') })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: w.chartLabel(w.fcrTitle, 4, 4, '1.37', '1.5') })).toBeInTheDocument();
  });

  it('says what to record when no week has a figure, and that an indigenous breed’s guide is rough', async () => {
    renderChart({ ...layers, breed: 'Improved Free Range', guide: 'kalro-improved-kienyeji', weeks: [week({ guide_hen_day_percent: 68 })] });
    expect(await screen.findByText(w.noFigures)).toBeInTheDocument();
    expect(screen.getByText(`${w.note(w.guideNames['kalro-improved-kienyeji'])} ${w.rough}`)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('says so when the weeks cannot be loaded', async () => {
    mockApi({ 'GET /flocks/7/economics/weeks': { status: 500, body: { error: { code: 'internal', message: 'Boom' } } } });
    renderWithProviders(<FlockGuideChart flockId={7} />, { queryClient: queryClientAs('worker') });
    expect(await screen.findByText(w.loadFailed)).toBeInTheDocument();
  });
});
