// Only the chart.js pieces the charts use, so the rest of chart.js is left out of the
// bundle; only lazy chunks import this file (DESIGN §9: no charts in a first screen).
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

export { Chart };
