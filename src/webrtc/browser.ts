/**
 * The browser entry of `src/webrtc` (docs/calls.md "Browser and Node"): `webrtc-adapter` shims
 * the browser's WebRTC, then the same API as `./index`. Node imports `./index` and never loads it.
 */
import adapter from 'webrtc-adapter';

export * from './index';

/**
 * The browser webrtc-adapter recognised (e.g. Firefox wants `b=TIAS`, wire §20.8). Read by the
 * portal, it also keeps the adapter in the bundle: the bundler drops a bare `import 'webrtc-adapter'`
 * in a module that is only re-exported through (docs/calls.md "Size").
 */
export const browserDetails = adapter.browserDetails;
