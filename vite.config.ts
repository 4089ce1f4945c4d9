import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Where `npm run dev` forwards API, chat and socket traffic (the running server). */
const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080';

/**
 * simple-peer's `randombytes` calls Node's `process.nextTick` (docs/calls.md "Size"): that module
 * alone gets a small `process` that runs the callback in a microtask, instead of a
 * whole `process` polyfill for the portal.
 */
function processForRandombytes(): Plugin {
  const modules = /node_modules\/randombytes\//;
  const shim =
    'var process = { env: {}, nextTick: function (fn) { var args = [].slice.call(arguments, 1); ' +
    'queueMicrotask(function () { fn.apply(null, args); }); } };\n';
  return {
    name: 'process-for-randombytes',
    enforce: 'pre',
    transform(code, id) {
      return modules.test(id) && code.includes('process.') ? { code: shim + code, map: null } : null;
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), processForRandombytes()],
  // simple-peer's Node built-ins, the lean way (docs/calls.md "Size"): the `buffer` and `events`
  // packages stand in for Node's modules, `global` is the browser's globalThis, and its stream and
  // logger are the small stand-ins of src/webrtc/browser-shims (calls send no data-channel traffic).
  resolve: {
    alias: {
      buffer: 'buffer/',
      events: 'events/',
      'readable-stream': fileURLToPath(
        new URL('src/webrtc/browser-shims/readable-stream.js', import.meta.url),
      ),
      debug: fileURLToPath(new URL('src/webrtc/browser-shims/debug.cjs', import.meta.url)),
    },
  },
  define: { global: 'globalThis' },
  build: {
    outDir: 'dist/portal',
    emptyOutDir: true,
    // Source maps only when asked for at build time (README "Configuration"): the server serves
    // whatever the build wrote, so a production build without them exposes no sources.
    sourcemap: process.env.SOURCEMAPS === '1',
    chunkSizeWarningLimit: 700,
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
