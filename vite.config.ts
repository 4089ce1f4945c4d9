import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { precompress } from './scripts/lib/precompress.mjs';
import { BROWSER_ALIASES } from './src/webrtc/browser/aliases';

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

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), consolePage()],
  // simple-peer's Node-style dependencies, the lean way: the small stand-ins of src/webrtc/browser
  // (docs/calls.md "Browser and Node"; the call code loads lazily, "Size").
  resolve: {
    alias: Object.fromEntries(
      Object.entries(BROWSER_ALIASES).map(([name, file]) => [
        name,
        fileURLToPath(new URL(file, import.meta.url)),
      ]),
    ),
  },
  build: {
    outDir: 'dist/portal',
    emptyOutDir: true,
    // Source maps only when asked for at build time (README "Configuration"): the server serves
    // whatever the build wrote, so a production build without them exposes no sources.
    sourcemap: process.env.SOURCEMAPS === '1',
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every route runs before its page (React, the router, i18next, the session) is one
          // chunk, which compresses better than the dozen small ones it would otherwise be
          // (docs/architecture.md §4 "Route budgets").
          groups: [
            { name: 'start', tags: ['$initial'] },
            // The login route's own code in one chunk, the form kit it shares with the other forms
            // in another.
            {
              name: 'login',
              test: /src[\\/]app[\\/](routes[\\/]login[\\/]|features[\\/]auth[\\/]sign-in-form|layouts[\\/]auth-layout|components[\\/]language-switcher)/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'forms',
              test: /node_modules[\\/]react-hook-form[\\/]|src[\\/]app[\\/]components[\\/](text-)?field\./,
              includeDependenciesRecursively: false,
            },
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
