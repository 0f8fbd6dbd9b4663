/**
 * A report chart as an SVG string, drawn by ECharts on the server (no DOM, no canvas) so the PDF
 * embeds it as vectors. Only the chart types and components used are registered: ECharts' full
 * build takes far longer to load in each render worker.
 */
import { formatCompact, NUMBER_LOCALE } from '@kuku/domain';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { ReportChart } from '../document.js';
import { reportLanguage, type ReportLanguage } from '../report-language.js';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, SVGRenderer]);

/** Greens and ambers that stay distinct in greyscale print; the later ones only for many series. */
export const CHART_PALETTE = ['#2F6B45', '#D9962B', '#7FB08A', '#8C5A1E', '#B9D4BE', '#F0C674', '#4A6B8A', '#9A9A9A'];

const TEXT_COLOR = '#333333';
const MUTED_COLOR = '#6B6B6B';
const GRID_COLOR = '#E3E3E3';

const wholeFormat = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 0 });
const decimalFormat = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 2 });

export interface ChartSize {
  /** In PDF points: the SVG is drawn at the size it is printed, so 9px text prints at 9pt. */
  width: number;
  height: number;
}

/** Values as the chart plots them: cents become shillings so axes read in KES. */
function plotted(chart: ReportChart, values: number[]): number[] {
  return chart.unit === 'kes' ? values.map((value) => value / 100) : values;
}

function axisLabel(chart: ReportChart, value: number): string {
  const text = formatCompact(value);
  return chart.unit === 'percent' ? `${text}%` : text;
}

/** A slice's plotted value as its legend shows it: 'Ksh 158,000', '12,450', '12.5%'. */
function sliceAmount(chart: ReportChart, value: number, language: ReportLanguage): string {
  if (chart.unit === 'kes') return language.words.document.kshAmount(wholeFormat.format(value));
  if (chart.unit === 'percent') return `${decimalFormat.format(value)}%`;
  return chart.unit === 'count' ? wholeFormat.format(value) : decimalFormat.format(value);
}

/** Whether the chart has anything to draw; the PDF prints a line instead of an empty frame. */
export function chartHasData(chart: ReportChart): boolean {
  if (chart.categories.length === 0) return false;
  if (chart.kind === 'pie') return (chart.series[0]?.values ?? []).some((value) => value > 0);
  return chart.series.some((series) => series.values.some((value) => value !== 0));
}

function pieOption(chart: ReportChart, size: ChartSize, language: ReportLanguage): echarts.EChartsCoreOption {
  const values = chart.series[0]?.values ?? [];
  // A pie cannot show a negative or empty slice; the tables carry those.
  const data = chart.categories
    .map((name, index) => ({ name, value: plotted(chart, [values[index] ?? 0])[0] ?? 0 }))
    .filter((slice) => slice.value > 0);
  const legendWidth = Math.round(size.width * 0.4);
  const amounts = new Map(data.map((slice) => [slice.name, sliceAmount(chart, slice.value, language)]));
  return {
    legend: {
      type: 'plain',
      orient: 'vertical',
      right: 8,
      top: 'middle',
      width: legendWidth,
      itemWidth: 10,
      itemHeight: 10,
      itemGap: 6,
      formatter: (name: string) => `${name}  {amount|${amounts.get(name) ?? ''}}`,
      textStyle: {
        color: TEXT_COLOR,
        fontSize: 9,
        width: legendWidth - 20,
        overflow: 'truncate',
        rich: { amount: { color: MUTED_COLOR, fontSize: 9 } },
      },
    },
    series: [
      {
        type: 'pie',
        radius: ['38%', '72%'],
        center: [Math.round((size.width - legendWidth) / 2), '50%'],
        avoidLabelOverlap: true,
        itemStyle: { borderColor: '#FFFFFF', borderWidth: 1 },
        label: {
          formatter: (params: { percent?: number }) => `${(params.percent ?? 0).toFixed(1)}%`,
          fontSize: 9,
          color: TEXT_COLOR,
        },
        labelLine: { length: 6, length2: 6 },
        data,
      },
    ],
  };
}

function cartesianOption(chart: ReportChart, language: ReportLanguage): echarts.EChartsCoreOption {
  const legend = chart.series.length > 1;
  const manyPoints = chart.categories.length > 24;
  return {
    legend: legend
      ? { top: 0, left: 'center', itemWidth: 12, itemHeight: 8, itemGap: 14, textStyle: { color: TEXT_COLOR, fontSize: 9 } }
      : { show: false },
    grid: {
      left: 4,
      right: 12,
      top: legend ? 30 : 14,
      bottom: 4,
      outerBoundsMode: 'same',
      outerBoundsContain: 'all',
    },
    xAxis: {
      type: 'category',
      data: chart.categories,
      axisTick: { alignWithLabel: true, lineStyle: { color: MUTED_COLOR } },
      axisLine: { lineStyle: { color: MUTED_COLOR } },
      // ECharts picks a label interval that fits; hideOverlap drops any that still collide.
      axisLabel: { color: TEXT_COLOR, fontSize: 8, hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      name: chart.unit === 'kes' ? language.words.document.kesAxis : undefined,
      nameTextStyle: { color: MUTED_COLOR, fontSize: 8, align: 'right' },
      nameGap: 8,
      splitNumber: 5,
      axisLabel: { color: TEXT_COLOR, fontSize: 8, formatter: (value: number) => axisLabel(chart, value) },
      splitLine: { lineStyle: { color: GRID_COLOR, width: 0.6 } },
    },
    series: chart.series.map((series) =>
      chart.kind === 'line'
        ? {
            type: 'line',
            name: series.name,
            data: plotted(chart, series.values),
            showSymbol: !manyPoints,
            symbolSize: 4,
            lineStyle: { width: 1.6 },
          }
        : {
            type: 'bar',
            name: series.name,
            data: plotted(chart, series.values),
            stack: chart.kind === 'stacked' ? 'total' : undefined,
            barMaxWidth: 26,
            barGap: '10%',
          },
    ),
  };
}

/** Draws `chart` at `size`, its words in the report's `language`, and answers the SVG text; the instance is disposed either way. */
export function renderChartSvg(chart: ReportChart, size: ChartSize, language: ReportLanguage = reportLanguage()): string {
  const instance = echarts.init(null, null, { renderer: 'svg', ssr: true, width: size.width, height: size.height });
  try {
    instance.setOption({
      animation: false,
      color: CHART_PALETTE,
      // The PDF has only Roboto; svg-to-pdfkit maps this family to it.
      textStyle: { fontFamily: 'Roboto', color: TEXT_COLOR },
      ...(chart.kind === 'pie' ? pieOption(chart, size, language) : cartesianOption(chart, language)),
    });
    return instance.renderToSVGString();
  } finally {
    instance.dispose();
  }
}
