import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { clientContracts } from './scripts/lib/client-contracts.mjs';
import { precompress } from './scripts/lib/precompress.mjs';
import { protobufRuntime } from './scripts/lib/protobuf-runtime.mjs';
import { routePages } from './scripts/lib/route-pages.mjs';
import { isReportPath } from './src/app/api/report-access.ts';
import { paths } from './src/app/paths.ts';
import { browserAliases } from './src/webrtc/browser/aliases.ts';

/** Where `npm run dev` forwards API, chat and socket traffic (the running server). */
const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080';

/**
 * The protocol console is its own page (docs/console.md), built after the portal in a build of its
 * own, so it shares no chunk with the portal and the portal's bundles stay exactly as they are.
 */
function consolePage(): Plugin {
  return {
    name: 'console-page',
    apply: (_config, { command }) => command === 'build' && process.env.CONSOLE_PAGE_BUILD !== '1',
    async closeBundle() {
      process.env.CONSOLE_PAGE_BUILD = '1';
      try {
        await build({
          configFile: fileURLToPath(import.meta.url),
          build: { emptyOutDir: false, rolldownOptions: { input: 'console.html' } },
        });
      } finally {
        delete process.env.CONSOLE_PAGE_BUILD;
      }
    },
  };
}

/**
 * React Router's production build in the portal's build: its package exports only the development
 * build, whose warnings (`ENABLE_DEV_WARNINGS`) would otherwise ship (docs/architecture.md §4
 * "Route budgets"); `npm run dev` keeps them.
 */
function reactRouterProduction(): Plugin {
  const build = (file: string) =>
    fileURLToPath(new URL(`node_modules/react-router/dist/production/${file}`, import.meta.url));
  return {
    name: 'react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: build('index.mjs') },
          { find: /^react-router\/dom$/, replacement: build('dom-export.mjs') },
        ],
      },
    }),
  };
}

/**
 * Modules every signed-in page loads with the shell, before its first paint (docs/architecture.md
 * §4 "Lighthouse", "Route budgets"): with TanStack Query, the API client's package (ky) and
 * the shared modules below, one chunk rather than some thirty requests queued on the browser's few
 * connections, which also compresses better than four (1.5 KB of brotli). Only modules the login
 * route does not load at first belong here (the sign-in form loads the API client, and with it
 * this chunk, once focused), and nothing that loads later (the connections' code, the pages);
 * only the portal's own modules, so no chunk of the login route imports this one back.
 */
export const SIGNED_IN_SHELL = [
  'src/app/layouts/(signed-in-shell|main-layout|menu|top-bar|idle-logoff|keep-alive|call-host-loader)',
  'src/app/connections/(connections-provider|connections-context|use-connections|console-bridge|index)',
  'src/app/connections/(chat/(chat-link|outbox-store|tab-registry)|calls/call-bridge|app-socket/app-socket-state)',
  'src/app/api/(api-client|traffic|query-keys|server-data|fetch-fresh|domain-calls/(index|account|profile|chat|notifications))',
  'src/app/features/chat/(entries|ticks|unread|chat-store|chat-events|unread-while-down|chat-plugin)',
  'src/app/features/chat/(convert|history|queries|chat-sync)',
  'src/app/features/notifications/(notification-pushes|red-dot-store|menu-red-dot|queries)',
  'src/app/features/profile/(queries|use-audit-info|audit-state|lazy-audit-popup)',
  'src/app/features/(auth/sign-out|verification/email-banner)',
  'src/app/components/(lazy-dialog|format|read-failure)',
  'src/app/i18n/signed-in-locales',
  'src/app/(session/idle-clock|components/red-dot|features/chat/red-dots)',
  'src/app/layouts/(sign-out|unsaved-work|drafts-notice|skip-link)',
  'src/app/features/chat/(blocked|chat-store-context|chat-state|chat-store-conversations|chat-store-dialogs|outgoing)',
  'src/app/(session/draft-store|storage/owned-records|api/observed-fetch)',
  'src/app/(connections/(connections|external-store)|runtime/(portal-runtime|portal-calls))',
];
/**
 * The shared, protocol and contract modules every signed-in page loads (the API client, the
 * contracts of the shell's calls, what the chat store and the chat connection share), in the same
 * chunk. None of them is loaded by the login route at first, whose budget would show it
 * (tests/unit/vite-config.test.ts checks that each names a file).
 */
export const SIGNED_IN_SHARED = [
  'src/rest/(client|errors|error-catalogue|xhr-send|upload|messaging|account)',
  'src/shared/api/(endpoint|error-codes|messaging|account|protocol|chat-identity)',
  'src/shared/api/(profile|notifications|chat)',
  'src/rest/(profile|notifications|chat)',
  'src/shared/(notification-categories|emitter|dialog-type|auto-logoff|call-record)',
  'src/xmpp/(errors/errors|xml/element|messages/extra-params)',
  'src/trace/live-channel',
];
const SIGNED_IN_PACKAGES = /node_modules[\\/](@tanstack[\\/](query-core|react-query)|ky)[\\/]/;
const pathsPattern = (entries: string[]) =>
  new RegExp(`(${entries.join('|').replaceAll('/', '[\\\\/]')})\\.tsx?$`);
const SIGNED_IN_MODULES = [SIGNED_IN_PACKAGES, pathsPattern(SIGNED_IN_SHELL), pathsPattern(SIGNED_IN_SHARED)];
const SIGNED_IN_GROUPS = [
  { name: 'signed-in', test: (id: string) => SIGNED_IN_MODULES.some((p) => p.test(id)) },
];

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    reactRouterProduction(),
    clientContracts(),
    protobufRuntime(),
    routePages({ paths, isReportPath }),
    precompress(),
    consolePage(),
  ],
  // simple-peer's Node-style dependencies, the lean way: the small stand-ins of src/webrtc/browser
  // (docs/calls.md "Browser and Node"; the call code loads lazily, "Size").
  // And protobufjs's optional `long`, which the app socket's codec turns off (src/socket/codec.ts).
  // And the XMLHttpRequest that Strophe's BOSH needs in Node, and the WebSocket and XML parser of
  // the chat's own WebSocket transport, which browsers have of their own
  // (src/xmpp/transport/browser/native-xhr.ts, src/xmpp/transport/browser/socket-platform.ts).
  resolve: {
    alias: [
      ...Object.entries(browserAliases(fileURLToPath(new URL('.', import.meta.url)))).map(
        ([find, replacement]) => ({ find, replacement }),
      ),
      {
        find: 'long',
        replacement: fileURLToPath(new URL('src/socket/browser/no-long.cjs', import.meta.url)),
      },
      {
        find: /^(\.\.\/transport|\.)\/socket-platform$/,
        replacement: fileURLToPath(new URL('src/xmpp/transport/browser/socket-platform.ts', import.meta.url)),
      },
      {
        find: /^\.\/node-xhr$/,
        replacement: fileURLToPath(new URL('src/xmpp/transport/browser/native-xhr.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist/portal',
    emptyOutDir: true,
    // Source maps only when asked for at build time (README "Configuration"): the server serves
    // whatever the build wrote, so a production build without them exposes no sources.
    sourcemap: process.env.SOURCEMAPS === '1',
    chunkSizeWarningLimit: 700,
    rolldownOptions:
      process.env.CONSOLE_PAGE_BUILD === '1'
        ? {}
        : {
            output: {
              // Seven characters of hash, the fewest rolldown allows for this many chunks: each
              // chunk's name is in the start chunk's preload map and in its importers, and a hash
              // is what brotli cannot shrink (docs/performance.md "Route budgets", 0.16 KB).
              chunkFileNames: 'assets/[name]-[hash:7].js',
              codeSplitting: {
                groups: [
                  // What every route runs before its page (React, the router, i18next, the session)
                  // is one chunk, which compresses better than the dozen small ones it would
                  // otherwise be (docs/architecture.md §4 "Route budgets").
                  { name: 'start', tags: ['$initial'] },
                  // The login route's own code in one chunk, the labelled fields it shares with
                  // the other forms in another, and their form library (which the sign-in form does
                  // without) in a third.
                  {
                    name: 'login',
                    test: /src[\\/]app[\\/](routes[\\/]login[\\/]|features[\\/]auth[\\/]sign-in-form|layouts[\\/]auth-layout)/,
                    includeDependenciesRecursively: false,
                  },
                  {
                    name: 'fields',
                    test: /src[\\/]app[\\/]components[\\/](text-)?field\./,
                    includeDependenciesRecursively: false,
                  },
                  {
                    name: 'forms',
                    test: /node_modules[\\/]react-hook-form[\\/]/,
                    includeDependenciesRecursively: false,
                  },
                  ...SIGNED_IN_GROUPS.map((group) => ({ ...group, includeDependenciesRecursively: false })),
                ],
              },
            },
          },
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': backend,
      '/qb': backend,
      '/http-bind': backend,
      '/xmpp-websocket': { target: backend.replace(/^http/, 'ws'), ws: true },
      '/socket': { target: backend.replace(/^http/, 'ws'), ws: true },
    },
  },
});
