// Types of route-pages.mjs (plain Node, loaded by vite.config.ts and its unit test).
import type { Plugin } from 'vite';
export declare const PAGES_DIR: string;
export declare function readRouteTable(
  source: string,
): Array<{ name: string; layout: 'main' | 'bare'; module: string; namespaces: string[] }>;
export declare function pageModules(
  paths: Readonly<Record<string, string>>,
  isReportPath: (path: string) => boolean,
  routeTableSource: string,
): Map<string, string[]>;
export declare function documentFiles(html: string, base?: string): string[];
export declare function chunkFiles(
  bundle: Record<
    string,
    { type: string; fileName: string; facadeModuleId?: string | null; imports?: string[] }
  >,
  root: string,
  modules: string[],
  documentChunks: string[],
): string[];
export declare function withPreloads(html: string, files: string[], base?: string): string;
export declare function routePages(app: {
  paths: Readonly<Record<string, string>>;
  isReportPath: (path: string) => boolean;
}): Plugin;
