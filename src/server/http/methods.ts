/**
 * Which methods a path has routes for, so that a wrong method is answered 405 with `Allow`
 * (RFC 9110 §15.5.6) instead of a 404 that says the path does not exist.
 */
import type { FastifyInstance } from 'fastify';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Methods routed at `path`; the portal's catch-all file route (`/*`) does not count. */
export function routedMethods(app: FastifyInstance, path: string): string[] {
  return METHODS.filter((method) => {
    const route = app.findRoute({ method, url: path });
    if (!route) return false;
    const rest = (route.params as Record<string, string | undefined>)['*'];
    return rest === undefined || `/${rest}` !== decoded(path);
  });
}
