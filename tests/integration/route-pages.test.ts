/**
 * Each page of the portal answers its own `index.html`, which asks for the page's chunks with the
 * document (docs/performance.md "The route's chunks asked for with the document";
 * scripts/lib/route-pages.mjs): the server picks the file from the build's `pages/index.json`,
 * every link names a chunk it serves, and a path that is no page answers the plain `index.html`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePortalBuilt } from '../../scripts/lib/bootstrap.mjs';
import { paths } from '../../src/app/paths';
import { ROOT, startStack, type TestStack } from '../support/stack';

let stack: TestStack;
let plainIndex: string;

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g)].map(
    (m) => m[1]!,
  );

async function page(pathname: string) {
  const answer = await fetch(new URL(pathname, stack.url));
  return { status: answer.status, type: answer.headers.get('content-type'), html: await answer.text() };
}

/** The chunk a module of src/ became, by its name (`message-page.tsx` → `message-page-<hash>.js`). */
const chunkOf = (links: string[], name: string) =>
  links.filter((href) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`).test(href));

beforeAll(async () => {
  ensurePortalBuilt();
  plainIndex = await readFile(path.join(ROOT, 'dist/portal/index.html'), 'utf8');
  stack = await startStack({ portal: true, env: { PROSODY_BIN: '' } });
});
afterAll(async () => {
  await stack?.stop({ remove: true });
});

describe('a page’s own index.html', () => {
  it('asks for /message’s page, layout and shell chunks with the document, each served', async () => {
    const answer = await page(paths.message);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/html/);
    expect(answer.html).toContain('<div id="root">');
    const links = preloads(answer.html).filter((href) => !preloads(plainIndex).includes(href));
    for (const name of ['message-page', 'main-layout', 'signed-in-shell'])
      expect([name, chunkOf(links, name)]).toEqual([name, [expect.any(String)]]);
    for (const href of links) {
      const chunk = await fetch(new URL(href, stack.url));
      expect([href, chunk.status, chunk.headers.get('content-type')]).toEqual([
        href,
        200,
        expect.stringMatching(/javascript/),
      ]);
    }
  });

  it('gives the sign-in page its own chunk and none of the signed-in shell', async () => {
    const links = preloads((await page(paths.login)).html);
    expect(chunkOf(links, 'login-page')).toHaveLength(1);
    expect(chunkOf(links, 'signed-in-shell')).toEqual([]);
  });

  it('gives a report page its access guard, and every path of the portal a file of its own', async () => {
    expect(chunkOf(preloads((await page(paths.reportDetail)).html), 'require-report-access')).toHaveLength(1);
    for (const pathname of Object.values(paths)) {
      const answer = await page(`${pathname}?from=test`);
      expect([pathname, answer.status, preloads(answer.html).length > preloads(plainIndex).length]).toEqual([
        pathname,
        200,
        true,
      ]);
    }
  });

  it('answers a path that is no page, and / itself, with the plain index.html', async () => {
    for (const pathname of ['/', '/no/such/page', '/message/', '/MESSAGE']) {
      const answer = await page(pathname);
      expect([pathname, answer.status, answer.html]).toEqual([pathname, 200, plainIndex]);
    }
  });
});

describe('files at the portal’s root (docs/security.md "Honest errors")', () => {
  it('answers /robots.txt, which keeps every crawler out', async () => {
    const answer = await fetch(new URL('/robots.txt', stack.url));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    const rules = (await answer.text()).split('\n').filter((line) => line && !line.startsWith('#'));
    expect(rules).toEqual(['User-agent: *', 'Disallow: /']);
  });

  it('answers a file name the build did not write with the 404 envelope, not the portal', async () => {
    const tooLong = `/${'x'.repeat(300)}.png`;
    for (const pathname of ['/favicon.ico', '/.well-known/security.txt', '/reports/chart.png', tooLong]) {
      for (const method of ['GET', 'HEAD']) {
        const answer = await fetch(new URL(pathname, stack.url), { method });
        expect([pathname.slice(0, 40), method, answer.status]).toEqual([pathname.slice(0, 40), method, 404]);
        if (method === 'GET')
          expect(await answer.json()).toEqual({
            code: 'NOT_FOUND',
            message: `No such file: ${pathname}`,
            data: null,
          });
      }
    }
  });
});
