/**
 * The call client's browser footprint (issue 13: the whole call code adds at most 40 KB brotli;
 * docs/calls.md "Browser and Node"): the browser entry with the aliases of
 * src/webrtc/browser/aliases.ts bundles without Node built-ins and stays within its share, and
 * the Node entry never pulls webrtc-adapter.
 */
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { browserAliases } from '../../../src/webrtc/browser/aliases';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** Our share of the 40 KB: simple-peer, webrtc-adapter and src/webrtc; the screens get the rest. */
const BUDGET_BROTLI = 26_000;

async function bundle(entry: string, platform: 'browser' | 'node') {
  const alias = browserAliases(ROOT);
  const result = await build({
    entryPoints: [path.join(ROOT, entry)],
    bundle: true,
    minify: true,
    format: 'esm',
    platform,
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
    ...(platform === 'browser' ? { alias } : { packages: 'external' as const }),
  });
  const inputs = Object.keys(Object.values(result.metafile.outputs)[0]!.inputs);
  const packages = new Set(
    inputs.flatMap((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? []),
  );
  const code = result.outputFiles[0]!.contents;
  return {
    packages,
    imports: result.metafile.outputs,
    br: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

describe('browser bundle of src/webrtc', () => {
  it('holds simple-peer and webrtc-adapter but no Node stream, buffer or debug packages, within budget', async () => {
    const { packages, br } = await bundle('src/webrtc/browser.ts', 'browser');
    expect(packages).toContain('simple-peer');
    expect(packages).toContain('webrtc-adapter');
    for (const heavy of ['readable-stream', 'buffer', 'debug', 'randombytes', 'events', 'safe-buffer']) {
      expect(packages, heavy).not.toContain(heavy);
    }
    expect(br).toBeLessThanOrEqual(BUDGET_BROTLI);
  });

  it('keeps the Node entry free of webrtc-adapter', async () => {
    const { imports } = await bundle('src/webrtc/index.ts', 'node');
    const external = Object.values(imports).flatMap((output) => output.imports.map((i) => i.path));
    expect(external).toContain('simple-peer');
    expect(external).not.toContain('webrtc-adapter');
  });
});
