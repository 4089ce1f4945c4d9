// The parts of protobufjs's runtime the app socket's codec never calls, left out of the portal's
// build (docs/performance.md "Route budgets"; docs/wire/app-socket.md "Codec"): float and double
// (proto/ has no float or double field), base64 (no bytes field, so none written from a string),
// and RPC services with their event emitter and promise helper (the codec is generated with
// --no-service). tests/unit/protobuf-runtime.test.ts checks what this relies on.
import path from 'node:path';

const PREFIX = '\0protobuf-unused:';
const fail = `function unused() { throw new Error('protobufjs: left out of the portal build (scripts/lib/protobuf-runtime.mjs)'); }`;
/** What each left-out module is in the build: its shape, every function failing. */
const STANDINS = {
  float: `${fail} module.exports = { writeFloatLE: unused, writeFloatBE: unused, readFloatLE: unused, readFloatBE: unused, writeDoubleLE: unused, writeDoubleBE: unused, readDoubleLE: unused, readDoubleBE: unused };`,
  base64: `${fail} module.exports = { length: unused, encode: unused, decode: unused, test: unused };`,
  eventemitter: `${fail} module.exports = unused;`,
  aspromise: `${fail} module.exports = unused;`,
  rpc: `module.exports = {};`,
};
/** Where protobufjs requires them: its minimal utilities and its minimal index. */
const REQUIRED_BY = {
  float: 'util/minimal.js',
  base64: 'util/minimal.js',
  eventemitter: 'util/minimal.js',
  aspromise: 'util/minimal.js',
  rpc: 'index-minimal.js',
};

export function protobufRuntime() {
  return {
    name: 'protobuf-runtime',
    enforce: 'pre',
    resolveId(source, importer) {
      const name = source.replace(/^\.\//, '').replace(/\.js$/, '');
      const from = REQUIRED_BY[name];
      if (!from || !importer) return null;
      const normalized = importer.split(path.sep).join('/');
      return normalized.endsWith(`/node_modules/protobufjs/src/${from}`) ? PREFIX + name : null;
    },
    load(id) {
      return id.startsWith(PREFIX) ? STANDINS[id.slice(PREFIX.length)] : null;
    },
  };
}
