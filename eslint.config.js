import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import pluginVue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'dist-*/',
      'out/',
      'release/',
      'test-results/',
      'playwright-report/',
      'coverage/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.ts', '**/*.vue'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'] } },
  },
  {
    // The data layer is async: a query or write whose promise nobody awaits is a lost error or a
    // race, so every promise in the service, the CLI and the tests is awaited or handled.
    files: ['electron/server/**/*.ts', 'electron/cli/**/*.ts', 'tests/**/*.ts'],
    // Browser-side tests have their own tsconfigs (renderer, e2e) and no database.
    ignores: ['tests/e2e/**', 'tests/unit/renderer/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // The server and CLI never import Electron or renderer code (only electron/app/ imports electron).
    files: ['electron/server/**/*.ts', 'electron/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: ['electron'], patterns: ['**/renderer/**'] }],
    },
  },
  {
    // Browser code: DOM globals; never the server, the CLI or Electron (they share shared/ only).
    files: ['renderer/**/*.ts', 'renderer/**/*.vue'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { paths: ['electron'], patterns: ['**/electron/**', 'node:*'] }],
    },
  },
  {
    // shared/ is pure TypeScript: no Node, DOM frameworks, Electron, database or server imports.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'node:*',
            'fs',
            'path',
            'vue',
            'pinia',
            'electron',
            'better-sqlite3',
            'fastify',
            '**/electron/**',
            '**/renderer/**',
          ],
        },
      ],
    },
  },
  {
    files: ['bin/**/*.mjs', 'scripts/**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // dependency-cruiser reads its rules as a CommonJS module.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
  prettier,
);
