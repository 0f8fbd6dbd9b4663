/**
 * The service worker's global scope, typed here: TypeScript's WebWorker library cannot share
 * a program with the DOM library the app is checked with, and src/sw.ts needs only this much.
 */
import type { PrecacheEntry } from 'workbox-precaching';

export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

export interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}

export interface PushEvent extends ExtendableEvent {
  readonly data: { text(): string } | null;
}

export interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}

export interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}

export interface Clients {
  matchAll(options: { type: 'window'; includeUncontrolled?: boolean }): Promise<readonly WindowClient[]>;
  openWindow(url: string): Promise<WindowClient | null>;
  claim(): Promise<void>;
}

interface ServiceWorkerEvents {
  install: ExtendableEvent;
  activate: ExtendableEvent;
  fetch: FetchEvent;
  push: PushEvent;
  notificationclick: NotificationEvent;
}

export interface ServiceWorkerScope {
  readonly registration: ServiceWorkerRegistration;
  readonly clients: Clients;
  readonly location: Location;
  skipWaiting(): Promise<void>;
  addEventListener<K extends keyof ServiceWorkerEvents>(type: K, listener: (event: ServiceWorkerEvents[K]) => void): void;
  /** Replaced at build by the list of files to precache (vite-plugin-pwa, injectManifest). */
  readonly __WB_MANIFEST: (PrecacheEntry | string)[];
}
