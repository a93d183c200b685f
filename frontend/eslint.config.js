// ESLint flat config: typescript-eslint (type-aware), React hooks and fast-refresh rules, the
// layers of src/ (see featureBoundaries below), and no import loop (`import-x/no-cycle`, beside
// the repository's scripts/import-graph.mjs).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * A feature (src/features/<name>) imports the shared layers (components, lib, hooks, types) and
 * itself, never another feature nor the app; the shared layers import no feature and not the app.
 * Only src/app (the router) and the test harness (src/test) put features together.
 */
export const featureBoundaries = [
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'A feature may not import another feature: move what both need to components, lib, hooks or types.',
  })),
  { target: './src/features', from: './src/app', message: 'A feature may not import the app layer.' },
  {
    target: ['./src/components', './src/lib', './src/hooks', './src/types'],
    from: ['./src/features', './src/app'],
    message: 'The shared layers may not import features or the app.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/types/api.ts', 'e2e/screenshots'] },
  {
    files: ['src/**/*.{ts,tsx}', 'vite.config.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.strictTypeChecked],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.app.json' })],
      // what import-x/no-cycle follows and how it reads those files (without these it follows nothing)
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: featureBoundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['error', { allowConstantExport: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // src/lib/zod.ts turns zod's JIT off (the CSP refuses it) before any schema parses
      'no-restricted-imports': ['error', { paths: [{ name: 'zod', message: "Import z from '@/lib/zod'." }] }],
    },
  },
  { files: ['src/lib/zod.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { 'react-refresh/only-export-components': 'off', '@typescript-eslint/no-floating-promises': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', 'e2e/**/*.mjs', 'eslint.config.js', 'playwright.config.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node },
  },
);
