import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * Two processes opening one PGlite directory silently destroy data (docs/design.md §9),
 * so whoever opens it first holds an O_EXCL lock file with its pid. A lock of a
 * dead pid is taken over; a live holder's never is.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The data directory ${dataDir} is in use by process ${pid}. Stop that process first, or use another DATA_DIR.`);
  }
}

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'kuku.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      // Our own pid counts as live: two instances in one process corrupt it too.
      if (Number.isInteger(holder) && holder > 0 && (holder === process.pid || isAlive(holder))) {
        throw new DataDirLockedError(dataDir, holder);
      }
      // A stale lock (dead or unreadable holder): remove it and try again.
      try {
        unlinkSync(file);
      } catch {
        // another starter removed it first
      }
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}
