// The portal's stand-in for `long` (docs/performance.md "Route budgets"): protobufjs requires
// it when present, but the codec decodes every int64 to a number and sets `util.Long = null`
// (src/socket/codec.ts), so the browser bundle does without its 3 KB.
module.exports = {};
