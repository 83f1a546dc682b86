// The folder rules the READMEs state, checked by `npm test` and `npm run lint` (docs/decisions.md,
// "Conventions in a linter"). Each folder lists what it may import; everything else of ours
// is forbidden. The allowed imports form one order, so no two folders can import each other
// (lowest first; each may import only folders before it):
//   contracts, mcp, package-store, sandbox, search | domain | catalog, db | platform | activities, api, cli, worker | runtime
// (workflows: contracts and activity types only). Entry points (runtime/, test/, bench/,
// scripts/) may import anything; nothing of the service imports them.
import { builtinModules } from 'node:module';
import { defineConfig } from 'eslint/config';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Top-level folders of our own code: a zone's `from` is every one not in its allow list. */
const FOLDERS = ['activities', 'api', 'bench', 'catalog', 'cli', 'console', 'contracts', 'db', 'domain', 'platform', 'mcp', 'package-store', 'runtime', 'sandbox', 'scripts', 'search', 'test', 'worker', 'workflows'];

/** What each service folder may import besides itself (its README says the same in prose). */
const MAY_IMPORT = {
  contracts: [],
  mcp: [],
  // Installed npm and PyPI packages (package-store/README.md): a leaf, like mcp/.
  'package-store': [],
  // The OS sandbox of MCP server processes: bwrap argv and its probe, nothing of ours (sandbox/README.md).
  sandbox: [],
  domain: ['mcp', 'sandbox', 'package-store'],
  catalog: ['domain'],
  search: [],
  // search/ and db/ meet only where a process joins them (docs/decisions.md, issue 10 item 3).
  db: ['domain'],
  platform: ['db', 'domain', 'contracts', 'search', 'mcp', 'package-store', 'sandbox'],
  activities: ['db', 'platform', 'domain', 'contracts', 'search', 'mcp', 'catalog', 'package-store', 'sandbox'],
  api: ['db', 'platform', 'domain', 'contracts', 'search', 'mcp', 'catalog', 'package-store', 'sandbox'],
  cli: ['db', 'platform', 'domain', 'contracts'],
  worker: ['activities', 'db', 'platform', 'domain', 'contracts', 'search', 'mcp', 'catalog', 'package-store', 'sandbox'],
  // Type imports of activities are allowed too: see the workflows block below.
  workflows: ['contracts'],
  // The web console runs in a browser and reaches the service over HTTP only (console/README.md).
  console: [],
};

/**
 * Files of a closed folder a folder may still import: the console, the types generated from the
 * service's OpenAPI document (a .d.ts, so type-only: nothing of it reaches the bundle); the CLI,
 * the console's one reader of the service's error forms (plain code, no browser API), so the two
 * clients read them alike. Neither file imports anything, so no cycle can pass through them.
 */
const EXCEPT = { console: { contracts: ['./openapi.d.ts'] }, cli: { console: ['./src/api/error-forms.ts'] } };

const folderZones = Object.entries(MAY_IMPORT).flatMap(([folder, allowed]) => {
  const closed = FOLDERS.filter((other) => other !== folder && !allowed.includes(other) && !(folder === 'workflows' && other === 'activities'));
  const excepted = EXCEPT[folder] ?? {};
  const message = `${folder}/ may import only ${allowed.length ? allowed.map((a) => `${a}/`).join(', ') : 'nothing of ours'} (${folder}/README.md).`;
  return [
    { target: `./${folder}`, from: closed.filter((other) => !excepted[other]).map((other) => `./${other}`), message },
    ...Object.entries(excepted).map(([other, files]) => ({ target: `./${folder}`, from: `./${other}`, except: files, message })),
  ];
});

/** The service's own code; runtime/, test/, bench/ and scripts/ are entry points around it. */
const SERVICE_FILES = ['{activities,api,catalog,cli,contracts,db,domain,platform,mcp,package-store,sandbox,search,worker,workflows}/**/*.{ts,js,mjs}', 'console/src/**/*.{ts,tsx}'];

const DRIZZLE_IN_DB = 'Queries live in db/ (db/README.md): call a db/ module; only drizzle types may be imported here.';

const serviceZones = [
  ...folderZones,
  {
    target: './api/services',
    from: ['./api/routes', './api/plugins'],
    message: 'Services are called by routes and plugins, never the other way (api/README.md).',
  },
];

export default defineConfig(
  {
    ignores: ['node_modules/', '.cache/', '.data/', '**/dist/', 'console/.dist-*', 'test/.work/', 'db/migrations/', '**/*.d.ts'],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    settings: {
      // Our imports name files with their .ts extension, which the node resolver finds as is.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Built-ins with the node: prefix (builtinModules lists them without it).
      'no-restricted-imports': [
        'error',
        {
          paths: builtinModules
            .filter((name) => !name.startsWith('_') && !name.startsWith('node:'))
            .map((name) => ({ name, message: `Import node:${name} (the node: protocol).` })),
        },
      ],
      'import-x/no-restricted-paths': ['error', { zones: serviceZones }],
      'import-x/no-self-import': 'error',
      // A line fits a side-by-side review at 180 columns (docs/decisions.md, "Structure: a line-length
      // rule"); a string, URL or pattern may run on rather than be cut where it reads worst.
      'max-len': ['error', { code: 180, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.base],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    // The console's React components: hooks called unconditionally, effects naming what they read.
    files: ['console/src/**/*.tsx', 'console/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error', 'no-console': 'error' },
  },
  {
    // Service code logs through pino (STYLE.md); the CLI, entry scripts, tests and benchmarks may print.
    files: ['{activities,api,contracts,db,domain,platform,mcp,package-store,sandbox,search,worker,workflows}/**/*.{ts,js,mjs}'],
    rules: { 'no-console': 'error' },
  },
  {
    files: SERVICE_FILES,
    rules: {
      // File cycles. Folder cycles are already ruled out by the zones' order, so a cycle lies
      // inside one folder and is found from its own files: checking from test/, bench/ and
      // scripts/ too walked the whole service again from each of ~170 entry files (+18 s CPU).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // drizzle's query builders are db/'s (db/README.md): other service code calls a db/ module,
    // so every query is found in db/. Its types (SQL, SQLWrapper) may cross the line.
    files: ['{activities,api,catalog,cli,contracts,domain,platform,mcp,package-store,sandbox,search,worker,workflows}/**/*.ts', 'console/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', allowTypeImports: true, message: DRIZZLE_IN_DB }],
          patterns: [{ group: ['drizzle-orm/*'], allowTypeImports: true, message: DRIZZLE_IN_DB }],
        },
      ],
    },
  },
  {
    // Temporal's sandbox: @temporalio/workflow, contracts/, activity *types*, own files.
    files: ['workflows/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../activities/*', '../activities/**'],
              allowTypeImports: true,
              message: 'Workflows import activity types only (workflows/README.md): the code runs in the worker.',
            },
            {
              regex: '^(?!@temporalio/workflow$|\\.\\.?/)',
              message: "Workflows run in Temporal's sandbox: only @temporalio/workflow, contracts/ and activity types (workflows/README.md).",
            },
          ],
        },
      ],
    },
  },
);
