/**
 * Brotli size of the built chat stack next to strophe.js's own (docs/architecture.md §4: the
 * chat+call+socket protocol code ≤ 40 KB brotli; strophe.js alone 17 KB). Built like the portal
 * would build it: ESM, browser conditions, the browser's stand-ins for Node's WebSocket, XML parser
 * and XMLHttpRequest (vite.config.ts), minified, in memory.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { build } from 'esbuild';
import { browserTransport } from '../../lib/browser-transport.mjs';
import { ROOT } from '../../../tests/support/stack';

const brotli = (data: Uint8Array) =>
  brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

async function bundle(options: {
  entry?: string;
  contents?: string;
  external?: string[];
  withoutBosh?: boolean;
}): Promise<{ raw: number; br: number }> {
  const result = await build({
    ...(options.entry
      ? { entryPoints: [options.entry] }
      : { stdin: { contents: options.contents!, resolveDir: ROOT, loader: 'ts' } }),
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    external: options.external ?? [],
    plugins: [browserTransport(ROOT, { withoutBosh: options.withoutBosh ?? false })],
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  return { raw: code.length, br: brotli(code) };
}

export async function bundleSizes() {
  const entry = path.join(ROOT, 'src/xmpp/index.ts');
  const oursAlone = await bundle({ entry, external: ['strophe.js'] });
  const withStrophe = await bundle({ entry });
  const webSocketOnly = await bundle({ entry, withoutBosh: true });
  const stropheAsUsed = await bundle({ contents: "export * from 'strophe.js';" });
  const shipped = await readFile(path.join(ROOT, 'node_modules/strophe.js/dist/strophe.umd.min.js'));
  return {
    oursAlone,
    withStrophe,
    webSocketOnly,
    stropheAsUsed,
    stropheShipped: { raw: shipped.length, br: brotli(shipped) },
  };
}
