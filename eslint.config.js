import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/**
 * Layer boundaries of ARCHITECTURE.md: arrows only point down.
 * contracts → runtime → registry → renderers → app; the server never imports browser code.
 */
const boundaries = [
  {
    target: './src/contracts',
    from: ['./src/runtime', './src/app', './registry', './renderers', './server'],
    message: 'contracts import nothing of ours',
  },
  {
    target: './src/runtime',
    from: ['./src/app', './registry', './renderers', './server'],
    message: 'runtime imports only contracts',
  },
  {
    target: './registry',
    from: ['./src/app', './renderers', './server'],
    message: 'registry imports runtime and contracts only',
  },
  // The registry is a ladder: the core (catalogue binding, lookup, services) ← the editable
  // grid ← the page engine. A rung imports only rungs below it.
  {
    target: './registry/*.{ts,tsx}',
    from: ['./registry/grid', './registry/engine'],
    message: 'the registry core imports neither the grid nor the engine',
  },
  {
    target: './registry/grid',
    from: ['./registry/engine'],
    message: 'the grid never imports the page engine (registry ladder: core ← grid ← engine)',
  },
  {
    target: './renderers',
    from: ['./src/app', './server'],
    message: 'renderers import registry (types), runtime, contracts',
  },
  {
    target: './server',
    from: ['./src/app', './src/runtime', './registry', './renderers'],
    message: 'the server never imports browser code',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'coverage',
      '.tmp',
      'tests/e2e/.artifacts',
      'bench/.results',
      'src/contracts/generated/validators.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.app.json', 'tsconfig.node.json', 'tsconfig.e2e.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'import-x/no-cycle': ['error', { maxDepth: 20 }],
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'registry/**/*.{ts,tsx}', 'renderers/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
