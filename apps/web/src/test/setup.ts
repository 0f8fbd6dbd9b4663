import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { notifications } from '@mantine/notifications';
import { onlineManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setUnauthorizedHandler } from '../lib/api-client';
import { forgetKeptStore } from '../last-synced/keep';
import { forgetOutboxStore } from '../outbox/outbox-db';
import { setWaitingChanges } from '../outbox/waiting-changes';
import { forgetOpenAsked } from '../outbox/outbox-state';
import { resetSender } from '../outbox/sender';
import { settleCodeLoads } from './code-loads';

// A findBy or waitFor waits for a state, never for a time: its ceiling (1 s by default) is what a
// slow or busy machine met first, when a dialog's code loads on demand (decision 057).
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks what Mantine needs (https://mantine.dev/guides/vitest). The test files of a worker
// share one window (vitest.config.ts), so this runs again for each: wrapped once only.
const { getComputedStyle } = window;
if (!('wrapped' in getComputedStyle)) window.getComputedStyle = Object.assign((element: Element) => getComputedStyle(element), { wrapped: true });
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

afterEach(async () => {
  cleanup();
  notifications.clean();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // A test's 'offline' event would pause every later file's queries.
  onlineManager.setOnline(true);
  await settleCodeLoads();
  // The phone's queue of records (outbox/): each test starts with none.
  resetSender();
  // renderApp's session-expiry handler would act on a later file's 401.
  setUnauthorizedHandler(null);
  globalThis.indexedDB = new IDBFactory();
  forgetOutboxStore();
  forgetOpenAsked();
  setWaitingChanges(new Map());
  forgetKeptStore();
});
