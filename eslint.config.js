// Lint: typescript-eslint (type-checked rules), React hooks, accessibility, and the one-way
// import rule: web, console and server import shared only, never each other.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noCrossImports = (forbidden, label) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [{ group: forbidden, message: `${label} may import src/shared only.` }] },
  ],
});

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through src/server/config.ts.',
        },
      ],
    },
  },
  // Plain JavaScript files are outside the TypeScript project: no type information to check.
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  {
    // Fastify plugins are async functions by contract (register awaits them), with or without
    // an await inside.
    files: ['src/server/**/*.routes.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Tests compare against asymmetric matchers (expect.any(), expect.stringMatching()), which
    // vitest types as `any`; assigning them is the point of the matcher.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'hardening/**'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      ...noCrossImports(
        ['**/server/**', '**/server', '@server/**', '**/console/**', '@console/**'],
        'src/web',
      ),
    },
  },
  {
    // The operator console: browser code like src/web, with its own bundle; it shares nothing
    // with the recipient pages but src/shared.
    files: ['src/console/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      ...noCrossImports(
        ['**/server/**', '**/server', '**/web/**', '**/web', '@server/**', '@web/**'],
        'src/console',
      ),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: noCrossImports(
      ['**/web/**', '**/web', '**/console/**', '**/console', '@web/**', '@console/**'],
      'src/server',
    ),
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: noCrossImports(
      ['**/web/**', '**/server/**', '**/console/**', '@web/**', '@server/**', '@console/**'],
      'src/shared',
    ),
  },
  {
    files: [
      'src/server/config.ts',
      'e2e/**',
      'hardening/**',
      'bench/**',
      '**/*.test.ts',
      '**/test/**',
      'vite.config.ts',
      'vite.console.config.ts',
      'vitest.config.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
