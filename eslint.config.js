// Lint: typescript-eslint, one-way imports between the folders of docs/architecture.md §2, no cycles.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * docs/architecture.md §2: src/server's folders, lowest first. A folder imports only folders
 * before it, so no two folders import each other; a new folder gets its place here
 * (tests/unit/server/folder-graph.test.ts fails until it has one). The files at src/server's root
 * wire the folders together; folders import them for types only.
 */
export const serverFolders = [
  'db',
  'events',
  'mail',
  'auth',
  'http',
  'blobs',
  'files',
  'portal',
  'protocol',
  'admin',
  'access-log',
  'chat-identity',
  'prosody',
  'chat-history',
  'qb',
  'socket',
  'notifications',
  'schedule',
  'consultation',
  'content',
  'account',
  'second-factor',
  'profile',
  'member-health',
  'reports',
  'cycle-data',
  'dashboard',
  'calls',
  'seed',
];
const serverZones = serverFolders.slice(0, -1).map((folder, index) => ({
  target: `src/server/${folder}`,
  from: serverFolders.slice(index + 1).map((above) => `src/server/${above}`),
  message: `src/server/${folder} imports only the server folders before it in serverFolders (docs/architecture.md §2): move the shared piece down instead.`,
}));

/** docs/architecture.md §2: who may import whom. `target` may not import from `from`. */
const zones = [
  // Protocol folders are headless and never import the portal or the server.
  ...['src/xmpp', 'src/webrtc', 'src/socket', 'src/rest', 'src/shared', 'src/trace'].flatMap((target) => [
    {
      target,
      from: 'src/app',
      message: 'Protocol code is headless: it never imports the portal (docs/architecture.md §2).',
    },
    {
      target,
      from: 'src/server',
      message: 'Protocol code never imports the server (docs/architecture.md §2).',
    },
  ]),
  {
    target: 'src/shared',
    from: ['src/xmpp', 'src/webrtc', 'src/socket', 'src/rest'],
    message: 'src/shared imports none of our other folders (docs/architecture.md §2).',
  },
  {
    target: 'src/xmpp',
    from: ['src/webrtc', 'src/socket', 'src/rest'],
    message: 'src/xmpp imports nothing of ours but src/shared (docs/architecture.md §2).',
  },
  {
    target: 'src/rest',
    from: ['src/xmpp', 'src/webrtc', 'src/socket'],
    message: 'src/rest imports only ky and src/shared (docs/architecture.md §2).',
  },
  {
    target: 'src/socket',
    from: ['src/xmpp', 'src/webrtc', 'src/rest'],
    message: 'src/socket imports only its own codec and STOMP (docs/architecture.md §2).',
  },
  {
    target: 'src/webrtc',
    from: ['src/socket', 'src/rest'],
    message: 'src/webrtc imports only src/xmpp (docs/architecture.md §2).',
  },
  {
    target: 'src/app',
    from: 'src/server',
    message: 'The portal never imports the server (docs/architecture.md §2).',
  },
  {
    target: ['src/xmpp', 'src/webrtc', 'src/socket', 'src/rest', 'src/shared'],
    from: 'src/trace',
    message: 'src/trace records the protocol folders; they never import it (docs/architecture.md §2).',
  },
  {
    target: 'src/console',
    from: ['src/app', 'src/server'],
    message:
      'The console is its own page: it imports the protocol folders, never the portal or the server (docs/architecture.md §2).',
  },
  {
    target: [
      'src/app',
      'src/server',
      'src/trace',
      'src/xmpp',
      'src/webrtc',
      'src/socket',
      'src/rest',
      'src/shared',
    ],
    from: 'src/console',
    message: 'Nothing imports the console page (docs/architecture.md §2).',
  },
  {
    target: 'src/server',
    from: ['src/app', 'src/xmpp', 'src/webrtc', 'src/socket', 'src/rest', 'src/trace', 'src/console'],
    message: 'The server imports only src/shared (docs/architecture.md §2).',
  },
  ...serverZones,
];

/**
 * docs/architecture.md §2, inside the portal: a feature imports only itself, components/, api/,
 * root/, connections/, session/, paths.ts and i18n/ (storage/ is session's and i18n's: the spec §3 names
 * are written in one place); api/ and connections/ never import features; runtime/ joins them and
 * only layouts/ imports it; nothing imports routes/ but the router.
 */
const APP = 'src/app';
const features = fs
  .readdirSync(path.join(import.meta.dirname, APP, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const portalZones = [
  ...features.map((feature) => ({
    target: `${APP}/features/${feature}`,
    from: `${APP}/features`,
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: share through components/, api/ or connections/ (docs/architecture.md §2).',
  })),
  {
    target: `${APP}/features`,
    from: [
      `${APP}/layouts`,
      `${APP}/router`,
      `${APP}/routes`,
      `${APP}/storage`,
      `${APP}/app.tsx`,
      `${APP}/main.tsx`,
    ],
    message:
      'A feature imports only itself, components/, api/, root/, connections/, session/, paths.ts and i18n/ (docs/architecture.md §2).',
  },
  ...['api', 'connections'].map((folder) => ({
    target: `${APP}/${folder}`,
    from: [`${APP}/features`, `${APP}/layouts`, `${APP}/router`, `${APP}/routes`],
    message: `${folder}/ is below the features and the screens: it never imports them (docs/architecture.md §2).`,
  })),
  {
    target: ['api', 'components', 'connections', 'features', 'i18n', 'root', 'session', 'storage'].map(
      (folder) => `${APP}/${folder}`,
    ),
    from: `${APP}/runtime`,
    message:
      'runtime/ joins the connections and the features into the portal runtime: only the signed-in shell (layouts/) makes it (docs/architecture.md §2).',
  },
  {
    target: `${APP}/runtime`,
    from: [`${APP}/layouts`, `${APP}/router`, `${APP}/routes`],
    message: 'runtime/ is below the screens: it never imports them (docs/architecture.md §2).',
  },
  {
    target: `${APP}/api`,
    from: [`${APP}/connections`, `${APP}/root`],
    message: 'api/ is below root/ and connections/ (docs/architecture.md §2).',
  },
  {
    target: `${APP}/root`,
    from: [`${APP}/connections`, `${APP}/features`, `${APP}/layouts`, `${APP}/router`, `${APP}/routes`],
    message:
      'root/ makes what lives as long as the page from api/, session/ and components/: it never imports connections/, features or screens (docs/architecture.md §2).',
  },
  {
    target: [`${APP}/session`, `${APP}/storage`, `${APP}/i18n`, `${APP}/components`],
    from: [
      `${APP}/api`,
      `${APP}/root`,
      `${APP}/connections`,
      `${APP}/features`,
      `${APP}/layouts`,
      `${APP}/router`,
      `${APP}/routes`,
    ],
    message:
      'session/, storage/, i18n/ and components/ are the bottom of the portal (docs/architecture.md §2).',
  },
  {
    target: ['api', 'components', 'connections', 'features', 'i18n', 'layouts', 'root', 'session', 'storage']
      .map((folder) => `${APP}/${folder}`)
      .concat([`${APP}/paths.ts`, `${APP}/app.tsx`, `${APP}/main.tsx`]),
    from: `${APP}/routes`,
    message: 'Only the router imports routes/ (docs/architecture.md §2).',
  },
];

/** docs/architecture.md §2: the only outside packages each protocol folder and the contract may use. */
const allowedPackages = {
  // ws: Node's WebSocket for the WebSocket transport (src/xmpp/transport/socket-platform.ts, with
  // our own frame parser; the portal's build puts the browser's WebSocket and DOMParser in its place).
  'src/xmpp': ['strophe.js', 'ws'],
  'src/webrtc': ['simple-peer', 'webrtc-adapter'],
  'src/socket': ['@stomp/stompjs', 'protobufjs'],
  'src/rest': ['ky'],
  // @date-fns/tz: a provider's zone in both the server and the portal (src/shared/time/zoned.ts).
  'src/shared': ['zod', '@date-fns/tz'],
  'src/trace': [],
};
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const packageRules = Object.entries(allowedPackages).map(([folder, packages]) => ({
  files: [`${folder}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            // Anything that is neither relative nor one of the folder's packages (or a subpath of one).
            regex: `^(?!\\.|(${packages.map(escape).join('|')})(/|$))`,
            message: `${folder} may import only ${packages.join(', ')} and our own folders of docs/architecture.md §2.`,
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      '.data',
      '.test-data',
      '.scratch',
      'test-results',
      'playwright-report',
      'src/socket/generated',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Plain Node scripts (the bootstrap runs before node_modules exists, so it is JavaScript).
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { parserOptions: { projectService: false } },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // App imports protocol folders only through their index.ts (docs/conventions.md "What we do" 1).
    files: ['src/app/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...zones, ...portalZones] }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // src/webrtc has a second entry, browser.ts, which adds webrtc-adapter (docs/calls.md).
              regex: '^(\\.\\./)+((xmpp|socket|rest)/.+|webrtc/(?!browser$).+)',
              message: 'Import protocol folders through their index.ts only (src/webrtc: or browser.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Every feature owns its TanStack Query keys in its queries.ts, below api/query-keys.ts (docs/architecture.md §3).
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: ['src/app/**/queries.ts', 'src/app/api/query-keys.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: "Query keys are built in the feature's queries.ts, not written in place.",
        },
      ],
    },
  },
  ...packageRules,
);
