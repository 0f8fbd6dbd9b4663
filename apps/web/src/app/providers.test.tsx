import { QueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from './providers';

const pageStyles = () => [...document.querySelectorAll('style[data-mantine-styles]')].map((style) => style.textContent ?? '');

afterEach(cleanup);

describe("the app's MantineProvider", () => {
  it("writes the theme's variables, the per-scheme error colour among them, and Mantine's global classes", () => {
    render(<Providers queryClient={new QueryClient()}>{null}</Providers>);
    const css = pageStyles().join('\n');
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-kuku-filled)');
    expect(css).toMatch(/\[data-mantine-color-scheme="light"\][^{]*\{[^}]*--mantine-color-error: var\(--mantine-color-red-8\)/);
    expect(css).toMatch(/\[data-mantine-color-scheme="dark"\][^{]*\{[^}]*--mantine-color-error: var\(--mantine-color-red-4\)/);
    expect(css).toContain('.mantine-hidden-from-sm');
  });
});
