// Types of server-node-flags.mjs (plain Node, read by `npm start`), for the tests.
export declare const SERVER_NODE_FLAGS: readonly string[];
export declare const SERVER_GC_FLAGS: readonly string[];
