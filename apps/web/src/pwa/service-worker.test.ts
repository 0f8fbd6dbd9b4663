import { describe, expect, it, vi } from 'vitest';
import { reloadOnNewWorker } from './service-worker';

/** A service worker container controlled by `controller`, whose controller can change. */
function container(controller: object | null) {
  const target = new EventTarget();
  const fake = Object.assign(target, { controller });
  const takeOver = () => {
    fake.controller = {};
    target.dispatchEvent(new Event('controllerchange'));
  };
  return { fake, takeOver };
}

describe('reloadOnNewWorker (docs/product.md §7)', () => {
  it('reloads once when a new worker takes over a controlled page', () => {
    const reload = vi.fn();
    const started = {};
    const { fake, takeOver } = container(started);
    reloadOnNewWorker(started, fake, reload);
    takeOver();
    takeOver();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload at the very first install, which claims a page that started without a controller', () => {
    const reload = vi.fn();
    const { fake, takeOver } = container(null);
    reloadOnNewWorker(null, fake, reload);
    takeOver();
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads for a change that came before it listened (its code loads after the first screen)', () => {
    const reload = vi.fn();
    const started = {};
    const { fake } = container({});
    reloadOnNewWorker(started, fake, reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stops listening when unmounted', () => {
    const reload = vi.fn();
    const started = {};
    const { fake, takeOver } = container(started);
    reloadOnNewWorker(started, fake, reload)();
    takeOver();
    expect(reload).not.toHaveBeenCalled();
  });
});
