// The server as one ES module (docs/performance.md "Warm start"): `npm start` runs
// dist/server/main.mjs with plain Node instead of compiling some 230 TypeScript files through tsx on
// every start, which halves the server's start-up. The test stacks run it too, and the tests run the
// admin command and the member simulator from the same build (docs/testing.md "What a run shares"). esbuild writes it in well under a second, and only
// when an input changed: the bundle's manifest lists every file it was made from with its mtime.
// Plain Node; esbuild is loaded from node_modules only when a bundle has to be written.
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Pure-JavaScript packages of many small ES modules, inlined so that Node does not resolve and load
 * them file by file (echarts and zrender alone are some 600 modules). Every other package stays an
 * import from node_modules: some read files beside their own code (PGlite's WebAssembly, pdfkit's
 * fonts, swagger-ui's assets), which a bundle would move away from them.
 */
export const INLINED_PACKAGES = ['echarts', 'zrender', 'kysely', 'zod', 'date-fns', '@date-fns/tz', 'tslib'];

const OUT_DIR = 'dist/server';
/**
 * What is bundled: the server, and the two tools that run beside it, `npm run admin` and the member
 * simulator, which the tests start dozens of times a run (plain Node on the bundle costs a quarter
 * of tsx's CPU a start). They share chunks.
 */
const ENTRIES = { main: 'src/server/main.ts', admin: 'scripts/admin.ts', member: 'scripts/member/index.ts' };
export const SERVER_BUNDLE = `${OUT_DIR}/main.mjs`;
/** The bundle of a tool of ENTRIES (`admin`, `member`). */
export const toolBundle = (name) => `${OUT_DIR}/${name}.mjs`;
const MANIFEST = `${OUT_DIR}/inputs.json`;

const mtime = (file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1;

/**
 * Whether the bundle under `root` is missing or older than one of its inputs. The manifest names
 * every source file the bundle holds (a new import first changes a file already listed) and the
 * lockfile (a package upgrade changes the inlined packages and the external ones' shape).
 */
export function serverBundleStale(root) {
  const bundle = path.join(root, SERVER_BUNDLE);
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(root, MANIFEST), 'utf8'));
  } catch {
    return true;
  }
  if (!existsSync(bundle) || !Array.isArray(manifest.inputs)) return true;
  // The bundle holds its own files' absolute URLs (ownUrls): a checkout moved elsewhere rebuilds.
  if (manifest.root !== path.resolve(root)) return true;
  return manifest.inputs.some((input) => mtime(path.join(root, input.file)) !== input.mtimeMs);
}

/**
 * esbuild puts every module in one file, so `import.meta.url` would name the bundle; the server's
 * own files use it to find what lies beside them (migrations, Prosody's modules, proto/). Each own
 * file keeps its own URL, written in as a constant.
 */
function ownUrls(root) {
  return {
    name: 'own-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (!args.path.startsWith(root) || args.path.includes(`${path.sep}node_modules${path.sep}`))
          return undefined;
        const text = await readFile(args.path, 'utf8');
        return {
          contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
          loader: 'ts',
        };
      });
    },
  };
}

/**
 * Writes dist/server/main.mjs, the chunks it imports on demand (a dynamic `import()` in the server,
 * such as the PDF stack, becomes a chunk loaded when first used) and the manifest; throws with
 * esbuild's messages on an error.
 */
export async function buildServerBundle(root) {
  const { build } = await import(pathToFileURL(path.join(root, 'node_modules/esbuild/lib/main.js')).href);
  const inlined = new Set(INLINED_PACKAGES);
  const started = Date.now();
  rmSync(path.join(root, OUT_DIR), { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    // The server always; a tool when its source is there (a checkout has all three).
    entryPoints: Object.fromEntries(
      Object.entries(ENTRIES).filter(([name, file]) => name === 'main' || existsSync(path.join(root, file))),
    ),
    outdir: OUT_DIR,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    sourcesContent: false,
    minifyWhitespace: true,
    minifySyntax: true,
    metafile: true,
    logLevel: 'silent',
    plugins: [
      ownUrls(root),
      {
        name: 'external-packages',
        setup(b) {
          // A bare specifier is a package: external unless it is one of INLINED_PACKAGES.
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            const name = args.path.startsWith('@')
              ? args.path.split('/').slice(0, 2).join('/')
              : args.path.split('/')[0];
            return inlined.has(name) ? undefined : { path: args.path, external: true };
          });
        },
      },
    ],
  });
  const inputs = Object.keys(result.metafile.inputs)
    .filter((file) => !file.startsWith('node_modules/'))
    .concat('package-lock.json')
    .map((file) => {
      const mtimeMs = mtime(path.join(root, file));
      // A file edited while esbuild ran may be in the bundle in its older form: build again next time.
      return { file, mtimeMs: mtimeMs > started ? -1 : mtimeMs };
    });
  const outputs = Object.keys(result.metafile.outputs);
  writeFileSync(path.join(root, MANIFEST), JSON.stringify({ root: path.resolve(root), inputs, outputs }));
}
