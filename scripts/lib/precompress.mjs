// Precompressed copies of the built portal's text files (docs/performance.md "Compression"):
// after `vite build` every text asset, whatever its size, gets a `.br` (brotli, quality 11) and a
// `.gz` (gzip, level 9) sibling, which the server's static handler sends by `Accept-Encoding`
// (src/server/portal/static.ts). Only node:zlib; runs as a Vite plugin so every entry is covered.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
const br = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

/** Writes the compressed siblings of every text file under `dir`; returns how many it wrote. */
export async function precompressDir(dir) {
  let written = 0;
  const work = [];
  for await (const file of files(dir)) {
    work.push(
      (async () => {
        // Every size: a route's small chunks (a few hundred bytes each) still shrink by a third to a
        // half, and what a route loads is counted in full (docs/performance.md "Route budgets").
        const bytes = await readFile(file);
        const [brotli, gzipped] = await Promise.all([
          br(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
          gz(bytes, { level: 9 }),
        ]);
        // A copy that is not smaller is not worth a second file; the plain one is served.
        for (const [suffix, copy] of [
          ['br', brotli],
          ['gz', gzipped],
        ]) {
          if (copy.length >= bytes.length) continue;
          await writeFile(`${file}.${suffix}`, copy);
          written++;
        }
      })(),
    );
  }
  await Promise.all(work);
  return written;
}

/** The Vite plugin: precompresses the output directory once the bundle is written. */
export function precompress() {
  let outDir = '';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
