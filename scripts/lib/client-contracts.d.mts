// Types of client-contracts.mjs (plain Node, loaded by vite.config.ts).
import type { Plugin } from 'vite';
export declare function clientContractEdits(program: unknown, code: string): { code: string; edits: number };
export declare function dataModule(exports: Record<string, unknown>): string;
export declare function contractFiles(dir: string): string[];
export declare function contractExports(files: string[]): Promise<Map<string, Record<string, unknown>>>;
export declare function clientContracts(): Plugin;
