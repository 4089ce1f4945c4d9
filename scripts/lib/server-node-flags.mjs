// The Node options the server runs with, wherever it is started (`npm start`, the test stacks, the
// templates' seeding, the cluster): stack traces mapped back to src/server's TypeScript, and V8's
// garbage collector on the main thread only, its heap kept after a quiet spell
// (docs/performance.md "Garbage collection under load"). Plain strings, no imports: `npm start`
// reads this before npm packages are installed.
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--single-threaded-gc', '--no-memory-reducer'];

/** The same without source maps, for a server run through tsx (scripts/start-cluster.mjs). */
export const SERVER_GC_FLAGS = SERVER_NODE_FLAGS.filter((flag) => flag !== '--enable-source-maps');
