import { MantineProvider } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '../src/app/providers';
import { cssVariablesResolver, theme } from '../src/ui/theme';
import { mantineThemeCss } from './mantine-theme';

const pageStyles = () => [...document.querySelectorAll('style[data-mantine-styles]')].map((style) => style.textContent);

afterEach(cleanup);

describe("the theme's stylesheet, written at build time", () => {
  it('holds what MantineProvider would add to the page for the theme: its variables and its classes', () => {
    render(createElement(MantineProvider, { theme, cssVariablesResolver }));
    const added = pageStyles();
    expect(added).toHaveLength(2);
    expect(mantineThemeCss(theme, cssVariablesResolver)).toBe(added.join('\n'));
  });

  it('has the primary colour, the per-scheme error colour and the hidden-from classes', () => {
    const css = mantineThemeCss(theme, cssVariablesResolver);
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-kuku-filled)');
    expect(css).toMatch(/:root\[data-mantine-color-scheme="light"\][^{]*\{[^}]*--mantine-color-error: var\(--mantine-color-red-8\)/);
    expect(css).toMatch(/:root\[data-mantine-color-scheme="dark"\][^{]*\{[^}]*--mantine-color-error: var\(--mantine-color-red-4\)/);
    expect(css).toContain('.mantine-hidden-from-sm');
  });

  it("is not added again by the app's provider", () => {
    render(createElement(Providers, { queryClient: new QueryClient(), children: null }));
    expect(pageStyles()).toEqual([]);
  });
});
