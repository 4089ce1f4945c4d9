// The browser's stand-in for `randombytes` (docs/calls.md "Browser and Node"): simple-peer only
// names its data channel with randombytes(20).toString('hex'); Web Crypto gives the bytes.
module.exports = function randomBytes(size) {
  var bytes = globalThis.crypto.getRandomValues(new Uint8Array(size));
  return {
    toString: function toString() {
      return Array.from(bytes, function hex(byte) {
        return byte.toString(16).padStart(2, '0');
      }).join('');
    },
  };
};
