import type { Plugin } from 'vite';

/** The parts of a built chunk read here (a rolldown OutputChunk). */
export interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * The files of the app shell in a build: the entry and every chunk whose module is one of
 * `modules` (paths that end a module id), with all they import statically and their CSS.
 */
export function shellFilesOf(chunks: readonly BuiltChunk[], modules: readonly string[]): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (chunk: BuiltChunk | undefined) => {
    if (!chunk || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) visit(byFile.get(imported));
  };
  const normalised = modules.map((module) => `/${module.replace(/^\/+/, '')}`);
  for (const chunk of chunks) {
    const id = chunk.facadeModuleId?.replace(/\\/g, '/') ?? '';
    if (chunk.isEntry || normalised.some((module) => id.endsWith(module))) visit(chunk);
  }
  return files;
}

/**
 * Notes the shell's files as the app is bundled, for the service worker's precache list
 * (`isShellFile`, in vite-plugin-pwa's `manifestTransforms`, which runs after the bundle is
 * written). The rest of the lazy chunks load on use and stay in the HTTP cache (decision 034).
 */
export function shellFiles(modules: readonly string[]): { plugin: Plugin; isShellFile: (url: string) => boolean } {
  let files: Set<string> | null = null;
  const plugin: Plugin = {
    name: 'kuku:shell-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: BuiltChunk[] = [];
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.push(output);
      files = shellFilesOf(chunks, modules);
    },
  };
  const isShellFile = (url: string) => {
    if (!files) throw new Error('shell-files: the bundle was not generated before the precache list');
    return files.has(url.replace(/^\//, ''));
  };
  return { plugin, isShellFile };
}
