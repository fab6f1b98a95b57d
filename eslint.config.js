import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// The dependency rule of DESIGN.md: domain <- app <- adapters, cli, main.
const frameworks = [
  'koa',
  'koa-*',
  '@koa/*',
  'knex',
  'knex-*',
  'objection',
  'pg',
  '@electric-sql/*',
  '@solana/*',
  'litesvm',
  'react',
  'react-*',
  'fs',
  'node:*',
  'pino',
  'ws',
];
const layer = (extra) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        { group: frameworks, message: 'domain and app import no framework (DESIGN.md)' },
        ...extra,
      ],
    },
  ],
});
const otherAdapters = (self) =>
  ['http', 'db', 'solana', 'uploads']
    .filter((a) => a !== self)
    .map((a) => ({
      group: [`**/adapters/${a}/*`, `../${a}/*`],
      message: 'adapters never import each other; wire them in main.ts',
    }));

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'uploads', 'coverage', '.e2e-artifacts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: layer([
      {
        group: ['**/app/*', '**/adapters/*', '../app/*', '../adapters/*'],
        message: 'domain imports only domain',
      },
    ]),
  },
  {
    files: ['src/app/**/*.ts'],
    rules: layer([
      { group: ['**/adapters/*', '../adapters/*'], message: 'app takes ports, never adapters' },
    ]),
  },
  ...['http', 'db', 'solana', 'uploads'].map((a) => ({
    files: [`src/adapters/${a}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: otherAdapters(a) }] },
  })),
  {
    // Test replies are JSON of many shapes; asserting on them is the point.
    files: ['test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'test/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
