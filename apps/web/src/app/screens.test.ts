import { SCREEN_PAGES } from '@kuku/domain';
import { SCREEN_IDS } from '@kuku/domain/screens';
import { describe, expect, it } from 'vitest';
import { SCREEN_CODE } from './screens';

describe("the screens' code (decision 062)", () => {
  // The server names SCREEN_PAGES' module in a page's Link header: a router that loaded another
  // one would have the browser fetch the wrong code first.
  it.each(SCREEN_IDS)('loads %s from the module the server preloads', async (id) => {
    const { Component } = await SCREEN_CODE[id].lazy();
    const page = (await import(/* @vite-ignore */ `/${SCREEN_PAGES[id]}`)) as Record<string, unknown>;
    expect(Object.values(page)).toContain(Component);
  });
});
