import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';

// The dependency rule of DESIGN.md: domain <- app <- adapters <- composition; frameworks stay out
// of the inner layers.
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
        { group: frameworks, message: 'domain, contracts and app import no framework (DESIGN.md)' },
        ...extra,
      ],
    },
  ],
});

// ---------------------------------------------------------------------------------------------
// Web boundaries (issue 11, item 5), checked by eslint-plugin-boundaries. Self-contained: its own
// elements and resolver, for web/src and test/web only.
//   - web/ imports only src/domain and src/contracts from src/ (never app, adapters, local chain,
//     composition, config) and nothing from cli/;
//   - a feature (web/src/features/<name>/) uses another only through its entry (<name>/index.ts);
//     inside a feature, files import each other directly;
//   - shared layers: api, components, lib, state and theme never import a feature or the app;
//     features use api, components, lib, state, theme; the app uses those and feature entries.
// ---------------------------------------------------------------------------------------------
const webLayer = (type, pattern) => ({ type, pattern, partialMatch: false });
const webElements = [
  { ...webLayer('web-feature', 'web/src/features/*'), capture: ['feature'] },
  webLayer('web-api', 'web/src/api'),
  webLayer('web-components', 'web/src/components'),
  webLayer('web-lib', 'web/src/lib'),
  webLayer('web-state', 'web/src/state'),
  webLayer('web-theme', 'web/src/theme'),
  webLayer('web-app', 'web/src/app'),
  webLayer('web-test', 'test/web'),
  webLayer('src-domain', 'src/domain'),
  webLayer('src-contracts', 'src/contracts'),
  webLayer('src-inside', 'src/*'),
  webLayer('cli', 'cli'),
];
const to = (...types) => ({ to: { element: { types } } });
const entry = { to: { element: { type: 'web-feature', fileInternalPath: 'index.ts' } } };
const main = { to: { file: { categories: 'web-main' } } };
const anyWeb = [{ element: { types: 'web-*' } }, { file: { categories: 'web-main' } }];
const layers = ['web-api', 'web-components', 'web-lib', 'web-state', 'web-theme'];
// Last matching policy wins: the allows first, then the refusals with their reasons.
const webPolicies = [
  { from: anyWeb, allow: to('src-domain', 'src-contracts') },
  { from: { element: { type: 'web-feature' } }, allow: [to(...layers), entry] },
  { from: { element: { type: 'web-app' } }, allow: [to(...layers), entry] },
  // main.tsx and polyfills.ts (files, not an element) start the app.
  { from: { file: { categories: 'web-main' } }, allow: [to('web-app', 'web-theme'), main] },
  { from: { element: { type: 'web-components' } }, allow: to('web-lib', 'web-state', 'web-theme') },
  { from: { element: { type: 'web-api' } }, allow: to('web-lib') },
  { from: { element: { type: 'web-test' } }, allow: to('web-*') },
  {
    from: anyWeb,
    disallow: [to('src-inside', 'cli'), { to: { file: { path: ['src/*', 'cli/**'] } } }],
    message: 'web/ imports only src/domain and src/contracts from src/, and nothing from cli/',
  },
  {
    from: { element: { types: ['web-feature', 'web-app'] } },
    disallow: { to: { element: { type: 'web-feature', fileInternalPath: '!index.ts' } } },
    message:
      'a feature is used from outside only through its entry: import from @web/features/{{to.element.captured.feature}}',
  },
  {
    from: { element: { types: layers } },
    disallow: to('web-feature', 'web-app'),
    message: 'api, components, lib, state and theme never import a feature or the app',
  },
];
const webBoundaries = {
  files: ['web/src/**/*.{ts,tsx}', 'test/web/**/*.{ts,tsx}'],
  plugins: { boundaries },
  settings: {
    'boundaries/elements': webElements,
    'boundaries/files': [{ category: 'web-main', pattern: 'web/src/*.{ts,tsx}' }],
    'boundaries/include': ['web/**/*', 'test/web/**/*', 'src/**/*', 'cli/**/*'],
    'import/resolver': { typescript: { project: './tsconfig.json' } },
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        checkUnknownLocals: true,
        message: 'not allowed by the web boundaries (eslint.config.js, web section)',
        policies: webPolicies,
      },
    ],
  },
};
// ----------------------------------------------------------------------------- end of web ----

// ---------------------------------------------------------------------------------------------
// Server and CLI boundaries (issue 11, item 5; DESIGN.md), checked by eslint-plugin-boundaries:
//   - src/domain imports only the domain; src/contracts only the domain and itself;
//   - src/app imports the domain and itself (ports, never adapters, never the contracts);
//   - an adapter imports the domain, the app's ports, the contracts and itself, never another
//     adapter (the composition root wires them);
//   - the local chain (a development validator) imports nothing else of the product;
//   - nothing in src/ imports cli/, web/, scripts/ or test/;
//   - cli/ reaches the server's behaviour through HTTP (the contracts), never through src/app.
// Frameworks stay out of domain, contracts and app (no-restricted-imports, below).
// ---------------------------------------------------------------------------------------------
const serverElements = [
  { type: 'domain', pattern: 'src/domain', partialMatch: false },
  { type: 'contracts', pattern: 'src/contracts', partialMatch: false },
  { type: 'app', pattern: 'src/app', partialMatch: false },
  // What every store of this schema shares (constraint errors, the paging cursor).
  { type: 'schema', pattern: 'src/adapters/schema', partialMatch: false },
  { type: 'adapter', pattern: 'src/adapters/*', partialMatch: false, capture: ['adapter'] },
  { type: 'local-chain', pattern: 'src/local-chain', partialMatch: false },
  { type: 'cli', pattern: 'cli', partialMatch: false },
  { type: 'scripts', pattern: 'scripts', partialMatch: false },
  { type: 'migrations', pattern: 'migrations', partialMatch: false },
  { type: 'web', pattern: 'web', partialMatch: false },
  { type: 'test', pattern: 'test', partialMatch: false },
];
const root = { to: { file: { categories: 'src-root' } } };
const fromRoot = { file: { categories: 'src-root' } };
const serverPolicies = [
  { from: { element: { type: 'domain' } }, allow: to('domain') },
  { from: { element: { type: 'contracts' } }, allow: to('domain', 'contracts') },
  { from: { element: { type: 'app' } }, allow: to('domain', 'app') },
  {
    from: { element: { type: 'adapter' } },
    allow: [
      to('domain', 'app', 'contracts', 'migrations', 'schema'),
      {
        to: {
          element: { type: 'adapter', captured: { adapter: '{{from.element.captured.adapter}}' } },
        },
      },
    ],
  },
  { from: { element: { type: 'schema' } }, allow: to('domain', 'schema') },
  { from: { element: { type: 'local-chain' } }, allow: to('local-chain') },
  { from: fromRoot, allow: [to('domain', 'app', 'contracts', 'adapter', 'local-chain'), root] },
  {
    from: { element: { type: 'cli' } },
    allow: [to('domain', 'contracts', 'adapter', 'local-chain', 'cli'), root],
  },
  { from: { element: { type: 'scripts' } }, allow: [to('scripts'), root] },
  { from: { element: { type: 'migrations' } }, allow: to('migrations') },
  {
    from: { element: { type: 'adapter' } },
    disallow: {
      to: {
        element: { type: 'adapter', captured: { adapter: '!{{from.element.captured.adapter}}' } },
      },
    },
    message:
      'adapters never import each other; the composition root (src/composition.ts) wires them',
  },
  {
    from: [
      { element: { types: ['domain', 'contracts', 'app', 'adapter', 'schema', 'local-chain'] } },
      fromRoot,
    ],
    disallow: to('cli', 'web', 'scripts', 'test'),
    message: 'src/ imports nothing from cli/, web/, scripts/ or test/',
  },
  {
    from: { element: { type: 'domain' } },
    disallow: [to('contracts', 'app', 'adapter', 'local-chain'), root],
    message: 'the domain imports only the domain',
  },
  {
    from: { element: { type: 'contracts' } },
    disallow: [to('app', 'adapter', 'local-chain'), root],
    message: 'the contracts import only the domain (the web app and the CLI import them too)',
  },
  {
    from: { element: { type: 'cli' } },
    disallow: to('app'),
    message: 'the CLI reaches use cases over HTTP (src/contracts), never through src/app',
  },
  {
    from: { element: { type: 'app' } },
    disallow: [to('adapter', 'contracts', 'local-chain'), root],
    message:
      'app takes ports (src/app/ports.ts): never adapters, contracts or the composition root',
  },
  {
    from: { element: { type: 'local-chain' } },
    disallow: [to('domain', 'contracts', 'app', 'adapter'), root],
    message: 'the local chain is a stand-alone validator: it imports nothing else of the product',
  },
];
const serverBoundaries = {
  files: ['src/**/*.ts', 'cli/**/*.ts', 'scripts/**/*.ts', 'migrations/**/*.ts'],
  plugins: { boundaries },
  settings: {
    'boundaries/elements': serverElements,
    'boundaries/files': [{ category: 'src-root', pattern: 'src/*.ts' }],
    'boundaries/include': [
      'src/**/*',
      'cli/**/*',
      'scripts/**/*',
      'migrations/**/*',
      'web/**/*',
      'test/**/*',
    ],
    'import/resolver': { typescript: { project: './tsconfig.json' } },
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        checkUnknownLocals: true,
        message: 'not allowed by the server boundaries (eslint.config.js, server section)',
        policies: serverPolicies,
      },
    ],
  },
};
// -------------------------------------------------------------------------- end of server ----

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
    files: ['src/contracts/**/*.ts', 'src/app/**/*.ts'],
    rules: layer([]),
  },
  {
    // The domain is plain TypeScript: no package at all (the web app and the CLI share it).
    files: ['src/domain/**/*.ts'],
    rules: layer([{ regex: '^[^.]', message: 'the domain imports no package, only the domain' }]),
  },
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
  webBoundaries,
  serverBoundaries,
);
