/**
 * The pages' own `index.html` (scripts/lib/route-pages.mjs; docs/performance.md "The route's
 * chunks asked for with the document"): the build reads which module each path loads from the
 * route table's source, so this holds that reading to the route table itself, and checks which
 * chunks a page's links name.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isReportPath } from '../../../src/app/api/report-access';
import { paths } from '../../../src/app/paths';
import { PORTAL_ROUTES } from '../../../src/app/router/route-table';
import {
  chunkFiles,
  documentFiles,
  pageModules,
  readRouteTable,
  withPreloads,
} from '../../../scripts/lib/route-pages.mjs';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const source = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const TABLE = source('src/app/router/route-table.ts');

describe('reading the route table', () => {
  it('reads every route, in order, with its layout and the module its load imports', () => {
    const read = readRouteTable(TABLE);
    expect(read.map((r) => paths[r.name as keyof typeof paths])).toEqual(PORTAL_ROUTES.map((r) => r.path));
    expect(read.map((r) => r.layout)).toEqual(PORTAL_ROUTES.map((r) => r.layout));
    const imported = [...TABLE.matchAll(/import\('\.\.\/routes\/([^']+)'\)/g)].map(
      (m) => `src/app/routes/${m[1]}.tsx`,
    );
    expect(read.map((r) => r.module)).toEqual(imported);
    expect(read.map((r) => r.namespaces)).toEqual(PORTAL_ROUTES.map((r) => r.namespaces ?? []));
  });

  it('gives every path a page: the public ones their page, the others shell, layout and page', () => {
    const pages = pageModules(paths, isReportPath, TABLE);
    expect([...pages.keys()].sort()).toEqual(Object.values(paths).sort());
    expect(pages.get(paths.login)).toEqual(['src/app/routes/login/login-page.tsx']);
    expect(pages.get(paths.message)).toEqual([
      'src/app/layouts/signed-in-shell.tsx',
      'src/app/api/api-client.ts',
      'src/app/i18n/signed-in-locales.ts',
      'src/app/layouts/main-layout.tsx',
      'src/app/routes/message/message-page.tsx',
    ]);
    expect(pages.get(paths.reportDetail)).toContain('src/app/router/require-report-access.tsx');
    // The map of the pages' own translations, only where the page reads some.
    expect(pages.get(paths.reportDetail)).toContain('src/app/i18n/page-locales.ts');
    expect(pages.get(paths.dashboard)).toContain('src/app/i18n/page-locales.ts');
    for (const route of PORTAL_ROUTES)
      expect([route.path, pages.get(route.path)!.includes('src/app/i18n/page-locales.ts')]).toEqual([
        route.path,
        (route.namespaces ?? []).some((n) => n !== 'auth'),
      ]);
    for (const route of PORTAL_ROUTES)
      expect([
        route.path,
        pages.get(route.path)!.includes('src/app/router/require-report-access.tsx'),
      ]).toEqual([route.path, isReportPath(route.path)]);
    expect(pages.get(paths.shareScreen)).toContain('src/app/layouts/bare-layout.tsx');
    for (const modules of pages.values())
      for (const m of modules) expect(source(m).length).toBeGreaterThan(0);
  });

  it('fails loudly on a route whose path is not in src/app/paths.ts', () => {
    const { message: _gone, ...withoutMessage } = paths;
    expect(() => pageModules(withoutMessage, isReportPath, TABLE)).toThrow(/paths\.message /);
  });
});

describe('the chunks of a page', () => {
  const chunk = (fileName: string, imports: string[] = [], facadeModuleId: string | null = null) => ({
    type: 'chunk',
    fileName,
    imports,
    facadeModuleId,
  });
  const bundle = {
    a: chunk('assets/start.js', ['assets/runtime.js']),
    b: chunk('assets/runtime.js'),
    c: chunk('assets/page.js', ['assets/shared.js', 'assets/runtime.js'], '/r/src/page.tsx'),
    d: chunk('assets/shared.js', ['assets/start.js', 'assets/icons.js']),
    e: chunk('assets/icons.js'),
    f: { type: 'asset', fileName: 'index.html' },
  };
  const html = '<head><script type="module" crossorigin src="/assets/start.js"></script></head><body></body>';

  it('names the page chunk and its static imports, not what the document loads already', () => {
    expect(documentFiles(html)).toEqual(['assets/start.js']);
    expect(chunkFiles(bundle, '/r', ['src/page.tsx'], documentFiles(html))).toEqual([
      'assets/page.js',
      'assets/shared.js',
      'assets/icons.js',
    ]);
  });

  it('fails on a module no chunk starts at', () => {
    expect(() => chunkFiles(bundle, '/r', ['src/gone.tsx'], [])).toThrow(/no chunk starts at src\/gone.tsx/);
  });

  it('writes the links before </head>, at low priority, as the document loads its own scripts', () => {
    expect(withPreloads(html, ['assets/page.js'])).toBe(
      '<head><script type="module" crossorigin src="/assets/start.js"></script>' +
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/page.js"></head><body></body>',
    );
    expect(() => withPreloads('<body></body>', [])).toThrow(/no <\/head>/);
  });
});
