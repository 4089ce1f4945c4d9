/**
 * The request headers of spec §7 (apiVersion, timezone, authToken, country, os), read once per
 * request. Missing headers take defaults (tools and tests may omit them); a present but
 * unsupported apiVersion or an unknown time zone is refused.
 */
import type { FastifyRequest } from 'fastify';
import { isKnownTimeZone } from '../../shared/api/fields';
import { API_VERSION } from '../../shared/constants';
import { ApiError } from './api-error';

export interface ClientHeaders {
  apiVersion: number;
  timezone: string | null;
  country: string | null;
  os: string | null;
  authToken: string | null;
}

/** `name` as Node keeps it: lower case. */
function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text && text.trim() ? text.trim() : null;
}

export function readClientHeaders(request: FastifyRequest): ClientHeaders {
  const version = header(request, 'apiversion');
  if (version !== null && Number(version) !== API_VERSION) {
    throw new ApiError(
      'API_VERSION_UNSUPPORTED',
      `apiVersion ${version} is not supported; use ${API_VERSION}`,
    );
  }
  const timezone = header(request, 'timezone');
  if (timezone !== null && !isKnownTimeZone(timezone)) {
    throw ApiError.validation([{ field: 'timezone', message: 'Unknown time zone header' }]);
  }
  const country = header(request, 'country');
  return {
    apiVersion: API_VERSION,
    timezone,
    country: country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null,
    os: header(request, 'os'),
    authToken: header(request, 'authtoken'),
  };
}
