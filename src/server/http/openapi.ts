/** OpenAPI 3.1 document generated from the contract endpoints (served at `/api/docs`). */
import { z } from 'zod';
import type { EndpointDefinition } from '../../shared/api/endpoint';
import { API_VERSION } from '../../shared/constants';

const MEDIA: Record<EndpointDefinition['encoding'], string> = {
  form: 'application/x-www-form-urlencoded',
  json: 'application/json',
  multipart: 'multipart/form-data',
};

function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): Record<string, unknown> {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<
    string,
    unknown
  >;
}

function parameters(schema: z.core.$ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: s,
  }));
}

const HEADER_PARAMS = [
  {
    name: 'apiVersion',
    in: 'header',
    required: false,
    schema: { type: 'string', enum: [String(API_VERSION)] },
  },
  { name: 'timezone', in: 'header', required: false, schema: { type: 'string', example: 'Europe/Berlin' } },
  { name: 'country', in: 'header', required: false, schema: { type: 'string', example: 'DE' } },
  { name: 'os', in: 'header', required: false, schema: { type: 'string', example: 'web' } },
];

/** The security scheme of each kind of token an endpoint takes (all in the `authToken` header). */
const SECURITY_SCHEME: Record<Exclude<EndpointDefinition['auth'], 'public'>, string> = {
  token: 'authToken',
  'second-step': 'secondStepToken',
  enrolment: 'authTokenOrEnrolmentStep',
};

export function buildOpenApi(
  endpoints: readonly EndpointDefinition[],
  extraPaths: Record<string, unknown> = {},
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) {
    const path = `/api${e.path.startsWith('/') ? e.path : `/${e.path}`}`;
    const envelope = z.object({ code: z.literal('OK'), message: z.string(), data: e.response });
    const operation: Record<string, unknown> = {
      operationId: e.id,
      summary: e.summary,
      tags: [e.tag],
      parameters: [...HEADER_PARAMS, ...parameters(e.params, 'path'), ...parameters(e.query, 'query')],
      responses: {
        '200': {
          description: 'OK',
          content: { 'application/json': { schema: jsonSchema(envelope, 'output') } },
        },
        default: {
          description: 'Error envelope',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        },
      },
      ...(e.auth === 'public' ? {} : { security: [{ [SECURITY_SCHEME[e.auth]]: [] }] }),
    };
    if (e.body) {
      operation.requestBody = {
        required: true,
        content: { [MEDIA[e.encoding]]: { schema: jsonSchema(e.body, 'input') } },
      };
    } else if (e.encoding === 'multipart') {
      operation.requestBody = {
        required: true,
        content: {
          [MEDIA.multipart]: {
            schema: {
              type: 'object',
              properties: { file: { type: 'string', format: 'binary' } },
              required: ['file'],
            },
          },
        },
      };
    }
    (paths[path] ??= {})[e.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Provider portal API',
      version: String(API_VERSION),
      description:
        'Own API of the provider portal. Every response is an envelope `{ code, message, data }`; `code` is `OK` or an error code (401 for TOKEN_ERR_*, 400 VALIDATION_ERROR with field details, 403, 404, 409, 429). Bodies are form-encoded unless stated.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        authToken: { type: 'apiKey', in: 'header', name: 'authToken', description: 'A session token' },
        secondStepToken: {
          type: 'apiKey',
          in: 'header',
          name: 'authToken',
          description:
            'The `secondStep.token` of a sign-in whose second factor is due; nothing else takes it',
        },
        authTokenOrEnrolmentStep: {
          type: 'apiKey',
          in: 'header',
          name: 'authToken',
          description:
            'A session token, or the `secondStep.token` of a sign-in that must enrol (REQUIRE_MFA)',
        },
      },
      schemas: {
        ErrorEnvelope: {
          type: 'object',
          properties: { code: { type: 'string' }, message: { type: 'string' }, data: { nullable: true } },
          required: ['code', 'message', 'data'],
        },
      },
    },
    paths: { ...paths, ...extraPaths },
  };
}
