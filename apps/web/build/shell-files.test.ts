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

  it('takes a screen named whole with what it loads on demand, but not what it leaves out, nor the screens the shell loads', () => {
    const withLazy = [
      ...chunks.map((c) => (c.fileName === 'assets/index-1.js' ? { ...c, dynamicImports: ['assets/flocks-page-8.js', 'assets/eggs-page-12.js'] } : c)),
      chunk('assets/eggs-page-12.js', { facadeModuleId: '/w/apps/web/src/features/eggs/pages/eggs-page.tsx' }),
      chunk('assets/sales-page-9.js', {
        facadeModuleId: '/w/apps/web/src/features/sales/pages/sales-page.tsx',
        imports: ['assets/index-1.js'],
        dynamicImports: ['assets/sale-modal-10.js', 'assets/charts-7.js'],
      }),
      chunk('assets/sale-modal-10.js', { facadeModuleId: '/w/apps/web/src/features/sales/components/sale-modal.tsx', dynamicImports: ['assets/confirm-11.js'] }),
      chunk('assets/confirm-11.js', { facadeModuleId: '/w/apps/web/src/ui/confirm-modal.tsx' }),
    ];
    const files = shellFilesOf(withLazy, ['src/app/shell/app-layout.tsx'], { modules: ['src/features/sales/pages/sales-page.tsx'], leaveOut: /charts/ });
    expect(['assets/sales-page-9.js', 'assets/sale-modal-10.js', 'assets/confirm-11.js'].every((f) => files.has(f))).toBe(true);
    expect(files.has('assets/charts-7.js')).toBe(false);
    // The entry it imports loads every screen: none of them comes with it.
    expect(files.has('assets/flocks-page-8.js')).toBe(false);
    expect(files.has('assets/eggs-page-12.js')).toBe(false);
  });

  it('leaves out the screens and what only they load', () => {
    const files = shellFilesOf(chunks, ['src/app/shell/app-layout.tsx']);
    expect(files.has('assets/charts-7.js')).toBe(false);
    expect(files.has('assets/flocks-page-8.js')).toBe(false);
  });
});
