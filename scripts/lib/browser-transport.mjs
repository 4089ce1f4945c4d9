// esbuild's counterpart of vite.config.ts's aliases for the chat transport (src/xmpp/transport):
// in a browser bundle the WebSocket transport uses the page's WebSocket and DOMParser
// (browser/socket-platform.ts) and Strophe's BOSH the page's XMLHttpRequest
// (browser/native-xhr.ts), not Node's `ws`, our frame parser and fetch-based stand-ins.
// With `withoutBosh`, the BOSH transport's module stays out (external), as a page on WebSocket
// never loads it.
import path from 'node:path';

export function browserTransport(root, { withoutBosh = false } = {}) {
  const dir = path.join(root, 'src/xmpp/transport');
  return {
    name: 'browser-transport',
    setup(build) {
      build.onResolve({ filter: /(^|\/)(socket-platform|node-xhr|strophe-transport)$/ }, (args) => {
        const name = path.basename(args.path);
        if (name === 'strophe-transport')
          return withoutBosh ? { path: args.path, external: true } : undefined;
        return {
          path: path.join(dir, 'browser', name === 'node-xhr' ? 'native-xhr.ts' : 'socket-platform.ts'),
        };
      });
    },
  };
}
