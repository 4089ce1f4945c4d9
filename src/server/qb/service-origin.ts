/**
 * The origin clients reach this service at, for the URLs it hands out (the upload URL of
 * `blob_object_access`, docs/wire/hosted-chat.md §6; the endpoints of `account_settings`, §2.8):
 * `PUBLIC_ORIGIN` when it is set, else the request's scheme and host — `https` on our own TLS
 * port, or behind a TLS front that says so in `X-Forwarded-Proto` when `TRUST_PROXY` trusts it.
 * Mobile apps refuse an `http://` upload URL (iOS App Transport Security).
 */
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';

export function serviceOrigin(ctx: ServerContext, request: FastifyRequest): string {
  if (ctx.config.publicOriginSet) return ctx.config.publicOrigin;
  return `${request.protocol}://${request.host}`;
}
