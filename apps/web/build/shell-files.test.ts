import { describe, expect, it } from 'vitest';
import { shellFilesOf, type BuiltChunk } from './shell-files';

function chunk(fileName: string, options: Partial<BuiltChunk> = {}): BuiltChunk {
  return { type: 'chunk', fileName, isEntry: false, facadeModuleId: null, imports: [], ...options };
}

describe('shellFilesOf', () => {
  const chunks = [
    chunk('assets/index-1.js', { isEntry: true, facadeModuleId: '/w/apps/web/index.html', imports: ['assets/runtime-2.js'], viteMetadata: { importedCss: new Set(['assets/index-3.css']) } }),
    chunk('assets/runtime-2.js'),
    chunk('assets/app-layout-4.js', { facadeModuleId: '/w/apps/web/src/app/shell/app-layout.tsx', imports: ['assets/index-1.js', 'assets/nav-5.js'], viteMetadata: { importedCss: new Set(['assets/app-layout-6.css']) } }),
    chunk('assets/nav-5.js'),
    chunk('assets/charts-7.js', { facadeModuleId: '/w/apps/web/src/ui/charts/line.tsx', imports: ['assets/index-1.js'] }),
    chunk('assets/flocks-page-8.js', { facadeModuleId: '/w/apps/web/src/features/flocks/pages/flocks-page.tsx', imports: ['assets/nav-5.js'] }),
  ];

  it('is the entry and the named modules with what they import statically, and their CSS', () => {
    expect([...shellFilesOf(chunks, ['src/app/shell/app-layout.tsx'])].sort()).toEqual([
      'assets/app-layout-4.js',
      'assets/app-layout-6.css',
      'assets/index-1.js',
      'assets/index-3.css',
      'assets/nav-5.js',
      'assets/runtime-2.js',
    ]);
  });

  it('leaves out the screens and what only they load', () => {
    const files = shellFilesOf(chunks, ['src/app/shell/app-layout.tsx']);
    expect(files.has('assets/charts-7.js')).toBe(false);
    expect(files.has('assets/flocks-page-8.js')).toBe(false);
  });
});
