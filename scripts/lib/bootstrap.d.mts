// Types of bootstrap.mjs (plain Node, so that it runs before node_modules exists), for the
// TypeScript that reuses its steps: the e2e set-up and the benchmarks build the portal the same way.
export declare const ROOT: string;
export declare const BOOTSTRAP_LOG: string;
export declare class BootstrapError extends Error {}
export declare function ensureNodeModules(): Promise<void>;
export declare function ensureDebianPackages(packages: string[], why: string): Promise<void>;
export declare function ensurePortalBuilt(): void;
export declare function ensurePortalBuiltInBackground(): Promise<void>;
export declare function ensureProtoGenerated(): void;
export declare function portalBuildStale(): boolean;
export declare function bootstrap(options?: {
  chromium?: boolean;
  postgres?: boolean;
  build?: boolean;
  debianInBackground?: boolean;
}): Promise<{ debian: Promise<void> }>;
export declare function runMain(main: () => Promise<number | void> | number | void): Promise<void>;
export declare function timed<T>(label: string, work: () => T): T;
export declare function installedMatchesLock(lock: unknown, installed: unknown): boolean;
export declare function ensureServerBuilt(): Promise<string>;
