/**
 * The brotli size of the built chat stack next to strophe.js's own (docs/architecture.md §4,
 * scripts/bench/xmpp/bundle.ts). A size is the same every run, so it is measured once.
 */
import type { BenchSection } from '../bench';
import { bundleSizes } from '../xmpp/bundle';

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export const section: BenchSection = {
  name: 'xmpp bundle size',
  runs: { full: 1, quick: 1 },
  runsReason: 'a size does not vary',
  async run({ report, note }) {
    const sizes = await bundleSizes();
    report({
      metric: 'src/xmpp bundle, strophe external (br)',
      ours: kb(sizes.oursAlone.br),
      reference: kb(sizes.stropheShipped.br),
      referenceName: 'strophe.umd.min.js',
      unit: 'KB',
    });
    report({
      metric: 'src/xmpp bundle with strophe (br)',
      ours: kb(sizes.withStrophe.br),
      unit: 'KB',
      target: { at: 'most', value: 40, of: 'figure' },
    });
    report({
      metric: 'src/xmpp as a page on WebSocket loads it, without BOSH (br)',
      ours: kb(sizes.webSocketOnly.br),
      unit: 'KB',
    });
    report({
      metric: 'strophe.js as bundled here (br)',
      ours: kb(sizes.stropheAsUsed.br),
      reference: 17,
      referenceName: 'docs/architecture.md §4',
      unit: 'KB',
    });
    note(
      `minified sizes: src/xmpp ${kb(sizes.oursAlone.raw)} KB, with strophe ${kb(sizes.withStrophe.raw)} KB, strophe ${kb(sizes.stropheAsUsed.raw)} KB`,
    );
  },
};
