/**
 * The browser entry of `src/webrtc` (docs/calls.md "Browser and Node"): `webrtc-adapter` shims
 * the browser's WebRTC, then the same API as `./index`. Node imports `./index` and never loads it.
 */
import 'webrtc-adapter';

export * from './index';
