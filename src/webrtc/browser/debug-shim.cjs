// The browser's stand-in for `debug` (docs/calls.md "Browser and Node"): simple-peer calls
// require('debug')('simple-peer') for trace logging; here it is silent and costs no bytes.
module.exports = function debug() {
  return function log() {};
};
