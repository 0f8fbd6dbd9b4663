import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { withWords } from '../lib/words';

export type LazyWithPreload<Props> = LazyExoticComponent<ComponentType<Props>> & {
  /** Starts the load early (idle time, or the pointer or focus heading for it). */
  preload: () => void;
};

/**
 * A component whose code is no part of the first screen (docs/design.md §9 budget): it loads on first
 * render, or earlier through `preload`. The load starts once; a failed one (offline) is tried
 * again next time, and a failed preload is swallowed so that the render reports the failure. It
 * renders once its words are in the page's language (decision 068).
 */
export function lazyWithPreload<Module, Props>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
): LazyWithPreload<Props> {
  let pending: Promise<Module> | undefined;
  const start = (): Promise<Module> => {
    pending ??= withWords(load()).catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
  const Component = lazy(() => start().then((module) => ({ default: pick(module) })));
  return Object.assign(Component, {
    preload: () => {
      start().catch(() => undefined);
    },
  });
}
