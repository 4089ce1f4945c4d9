// Types of server-bundle.mjs (plain Node, run by the bootstrap), for the bench and the tests.
export declare const INLINED_PACKAGES: string[];
export declare const SERVER_BUNDLE: string;
export declare function toolBundle(name: 'admin' | 'member'): string;
export declare function serverBundleStale(root: string): boolean;
export declare function buildServerBundle(root: string): Promise<void>;
