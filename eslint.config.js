// One flat config for every workspace (docs/style.md rule 2, 13, 20).
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/migrations/**', 'data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // The repository's own scripts (`npm test`'s stages, CI's reports): plain Node.
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: { ...globals.node } } },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.ts', '*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'check-file': checkFile },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'table'] }],
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{apps,packages,e2e}/**/': 'KEBAB_CASE' }],
    },
  },
  // Imports flow one way (docs/style.md rule 13). The zones are path patterns, not a list of
  // features. (eslint-plugin-import-x would resolve them, but its native resolver's
  // platform packages are missing from this registry and break \`npm ci\`: decision 009.)
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(@kuku/|node:|fs$|path$|\\.\\./\\.\\./)', message: 'The domain does no I/O and imports nothing of ours.' }] }],
    },
  },
  {
    files: ['apps/server/src/features/*/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./[a-z-]+/routes(\\.js)?$', message: "A feature may use another feature's service, never its routes." }] }],
    },
  },
  {
    files: ['apps/server/src/{db,integrations}/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)features/', message: 'The database layer and integrations know no features.' }] }],
    },
  },
  {
    files: ['apps/web/src/{ui,lib,first-screen}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)features/|(^|/)app/', message: "ui/, lib/ and first-screen/ are shared: no feature and no app code (the app's URLs are @kuku/domain/screens' paths)." }] }],
    },
  },
  // A feature may use another feature's api module (its queries and keys: one owner per
  // endpoint), nothing else of it.
  {
    files: ['apps/web/src/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^\\.\\./(?!\\.\\.)[a-z-]+/(?!api(\\.[jt]s)?$)', message: "A feature imports only another feature's api; compose them in app/, or move the shared part to ui/." },
        { regex: '(^|/)app/', message: "Features do not import the app (the app's URLs are @kuku/domain/screens' paths)." },
      ] }],
    },
  },
  {
    files: ['apps/web/src/features/*/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^\\.\\./\\.\\./(?!\\.\\.)[a-z-]+/(?!api(\\.[jt]s)?$)', message: "A feature imports only another feature's api; compose them in app/, or move the shared part to ui/." },
        { regex: '(^|/)app/', message: "Features do not import the app (the app's URLs are @kuku/domain/screens' paths)." },
      ] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
