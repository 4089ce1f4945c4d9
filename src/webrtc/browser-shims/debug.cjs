/* global module */
/**
 * simple-peer's `debug`, in the browser build only (vite.config.ts; docs/calls.md "Size"): its
 * logging stays off, as it is by default, without shipping the logger.
 */
'use strict';

module.exports = function debug() {
  function log() {}
  log.enabled = false;
  return log;
};
