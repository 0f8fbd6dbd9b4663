// One flat config for every workspace (STYLE rules 2, 13, 20).
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/migrations/**', 'data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.ts', '*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'table'] }],
      'import-x/no-cycle': 'error',
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{apps,packages,e2e}/**/': 'KEBAB_CASE' }],
    },
  },
  // Imports flow one way; the zones are globs, not a list of features.
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@kuku/*', '../../apps/*', 'node:*', 'fs', 'path'], message: 'The domain does no I/O and imports nothing of ours.' }] }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/server/src/features/*/**', from: './apps/server/src/features/*/routes.ts', message: "A feature may use another feature's service, never its routes." },
            { target: './apps/server/src/db/**', from: './apps/server/src/features', message: 'The database layer knows no features.' },
            { target: './apps/server/src/integrations/**', from: './apps/server/src/features', message: 'Integrations know no features.' },
            { target: './apps/server/src', from: './apps/web' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web/src/ui', from: ['./apps/web/src/features', './apps/web/src/app'], message: 'ui/ is shared: it imports no feature and no app code.' },
            { target: './apps/web/src/lib', from: './apps/web/src/features', message: 'lib/ imports no feature.' },
            { target: './apps/web/src/lib', from: './apps/web/src/app', except: ['./paths.ts'], message: 'lib/ imports no app code (paths.ts aside).' },
            { target: './apps/web/src/features', from: './apps/web/src/app', except: ['./paths.ts'], message: 'Features do not import the app (paths.ts aside); compose them in app/.' },
            { target: './apps/web/src/**', from: './apps/server' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
