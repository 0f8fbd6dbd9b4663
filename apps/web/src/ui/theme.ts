import { createTheme, type MantineColorsTuple } from '@mantine/core';

// A leaf green for the farm, tuned so white text passes contrast from shade 6 up.
const kuku: MantineColorsTuple = [
  '#ecf8ee',
  '#daefde',
  '#b3ddbc',
  '#89ca97',
  '#66ba78',
  '#50b064',
  '#43aa59',
  '#34944a',
  '#2b8440',
  '#1c7233',
];

export const theme = createTheme({
  primaryColor: 'kuku',
  primaryShade: { light: 7, dark: 6 },
  colors: { kuku },
  defaultRadius: 'md',
  cursorType: 'pointer',
  autoContrast: true,
  // System fonts: no web-font download on slow mobile data.
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Paper: { defaultProps: { radius: 'lg' } },
    Card: { defaultProps: { radius: 'lg' } },
    Button: { defaultProps: { radius: 'md' } },
  },
});
