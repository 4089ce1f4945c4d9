/**
 * The bundler aliases that keep simple-peer lean in the browser (docs/calls.md "Browser and
 * Node"): its Node-style dependencies replaced by the stand-ins of this folder. Paths are
 * relative to the repository root; a bundler (vite.config.ts, the size test) resolves them.
 */
export const BROWSER_ALIASES: Readonly<Record<string, string>> = {
  'readable-stream': 'src/webrtc/browser/stream-shim.ts',
  buffer: 'src/webrtc/browser/buffer-shim.ts',
  randombytes: 'src/webrtc/browser/randombytes-shim.cjs',
  debug: 'src/webrtc/browser/debug-shim.cjs',
};
