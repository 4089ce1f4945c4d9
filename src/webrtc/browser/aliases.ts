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

/** The aliases as absolute paths under `root`, the shape Vite's and esbuild's `alias` take. */
export function browserAliases(root: string): Record<string, string> {
  const base = root.endsWith('/') ? root : `${root}/`;
  return Object.fromEntries(Object.entries(BROWSER_ALIASES).map(([name, file]) => [name, `${base}${file}`]));
}
