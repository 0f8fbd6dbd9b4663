// Only the chart.js pieces the charts use, so the rest of chart.js is left out of the
// bundle; only lazy chunks import this file (docs/design.md §9: no charts in a first screen).
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { theme as appTheme } from '../theme';

Chart.register(LineController, BarController, CategoryScale, LinearScale, PointElement, LineElement, BarElement, Tooltip, Legend);
// The app's system font stack, not chart.js's Helvetica.
if (appTheme.fontFamily) Chart.defaults.font.family = appTheme.fontFamily;

export interface ChartColors {
  text: string;
  grid: string;
  primary: string;
  danger: string;
  warning: string;
  muted: string;
}

/**
 * The theme's colours as values a canvas can paint (it cannot read CSS variables),
 * recomputed when the dark/light toggle flips.
 */
export function useChartColors(): ChartColors {
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  const shade = dark ? 4 : 7;
  return {
    text: dark ? theme.colors.dark[0] : theme.colors.gray[7],
    grid: dark ? theme.colors.dark[4] : theme.colors.gray[2],
    primary: (theme.colors[theme.primaryColor] ?? theme.colors.green)[shade],
    danger: theme.colors.red[shade],
    warning: theme.colors.orange[shade],
    muted: dark ? theme.colors.dark[2] : theme.colors.gray[5],
  };
}

/**
 * docs/product.md §9's main palette of 10, a colour a flock's line or bar: the chart colours first
 * (primary, warning, danger), then more of Mantine's hues at the same shades (7 on light, 4
 * on dark), so each reads on the card in either scheme. 'Other flocks' takes the muted grey.
 */
export function useLinePalette(colors: ChartColors): string[] {
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  const shade = dark ? 4 : 7;
  const hue = (name: string) => theme.colors[name]?.[shade] ?? colors.muted;
  return [colors.primary, hue('blue'), colors.warning, hue('grape'), hue('teal'), colors.danger, hue('indigo'), hue('cyan'), hue('pink'), hue('violet')];
}

/** docs/product.md §9: a revenue-versus-expenses pie's two fixed colours, revenue first. */
export function pieColors(colors: ChartColors): [revenue: string, expenses: string] {
  return [colors.primary, colors.danger];
}

export { Chart };
