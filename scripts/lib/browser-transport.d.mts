// Types of browser-transport.mjs (plain Node, loaded by the benchmark's esbuild bundles).
import type { Plugin } from 'esbuild';
export declare function browserTransport(root: string, options?: { withoutBosh?: boolean }): Plugin;
