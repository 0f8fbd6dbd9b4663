import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Only the Mantine styles the app's components need (decision 029). `@mantine/core/styles.css`
 * holds every component's rules (41 KB gzip, render-blocking on every screen); Mantine also
 * ships one file per component. The components the app imports by name from `@mantine/core`
 * (and those `@mantine/notifications` does), with every component their modules import in
 * turn (a Modal brings ModalBase, Overlay, CloseButton…), name the files to load: in the
 * order of the full file, after its base layers.
 */

const VIRTUAL_ID = 'virtual:mantine-styles.css';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
/** Rules outside any component: the reset, the theme's variables, the global classes. */
const BASE_FILES = ['baseline.css', 'default-css-variables.css', 'global.css'];

const IMPORT_FROM = /import\s*\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g;
const RELATIVE_IMPORT = /(?:import|export)\s*(?:[^'"]*?from\s*)?["'](\.{1,2}\/[^"']+\.mjs)["']/g;

function namesImported(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(IMPORT_FROM)) {
    for (const part of (match[1] ?? '').split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]?.trim();
      if (name && /^[A-Z]/.test(name) && !part.trim().startsWith('type ')) names.push(name);
    }
  }
  return names;
}

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(full));
    else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(full);
  }
  return found;
}

/**
 * The component folders (`components/<Name>/`, and the shared parts in `utils/<Name>/` such as
 * the InlineInput a Checkbox or Radio is drawn with) that `names` reach through @mantine/core's ES modules.
 */
export function componentsReached(coreEsm: string, names: Iterable<string>): Set<string> {
  const index = readFileSync(path.join(coreEsm, 'index.mjs'), 'utf8');
  const fileOf = new Map<string, string>();
  for (const match of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*["'](\.\/[^"']+\.mjs)["']/g)) {
    for (const part of (match[1] ?? '').split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0]?.trim();
      if (name) fileOf.set(name, path.join(coreEsm, match[2] ?? ''));
    }
  }
  const seen = new Set<string>();
  const folders = new Set<string>();
  const queue = [...names].map((name) => fileOf.get(name)).filter((file): file is string => file !== undefined);
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const folder = /[\\/](?:components|utils)[\\/]([^\\/]+)[\\/]/.exec(path.relative(coreEsm, file).replace(/^/, '/'))?.[1];
    if (folder) folders.add(folder);
    for (const match of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) queue.push(path.resolve(path.dirname(file), match[1] ?? ''));
  }
  return folders;
}

/** The style files for `folders`, in the order their rules have in the full styles.css. */
export function styleFiles(coreRoot: string, folders: Iterable<string>): string[] {
  const all = readFileSync(path.join(coreRoot, 'styles.css'), 'utf8');
  const placed: [number, string][] = [];
  for (const folder of folders) {
    const file = path.join(coreRoot, 'styles', `${folder}.css`);
    if (!existsSync(file)) continue;
    // A component's first class marks where the full file has its rules.
    const first = /\.m_[0-9a-f]{8}/.exec(readFileSync(file, 'utf8'))?.[0];
    placed.push([first ? all.indexOf(first) : Number.MAX_SAFE_INTEGER, `${folder}.css`]);
  }
  placed.sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
  return [...BASE_FILES, ...placed.map(([, file]) => file)];
}

/** `import 'virtual:mantine-styles.css'` loads the styles of the components in `srcDir`. */
export function mantineStyles(srcDir: string): Plugin {
  const require = createRequire(import.meta.url);
  const coreRoot = path.dirname(require.resolve('@mantine/core/styles.css'));
  const coreEsm = path.join(coreRoot, 'esm');
  const notificationsEsm = path.join(path.dirname(require.resolve('@mantine/notifications/styles.css')), 'esm');
  return {
    name: 'kuku:mantine-styles',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const names = new Set<string>();
      for (const file of [...sourceFiles(srcDir), ...sourceFiles(notificationsEsm)]) {
        this.addWatchFile(file);
        for (const name of namesImported(readFileSync(file, 'utf8'))) names.add(name);
      }
      const files = styleFiles(coreRoot, componentsReached(coreEsm, names));
      return files.map((file) => `@import '@mantine/core/styles/${file}';`).join('\n');
    },
  };
}
