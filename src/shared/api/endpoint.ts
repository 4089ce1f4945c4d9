/**
 * One contract object per own-API endpoint, shared by the server (which validates requests and
 * responses with it and documents it in OpenAPI) and by `src/rest` (which calls it).
 */
import type { z } from 'zod/mini';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Which token an endpoint takes (see {@link EndpointDefinition.auth}). */
export type EndpointAuth = 'token' | 'public' | 'second-step' | 'enrolment';

/** How the request body travels: form-encoded by default (spec §7), JSON where the spec says so. */
export type BodyEncoding = 'form' | 'json' | 'multipart';

export interface EndpointDefinition {
  /** Operation id used in OpenAPI and logs. */
  id: string;
  method: HttpMethod;
  /** Path below `/api`, with `{name}` parameters, exactly as spec §7 writes it. */
  path: string;
  summary: string;
  tag: string;
  /**
   * `token` needs a valid authToken header; `public` does not. `second-step` needs the token of a
   * sign-in whose password was right and whose second factor is still due (and nothing else takes
   * that token); `enrolment` takes a session token or the second-step token of a provider who must
   * enrol a first factor (REQUIRE_MFA) — docs/security.md "Second factor".
   */
  auth: EndpointAuth;
  encoding: BodyEncoding;
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  /** The `data` of a successful envelope. */
  response: z.ZodMiniType;
}

type EndpointSpec = Omit<EndpointDefinition, 'encoding'> & { encoding?: BodyEncoding };

/** Keeps the literal types (auth kind, schemas) of one endpoint; the encoding defaults to form. */
export function defineEndpoint<const D extends EndpointSpec>(definition: D): D & { encoding: BodyEncoding } {
  return { encoding: 'form', ...definition };
}

type Part<E, K extends 'params' | 'query' | 'body', IO extends 'in' | 'out'> = E extends { [P in K]: infer S }
  ? S extends z.ZodMiniType
    ? IO extends 'in'
      ? z.input<S>
      : z.output<S>
    : undefined
  : undefined;

export type ParamsOf<E> = Part<E, 'params', 'in'>;
export type QueryOf<E> = Part<E, 'query', 'in'>;
export type BodyOf<E> = Part<E, 'body', 'in'>;
export type ParamsOut<E> = Part<E, 'params', 'out'>;
export type QueryOut<E> = Part<E, 'query', 'out'>;
export type BodyOut<E> = Part<E, 'body', 'out'>;
export type ResponseOf<E> = E extends { response: infer R extends z.ZodMiniType } ? z.output<R> : never;
export type ResponseIn<E> = E extends { response: infer R extends z.ZodMiniType } ? z.input<R> : never;

/** Fills `{name}` segments of an endpoint path. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
