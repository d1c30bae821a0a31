import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const dirsIn = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const oneOf = (names) => `(?:${names.map(escape).join('|')})`;

// ── Module boundaries (CONTRIBUTING.md, "Module boundaries") ─────────────────────────────────────────
// A console feature (apps/console/src/features/<name>/) and a server module (apps/server/src/modules/<name>/)
// are reached from outside only through their public files:
//   console: the feature's index.ts (its screens, routes/*, are loaded by app/router.tsx through import(),
//            which this rule does not see: one lazy chunk per screen);
//   server:  the module's index.ts; its <name>.routes.ts for app.ts (outside the modules); and any
//            testing/ folder, for test code only.
// Anything else inside is private. The patterns read the import as written (alias or relative path).
const features = dirsIn('apps/console/src/features');
const modules = dirsIn('apps/server/src/modules');

const serverFromConsole = {
  group: ['**/apps/server/**', '@vitrine/server'],
  message: 'O console não importa o servidor: use @vitrine/contracts.',
};
const consoleFromServer = {
  group: ['**/apps/console/**', '@vitrine/console'],
  message: 'O servidor não importa o console: use @vitrine/contracts.',
};
const featureMessage =
  'Importe outra feature só pelo seu index.ts (@/features/<nome>); o resto dela é privado.';
const moduleMessage =
  'Importe outro módulo só pelo seu index.ts (../<módulo>/index.ts); o resto dele é privado (testing/ só em testes).';
/** What follows "<module>/" and stays reachable: index.ts, and a testing/ folder at any depth. */
const modulePrivate = String.raw`/(?!index\.ts$)(?!(?:[^/]+/)*testing/)`;

/** Console files outside the features: app/, components/, lib/, test/, main.tsx. */
const consoleOutside = [
  serverFromConsole,
  { regex: String.raw`^@/features/[^/]+/.`, message: featureMessage },
  { regex: String.raw`^\.\.?/(?:\.\./)*features/[^/]+/.`, message: featureMessage },
];
/** Files of console feature `name`: their own feature freely, the others through index.ts. */
const consoleFeature = (name) => {
  const others = features.filter((f) => f !== name);
  return [
    serverFromConsole,
    { regex: String.raw`^@/features/(?!${escape(name)}/)[^/]+/.`, message: featureMessage },
    { regex: String.raw`^(?:\.\./)+(?:features/)?${oneOf(others)}/.`, message: featureMessage },
  ];
};
/** Server files outside the modules (app.ts, server.ts, plugins, lib, db, testing, scripts). */
const serverOutside = [
  consoleFromServer,
  {
    regex: String.raw`^\.\.?/(?:[^/]+/)*modules/[^/]+${modulePrivate}(?![^/]+\.routes\.ts$).`,
    message: moduleMessage,
  },
];
/** Files of server module `name`: their own module freely, the others through index.ts. */
const serverModule = (name) => [
  consoleFromServer,
  {
    regex: String.raw`^(?:\.\./)+(?:modules/)?${oneOf(modules.filter((m) => m !== name))}${modulePrivate}.`,
    message: moduleMessage,
  },
];
/** Production code never imports test support (fakes, fixtures, the test app). */
const noTestSupport = {
  regex: String.raw`(?:^|/)testing/`,
  message: 'Código de produção não importa testing/ (só testes).',
};
/** Nor the test kit: it would be bundled into the server (and it needs dev dependencies only). */
const noTestKit = {
  group: ['@vitrine/test-kit', '@vitrine/test-kit/*'],
  message: 'Código de produção não importa @vitrine/test-kit (só testes e scripts).',
};
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'];

const restrict = (files, patterns, ignores) => ({
  files,
  ...(ignores ? { ignores } : {}),
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/server/drizzle/**',
      'coverage/**',
      'docs/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  // Type-aware rules on every TypeScript file: each file is checked with the tsconfig.json nearest to it
  // (apps/server, apps/console, packages/contracts, packages/test-kit, e2e). A promise nobody awaits
  // loses its rejection; one passed where a callback's result is ignored (an event handler, a
  // setInterval) does too.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['packages/contracts/vitest.config.ts'] },
        tsconfigRootDir: root,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['apps/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The modules' browser scripts (lib/browser-scripts.ts: the landing pages', the sign-in forms') run in the browser.
    files: ['apps/server/src/modules/*/browser/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // No import cycles in either app (CONTRIBUTING.md, "Module boundaries"): a module that imports another
  // is never imported back by it, at run time. Type-only imports are erased and do not count; `import()`
  // does (a job handler loading its service lazily was how cycles hid).
  {
    files: ['apps/server/**/*.ts', 'apps/console/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Files the rule follows (it ignores imports of other extensions) and how it parses them.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/console/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Boundaries. Later blocks win for the files they match, so the general block comes first.
  restrict(['apps/console/**/*.{ts,tsx}'], consoleOutside),
  ...features.map((name) =>
    restrict([`apps/console/src/features/${name}/**/*.{ts,tsx}`], consoleFeature(name)),
  ),
  restrict(
    ['apps/server/**/*.ts'],
    [...serverOutside, noTestSupport, noTestKit],
    [...TEST_FILES, 'apps/server/scripts/**'],
  ),
  restrict([...TEST_FILES.map((p) => `apps/server/${p}`), 'apps/server/scripts/**/*.ts'], serverOutside),
  ...modules.flatMap((name) => {
    const dir = `apps/server/src/modules/${name}`;
    return [
      restrict([`${dir}/**/*.ts`], [...serverModule(name), noTestSupport, noTestKit], TEST_FILES),
      restrict(
        TEST_FILES.map((p) => `${dir}/${p}`),
        serverModule(name),
      ),
    ];
  }),
);
