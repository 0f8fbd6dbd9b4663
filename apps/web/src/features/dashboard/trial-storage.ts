// The trial welcome's marks in the browser (docs/product.md §4). No imports: the e2e fixtures read these
// keys to mark a new trial user's welcome as seen, so journeys about other screens are not covered by it.

/** The farm day ('YYYY-MM-DD') the user last saw the trial welcome. */
export const trialWelcomeSeenKey = (userId: number) => `kuku.trial-welcome-seen.${userId}`;
/** 'true' once the user chose 'Start Farm Setup'. */
export const farmSetupStartedKey = (userId: number) => `kuku.farm-setup-started.${userId}`;

/** Storage may be off (private mode, a full quota): the welcome then shows, and nothing breaks. */
export function readMark(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeMark(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not kept: the welcome shows again on the next visit.
  }
}
