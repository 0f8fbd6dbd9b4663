import { MantineProvider, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:mantine-theme.css';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const STYLE = /<style[^>]*>([\s\S]*?)<\/style>/g;

/**
 * The rules MantineProvider would put in the page at start-up for `theme`: its CSS variables
 * (the palette, the primary colour, `resolver`'s per-scheme values) and its global classes
 * (hidden-from, visible-from), as Mantine itself writes them.
 */
export function mantineThemeCss(theme: MantineThemeOverride, resolver: CSSVariablesResolver): string {
  const html = renderToStaticMarkup(createElement(MantineProvider, { theme, cssVariablesResolver: resolver }));
  const rules = [...html.matchAll(STYLE)].map((match) => match[1] ?? '');
  if (rules.length !== 2) throw new Error(`kuku:mantine-theme: MantineProvider wrote ${rules.length} style elements, not its variables and its classes`);
  return rules.join('\n');
}

/**
 * `import 'virtual:mantine-theme.css'` loads the theme's variables and Mantine's global classes
 * as part of the stylesheet, written at build time. The app's MantineProvider then adds neither
 * (`withCssVariables` and `withGlobalClasses` off): at start-up it no longer works out some
 * 700 variables and adds two style elements to the first screen (decision 046).
 */
export function mantineTheme(theme: MantineThemeOverride, resolver: CSSVariablesResolver): Plugin {
  return {
    name: 'kuku:mantine-theme',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? mantineThemeCss(theme, resolver) : undefined),
  };
}
