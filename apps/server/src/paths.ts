import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server, found from this file whether it runs from src/ (tests) or dist/src/ (built). */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'drizzle.config.ts'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('apps/server root not found');
    dir = parent;
  }
  return dir;
}

export const serverRoot = findServerRoot();
export const migrationsFolder = path.join(serverRoot, 'src/db/migrations');
