// One `index.html` per page of the portal, with that page's chunks as `modulepreload` links
// (docs/performance.md "The route's chunks asked for with the document"): the browser asks for
// the shell's, the layout's and the page's chunks beside the start chunk, not after it has run.
// The server answers a page's path with its file (src/server/portal/static.ts, `pages/index.json`).
// Which module each path loads is read from the route table and the router's own imports
// (src/app/router/route-table.ts, router.tsx); the paths and the report rule come from the app's own
// modules (vite.config.ts passes `paths` and `isReportPath`); tests/unit/scripts/route-pages.test.ts
// holds the reading to the route table itself.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the page files and their index go, under the build's output. */
export const PAGES_DIR = 'pages';

/**
 * Modules every signed-in page loads with the shell (src/app/router/router.tsx), and the map of
 * the shell's translations, the same in every language, which i18next asks for before the active
 * language's chunks (src/app/i18n/index.ts `translations`): one step of fetching less. A page
 * that reads namespaces of its own also names their map (`PAGE_LOCALES`).
 */
const SHELL = [
  'src/app/layouts/signed-in-shell.tsx',
  'src/app/api/api-client.ts',
  'src/app/i18n/signed-in-locales.ts',
];
const LAYOUTS = { main: 'src/app/layouts/main-layout.tsx', bare: 'src/app/layouts/bare-layout.tsx' };
/** The report access guard, loaded before a report page (router.tsx `reportAccessGuard`). */
const REPORT_GUARD = 'src/app/router/require-report-access.tsx';
/** The public pages, routed in router.tsx rather than the route table. */
const PUBLIC = [
  ['login', 'src/app/routes/login/login-page.tsx'],
  ['signIn', 'src/app/routes/login/login-page.tsx'],
  ['toLogin', 'src/app/routes/login/login-page.tsx'],
  ['signUp', 'src/app/routes/sign-up/sign-up-page.tsx'],
];

/** The map of the translations only some pages read (src/app/i18n/index.ts `PAGE_NAMESPACES`). */
const PAGE_LOCALES = 'src/app/i18n/page-locales.ts';

/**
 * The route table's entries in order: path name, layout, page module (src/app/...) and the
 * namespaces the page reads beyond the shell's.
 */
export function readRouteTable(source) {
  const entries = [];
  for (const m of source.matchAll(
    /path: paths\.(\w+),([^{}]*?)layout: '(main|bare)',[^{}]*?load: \(\) => import\('\.\.\/routes\/([^']+)'\)/g,
  )) {
    const namespaces = /namespaces: \[([^\]]*)\]/.exec(m[0])?.[1].match(/[\w-]+/g) ?? [];
    entries.push({ name: m[1], layout: m[3], module: `src/app/routes/${m[4]}.tsx`, namespaces });
  }
  return entries;
}

/**
 * URL path → the modules its page loads before it renders, the start chunk's aside. `paths` is
 * src/app/paths.ts's, `isReportPath` the router's rule for the report guard (src/app/api/report-access.ts).
 */
export function pageModules(paths, isReportPath, routeTableSource) {
  const at = (name) => {
    const url = paths[name];
    if (!url) throw new Error(`route-pages: paths.${name} is not in src/app/paths.ts`);
    return url;
  };
  const pages = new Map(PUBLIC.map(([name, module]) => [at(name), [module]]));
  for (const route of readRouteTable(routeTableSource)) {
    const url = at(route.name);
    const guard = isReportPath(url) ? [REPORT_GUARD] : [];
    // `auth` has its own map, in the start chunk (src/app/i18n/index.ts).
    const pageLocales = route.namespaces.some((n) => n !== 'auth') ? [PAGE_LOCALES] : [];
    pages.set(url, [...SHELL, ...pageLocales, LAYOUTS[route.layout], ...guard, route.module]);
  }
  return pages;
}

/** The chunk files the document loads itself: its module scripts and preloads. */
export function documentFiles(html, base = '/') {
  return [
    ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g),
  ].map((m) => (m[1].startsWith(base) ? m[1].slice(base.length) : m[1]));
}

/**
 * The chunk files `modules` need that the document does not load already: each module's chunk and
 * its static imports, without the document's own chunks and theirs. `bundle` is Rollup's output.
 */
export function chunkFiles(bundle, root, modules, documentChunks) {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId, c]));
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (files, into = new Set()) => {
    for (const file of files) {
      if (into.has(file)) continue;
      into.add(file);
      closure(byFile.get(file)?.imports ?? [], into);
    }
    return into;
  };
  const loaded = closure(documentChunks);
  const wanted = modules.map((module) => {
    const chunk = byModule.get(path.resolve(root, module));
    if (!chunk) throw new Error(`route-pages: no chunk starts at ${module}`);
    return chunk.fileName;
  });
  return [...closure(wanted)].filter((file) => !loaded.has(file));
}

/**
 * `html` with a modulepreload link for each file, before `</head>`. At low priority: the stylesheet
 * and the start chunk, which the first paint waits for, go first, and the page's chunks still
 * arrive before the start chunk has run (docs/performance.md "The route's chunks asked for with the
 * document").
 */
export function withPreloads(html, files, base = '/') {
  const links = files
    .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${base}${file}">`)
    .join('');
  if (!html.includes('</head>')) throw new Error('route-pages: index.html has no </head>');
  return html.replace('</head>', `${links}</head>`);
}

/**
 * The Vite plugin: writes `pages/<path>.html` per page and `pages/index.json` (path → file).
 * `paths` and `isReportPath` are the app's own (vite.config.ts).
 */
export function routePages({ paths, isReportPath }) {
  let root = '';
  let outDir = '';
  let base = '/';
  return {
    name: 'portal-route-pages',
    apply: (_config, { command }) => command === 'build' && process.env.CONSOLE_PAGE_BUILD !== '1',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
    },
    async writeBundle(_options, bundle) {
      const [tableSource, html] = await Promise.all([
        readFile(path.join(root, 'src/app/router/route-table.ts'), 'utf8'),
        readFile(path.join(outDir, 'index.html'), 'utf8'),
      ]);
      const documentChunks = documentFiles(html, base);
      const index = {};
      for (const [url, modules] of pageModules(paths, isReportPath, tableSource)) {
        const file = `${PAGES_DIR}${url}.html`;
        await mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
        const files = chunkFiles(bundle, root, modules, documentChunks);
        await writeFile(path.join(outDir, file), withPreloads(html, files, base));
        index[url] = file;
      }
      await writeFile(path.join(outDir, PAGES_DIR, 'index.json'), JSON.stringify(index, null, 2));
    },
  };
}
