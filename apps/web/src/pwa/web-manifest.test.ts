import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from '../ui/theme';
import { BACKGROUND_COLOR, THEME_COLOR, webManifest } from './web-manifest';

describe('the web app manifest', () => {
  it('takes its colours from the Mantine theme: the primary filled shade and the light body', () => {
    const primary = theme.colors?.kuku?.[Number(theme.primaryShade)];
    expect(THEME_COLOR).toBe(primary);
    expect(BACKGROUND_COLOR).toBe(DEFAULT_THEME.white);
  });

  it('is installable as Chromium asks: name, start URL, standalone, icons of 192 and 512 px and a maskable one', () => {
    expect(webManifest).toMatchObject({ name: 'Kuku', short_name: 'Kuku', start_url: '/', scope: '/', display: 'standalone' });
    const icons = webManifest.icons ?? [];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  });
});
