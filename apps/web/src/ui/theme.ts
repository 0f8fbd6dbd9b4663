import { shellWords } from '@kuku/domain';
import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// A leaf green for the farm. Shade 8 is the filled and text shade in both schemes: white text
// on it, and it on white or the page's gray-0, pass WCAG AA (4.5:1).
const kuku: MantineColorsTuple = [
  '#ecf8ee',
  '#daefde',
  '#b3ddbc',
  '#89ca97',
  '#66ba78',
  '#50b064',
  '#43aa59',
  '#34944a',
  '#2a813f',
  '#1c7233',
];

type MantineHue = 'gray' | 'dark' | 'red' | 'orange' | 'yellow' | 'green' | 'teal' | 'lime';

/** Mantine's own palette `name` with some shades replaced. */
function withShades(name: MantineHue, shades: Record<number, string>): MantineColorsTuple {
  const palette = DEFAULT_THEME.colors[name] ?? [];
  return palette.map((shade, index) => shades[index] ?? shade) as unknown as MantineColorsTuple;
}

/*
 * WCAG AA contrast (4.5:1), checked by e2e/accessibility.spec.ts. Mantine's own shades are
 * too light for text in a few places; these are darker (or, on dark, lighter) shades of the
 * same hues:
 * - gray 6 is `dimmed` text in light: it reads on white, the page's gray-0 and gray-1;
 * - dark 2 is `dimmed` text in dark: it reads on dark 8, 7 (the body) and 6 (cards);
 * - shade 8 is text (`c="red"`) and filled backgrounds under white text (primaryShade 8);
 * - shade 9 is the text of the light variant (badges, the avatar's initials) on shade 1.
 */
const colors = {
  kuku,
  gray: withShades('gray', { 6: '#676d73' }),
  dark: withShades('dark', { 2: '#999999' }),
  red: withShades('red', { 8: '#d52f2f', 9: '#c52929' }),
  orange: withShades('orange', { 8: '#c34b0a', 9: '#bb3e0d' }),
  yellow: withShades('yellow', { 8: '#a66100', 9: '#9c5200' }),
  green: withShades('green', { 8: '#268037', 9: '#247434' }),
  teal: withShades('teal', { 9: '#087a57' }),
  lime: withShades('lime', { 9: '#4b790b' }),
};

// The close buttons of dialogs and toasts are icons: they need a name (WCAG 4.1.2). Not plain
// 'Close': a dialog's own Close button is often beside it.
// Functions, read in render: the page's language may arrive after this module runs (decision 068).
const closeDialog = () => ({ closeButtonProps: { 'aria-label': shellWords.closeDialog } });

export const theme = createTheme({
  // A phone set to reduce motion opens and closes dialogs and menus without their transitions.
  respectReducedMotion: true,
  primaryColor: 'kuku',
  primaryShade: 8,
  colors,
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
    Modal: { defaultProps: closeDialog },
    Drawer: { defaultProps: closeDialog },
    Notification: { defaultProps: () => ({ closeButtonProps: { 'aria-label': shellWords.closeNotification } }) },
    PasswordInput: { defaultProps: () => ({ visibilityToggleButtonProps: { 'aria-label': shellWords.togglePassword } }) },
  },
});

/**
 * Field errors (`--mantine-color-error`) are red 6 in light and red 8 in dark by Mantine's
 * default, below 4.5:1 on white and on dark grey. Red 8 is also the filled shade under white
 * text, so the palette cannot serve both schemes: the error colour is set per scheme here.
 * MantineProvider takes it as `cssVariablesResolver`.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    // A light or subtle button under the pointer: Mantine darkens it to shade 2, where its shade-9
    // text falls below 4.5:1 (kuku 3.99, red 3.88). It lightens to shade 0 instead (4.9:1 or more).
    ...Object.fromEntries(Object.keys(resolved.colors).map((name) => [`--mantine-color-${name}-light-hover`, `var(--mantine-color-${name}-0)`])),
  },
  dark: { '--mantine-color-error': 'var(--mantine-color-red-4)' },
});
