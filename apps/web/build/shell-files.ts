import type { Plugin } from 'vite';

/** The parts of a built chunk read here (a rolldown OutputChunk). */
export interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
  dynamicImports?: readonly string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** Modules taken whole, with what they load on demand, but for what `leaveOut` matches (its module id, or file). */
export interface Whole {
  modules: readonly string[];
  leaveOut?: RegExp;
}

/**
 * The files of the app shell in a build: the entry and every chunk whose module is one of
 * `modules` (paths that end a module id), with all they import statically and their CSS; and
 * every chunk of a module of `whole`, with all it imports, on demand too (a screen that works
 * offline: its dialogs and lists), but for what the entry and the shell load on demand.
 */
export function shellFilesOf(chunks: readonly BuiltChunk[], modules: readonly string[], whole: Whole = { modules: [] }): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const followed = new Set<string>();
  const ending = (list: readonly string[]) => list.map((module) => `/${module.replace(/^\/+/, '')}`);
  const [named, wholly] = [ending(modules), ending(whole.modules)];
  const idOf = (chunk: BuiltChunk) => chunk.facadeModuleId?.replace(/\\/g, '/') ?? '';
  const isNamed = (chunk: BuiltChunk) => chunk.isEntry || named.some((module) => idOf(chunk).endsWith(module));
  // The shell and what it imports load every screen on demand (the router, the preloads): taken
  // whole, they would be the whole app.
  let shell = new Set<string>();
  const isShell = (chunk: BuiltChunk) => shell.has(chunk.fileName);
  const visit = (chunk: BuiltChunk | undefined, taken: boolean) => {
    if (!chunk) return;
    const onDemand = taken && !isShell(chunk);
    if ((onDemand ? followed : files).has(chunk.fileName)) return;
    files.add(chunk.fileName);
    if (onDemand) followed.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) visit(byFile.get(imported), taken);
    if (!onDemand) return;
    for (const imported of chunk.dynamicImports ?? []) {
      const lazy = byFile.get(imported);
      if (lazy && !(whole.leaveOut?.test(lazy.facadeModuleId ?? lazy.fileName) ?? false)) visit(lazy, true);
    }
  };
  for (const chunk of chunks) if (isNamed(chunk)) visit(chunk, false);
  shell = new Set(files);
  for (const chunk of chunks) if (wholly.some((module) => idOf(chunk).endsWith(module))) visit(chunk, true);
  return files;
}

/**
 * Notes the shell's files as the app is bundled, for the service worker's precache list
 * (`isShellFile`, in vite-plugin-pwa's `manifestTransforms`, which runs after the bundle is
 * written). The rest of the lazy chunks load on use and stay in the HTTP cache (decision 034).
 */
export function shellFiles(modules: readonly string[], whole: Whole = { modules: [] }): { plugin: Plugin; isShellFile: (url: string) => boolean } {
  let files: Set<string> | null = null;
  const plugin: Plugin = {
    name: 'kuku:shell-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: BuiltChunk[] = [];
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.push(output);
      files = shellFilesOf(chunks, modules, whole);
    },
  };
  const isShellFile = (url: string) => {
    if (!files) throw new Error('shell-files: the bundle was not generated before the precache list');
    return files.has(url.replace(/^\//, ''));
  };
  return { plugin, isShellFile };
}
