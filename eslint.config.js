import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './eslint-rules/no-circles.js';

/**
 * The server's layers, top to bottom: main/app/cli and the module list → jobs (the queue and the
 * watch) and system (health, readiness, the demo clock) → modules → platform (what a module plugs
 * in with: its manifest, bot parts, jobs, lifecycle) → metrics → integrations → secrets' at-rest
 * part → (errors, db, config) → secrets' sealing part → contract. An import may only point down;
 * `http/` is the edge that app.ts mounts and only a module's routes files use (docs/architecture.md).
 */
const S = 'src/server';
const TOP = [`${S}/main.ts`, `${S}/app.ts`, `${S}/module-list.ts`, `${S}/cli`];

/**
 * The web's layers, top to bottom: the entries (main.tsx, app.tsx, router.tsx, shop-main.tsx) →
 * pages/ → components/ → api/ → auth/ → content/ and lib/ → src/contract. Cabinet areas
 * (`pages/dashboard/<area>`) may import one another, but never in a circle (local/no-circles).
 */
const W = 'src/web';
const WEB_ENTRIES = [`${W}/main.tsx`, `${W}/app.tsx`, `${W}/router.tsx`, `${W}/shop-main.tsx`];

/**
 * Secrets at rest are two layers: sealing/ (AES-GCM, the sealed column type, API keys' hashes) is
 * the ground db/ and config.ts stand on; secrets/ (keyring.ts, at-rest.ts: start-up and rotation)
 * stands on db/.
 */
const SECRETS = `${S}/secrets`;
const SEALING = `${S}/sealing`;
/** Files matching `target` may not import from `from` (but may from `except`, paths inside `from`). */
const forbid = (target, from, message, except) => ({ target, from, message, ...(except && { except }) });
const layerZones = [
  // A web unit test may hold the web's rule to the server's (it is never bundled).
  forbid('src/web/**/!(*.test).{ts,tsx}', 'src/server', 'The web app talks to the server over HTTP; shared shapes live in src/contract.'),
  forbid(S, 'src/web', 'The server does not import the web app; shared shapes live in src/contract.'),
  forbid('src/contract', ['src/server', 'src/web'], 'src/contract is shared by server and web and imports neither.'),
  // The web's layers, top to bottom (see W above).
  forbid(
    [`${W}/pages`, `${W}/components`, `${W}/api`, `${W}/auth`, `${W}/content`, `${W}/lib`],
    WEB_ENTRIES,
    'The entry files (main.tsx, app.tsx, router.tsx, shop-main.tsx) are the top of the web app: nothing imports them.',
  ),
  forbid(
    `${W}/components`,
    `${W}/pages`,
    'components/ are shared pieces below pages/: take what a page knows (a path, a label) as a prop.',
  ),
  forbid([`${W}/api`, `${W}/auth`], [`${W}/pages`, `${W}/components`], 'api/ and auth/ sit below pages/ and components/.'),
  forbid(
    `${W}/auth`,
    `${W}/api`,
    'auth/ (the session) sits below api/: the API client and the query cache read the session (api/query-client.ts clears the cache when it changes hands), never the other way round.',
  ),
  forbid(
    `${W}/content`,
    [`${W}/pages`, `${W}/components`, `${W}/api`, `${W}/auth`, `${W}/lib`],
    'content/ (the public pages’ texts) is a bottom layer beside lib/: it imports only src/contract.',
  ),
  forbid(
    `${W}/lib`,
    [`${W}/pages`, `${W}/components`, `${W}/api`, `${W}/auth`, `${W}/content`],
    'lib/ (formatting, small helpers and hooks) is a bottom layer beside content/: it imports only src/contract.',
  ),
  forbid(
    [`${W}/pages/public`, `${W}/pages/auth`, `${W}/pages/demo`],
    `${W}/pages/dashboard`,
    'The public pages, sign-in screens and demo chat do not load the cabinet’s code; a piece both need goes to components/ or lib/.',
  ),
  forbid(
    `${W}/pages/shop`,
    [`${W}/pages/public`, `${W}/pages/auth`, `${W}/pages/demo`, `${W}/pages/dashboard`, `${W}/api`, `${W}/auth`, `${W}/content`],
    'The Mini App is a bundle of its own (shop.html, 80 KB gzip): plain fetch in pages/shop/shop-api.ts, no cabinet session, API client or pages.',
  ),
  forbid(
    `${W}/pages/dashboard/*/**/*`,
    `${W}/pages/dashboard/!(page-title|action-refusals).{ts,tsx}`,
    'The cabinet’s frame (layout, top bar, sidebar, top-up dialog) sits above its areas; an area takes from pages/dashboard/ only page-title.ts and action-refusals.ts.',
  ),
  forbid(
    `${S}/jobs`,
    [...TOP, `${S}/modules`, `${S}/system`],
    'jobs/ is the queue and the watch below app.ts: a job lives in its module (its manifest’s `jobs`), not here.',
  ),
  forbid(
    `${S}/system`,
    [...TOP, `${S}/jobs`, `${S}/modules`],
    'system/ (health, readiness, the demo clock) is the process’s edge: it imports no module.',
  ),
  forbid(
    `${S}/platform`,
    [...TOP, `${S}/jobs`, `${S}/system`, `${S}/modules`],
    'platform/ is what every module plugs in with (its manifest, bot parts, jobs): it sits below the modules and names none.',
  ),
  forbid(
    `${S}/metrics`,
    [...TOP, `${S}/jobs`, `${S}/system`, `${S}/modules`, `${S}/platform`],
    'metrics/ counts what the clients and the check report: it imports no module; a module gets it through its context.',
  ),
  forbid(
    `${S}/cli`,
    [`${S}/modules`, `${S}/jobs`, `${S}/http`, `${S}/db`, `${S}/integrations`, SECRETS, SEALING],
    'The operator CLI talks to the server over HTTP: what it imports loads at every start (the admin module made a start 0.45 s of CPU instead of 0.15 s); shared names live in src/contract.',
  ),
  forbid(
    `${S}/modules`,
    [...TOP, `${S}/jobs`, `${S}/system`, `${S}/metrics`],
    'Modules sit below app.ts and the module list: take what you need from the context your manifest is handed (platform/manifest.ts).',
  ),
  forbid(
    `${S}/modules/**/!(*routes|session).ts`,
    `${S}/http`,
    'Only a module’s routes files (and auth’s session.ts, the routes’ guard) use http/ (the edge); errors and database error helpers are in src/server/errors.ts.',
  ),
  forbid(
    `${S}/http`,
    [...TOP, `${S}/jobs`, `${S}/system`, `${S}/modules`, `${S}/platform`, `${S}/metrics`],
    'http/ is the edge the modules’ routes stand on; it imports no module.',
  ),
  forbid(
    `${S}/integrations`,
    [...TOP, `${S}/jobs`, `${S}/system`, `${S}/modules`, `${S}/platform`, `${S}/metrics`, `${S}/http`],
    'Integrations sit below the modules: an emulator owns its service’s formats.',
  ),
  forbid(
    SECRETS,
    [...TOP, `${S}/jobs`, `${S}/modules`, `${S}/http`, `${S}/integrations`, `${S}/config.ts`],
    'secrets/ sits below the modules and takes config’s values as parameters: config.ts imports secrets/, never the other way.',
  ),
  forbid(SEALING, [S], 'sealing/ is the ground db/schema.ts and config.ts stand on: it imports nothing else of the server.', ['sealing']),
  forbid(
    [`${S}/db`, `${S}/errors.ts`, `${S}/config.ts`],
    SECRETS,
    'db/, errors.ts and config.ts use only sealing/; secrets/ (the keyring, the start-up check, rotation) stands on them.',
  ),
  // config.ts reads the Robokassa integration's settings type and hash names, so integrations stay importable from it.
  forbid(
    `${S}/config.ts`,
    [...TOP, `${S}/jobs`, `${S}/system`, `${S}/modules`, `${S}/platform`, `${S}/metrics`, `${S}/http`],
    'config.ts sits below the modules.',
  ),
  forbid(
    [`${S}/db`, `${S}/errors.ts`, `${S}/clock.ts`, `${S}/csv.ts`, `${S}/sharp.ts`],
    [
      ...TOP,
      `${S}/jobs`,
      `${S}/system`,
      `${S}/modules`,
      `${S}/platform`,
      `${S}/metrics`,
      `${S}/http`,
      `${S}/integrations`,
      `${S}/config.ts`,
    ],
    'db/, errors.ts, the clock, the CSV helpers and sharp’s loader are the ground every layer stands on.',
  ),
];

export default tseslint.config(
  { ignores: ['dist/', 'data/', '.tmp/', 'node_modules/', 'tests/e2e/screenshots/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads the files an import names (for no-cycle) only with these.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      // A let bound later (the job queue in app.ts) is read by closures made before it.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // `_name` marks what is left out on purpose (a field dropped from a rest, an unused parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { local },
    rules: {
      // Cycles among the product's own files; walking into node_modules costs most of the run and finds
      // none of ours. Not on tests/, bench/ and scripts/: from each of their files the walk went through
      // src/ again, a third of ESLint's CPU, and a cycle among test helpers fails the tests that load it.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'local/no-circles': ['error', { root: 'src', modules: ['src/server/modules', 'src/web/pages/dashboard'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The React Compiler's rules in react-hooks 7 flag 7 existing places (effects that set state,
      // refs handed on during render); reworking those components is a change of its own.
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
    },
  },
  {
    files: ['tests/**/*.ts'],
    // Test helpers read any JSON answer; the assertions then check its shape.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
