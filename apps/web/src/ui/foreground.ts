import { useSyncExternalStore } from 'react';

/**
 * Whether a dialog the farmer must answer first is open (the trial welcome): an offer that
 * could wait (the alerts prompt) waits for it rather than opening over it.
 */
let held = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Marks a dialog in the foreground until the returned release (an effect's cleanup). */
export function holdForeground(): () => void {
  held += 1;
  emit();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held -= 1;
    emit();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useForegroundBusy(): boolean {
  return useSyncExternalStore(subscribe, () => held > 0);
}
