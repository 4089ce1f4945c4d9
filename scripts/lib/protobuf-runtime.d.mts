// Types of protobuf-runtime.mjs (plain Node, loaded by vite.config.ts).
import type { Plugin } from 'vite';
export declare function protobufRuntime(): Plugin;
