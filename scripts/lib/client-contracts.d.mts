// Types of client-contracts.mjs (plain Node, loaded by vite.config.ts).
import type { Plugin } from 'vite';
export declare function clientContractEdits(program: unknown, code: string): { code: string; edits: number };
export declare function clientContracts(): Plugin;
