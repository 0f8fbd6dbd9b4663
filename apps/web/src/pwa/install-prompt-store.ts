import { useSyncExternalStore } from 'react';
import { early } from './early-events';
import { isInstallPromptEvent, type InstallPromptEvent } from './install-timing';

/**
 * The browser's install offer until the popup uses it, and whether the popup is up: the alerts
 * prompt waits for it to close rather than show beside a modal.
 */
interface InstallState {
  event: InstallPromptEvent | null;
  popupOpen: boolean;
}

let state: InstallState = { event: null, popupOpen: false };
const listeners = new Set<() => void>();

function setState(next: Partial<InstallState>): void {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;

/**
 * Takes the offer the page caught at start (early-events.ts) and those that come later, and
 * forgets it once the app is installed.
 */
export function captureInstallPrompt(win: Window = window): () => void {
  const take = (event: Event) => {
    if (isInstallPromptEvent(event)) setState({ event });
  };
  if (early.offer) take(early.offer);
  early.onOffer = take;
  const onInstalled = () => {
    early.offer = null;
    setState({ event: null, popupOpen: false });
  };
  win.addEventListener('appinstalled', onInstalled);
  return () => {
    early.onOffer = null;
    win.removeEventListener('appinstalled', onInstalled);
  };
}

/** The offer is spent once prompted (the browser allows one `prompt()` per event). */
export function clearInstallPrompt(): void {
  early.offer = null;
  setState({ event: null, popupOpen: false });
}

export function setInstallPopupOpen(popupOpen: boolean): void {
  if (state.popupOpen !== popupOpen) setState({ popupOpen });
}

export function useInstallPrompt(): InstallState {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
