/**
 * The flock a person last recorded for: most days a farmer records the same flock, so every new
 * record's form offers it first. Kept on the phone per user (two people may share one phone).
 */
const key = (userId: number) => `kuku.last-flock.${userId}`;

export function rememberFlock(userId: number | undefined, flockId: number): void {
  if (userId === undefined) return;
  try {
    window.localStorage.setItem(key(userId), String(flockId));
  } catch {
    // Storage full or refused (private mode): the form simply offers no flock next time.
  }
}

/** The flock a new record starts with: the one last recorded if still offered, or the farm's only flock; none otherwise. */
export function preferredFlock(userId: number | undefined, flocks: readonly { id: number }[]): string {
  let last: string | null = null;
  try {
    last = userId === undefined ? null : window.localStorage.getItem(key(userId));
  } catch {
    last = null;
  }
  if (last !== null && flocks.some((f) => String(f.id) === last)) return last;
  return flocks.length === 1 && flocks[0] ? String(flocks[0].id) : '';
}
