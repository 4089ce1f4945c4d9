// Types of precompress.mjs (plain Node, loaded by vite.config.ts).
import type { Plugin } from 'vite';
export declare function precompressDir(dir: string): Promise<number>;
export declare function precompress(): Plugin;
