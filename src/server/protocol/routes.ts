/**
 * Agreement protocols (spec §7 "Protocol"): versioned terms and privacy policy; a provider must
 * agree to the newest published version of each before using the portal (spec §5 guard). Their
 * text is answered in the portal's language (issue 26).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  addProtocolRecords,
  getProtocolPopupInfo,
  getPublishProtocolVersionInfo,
  isDoctorPopupUserProtocolMsg,
  type AcceptedProtocol,
  type Protocol,
} from '../../shared/api/protocol';
import type { ServerContext } from '../context';
import type { Database } from '../db/database';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/constants';
import type { Translations } from '../db/tables/columns';
import { ApiError } from '../http/api-error';
import { authenticate } from '../http/authenticate';
import { inLanguage, requestLanguage } from '../http/request-language';
import { registerEndpoint } from '../http/route';

/**
 * The newest published version of every protocol kind, in `language` when it has a translation
 * (issue 26; the provider agrees to the version, whatever language she read it in).
 */
export async function currentProtocols(
  db: Database,
  language: Language = DEFAULT_LANGUAGE,
  now = new Date(),
): Promise<Protocol[]> {
  const rows = await sql<{
    id: number;
    kind: Protocol['kind'];
    version: number;
    title: string;
    content: string;
    published_at: Date;
    translations: Translations;
  }>`
    select distinct on (kind) id, kind, version, title, content, published_at, translations
    from protocols where published_at is not null and published_at <= ${now}
    order by kind, version desc`.execute(db);
  return rows.rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    version: r.version,
    title: inLanguage(r, language, 'title', r.title),
    content: inLanguage(r, language, 'content', r.content),
    publishedAt: r.published_at.toISOString(),
  }));
}

export async function pendingProtocolIds(db: Database, providerId: number): Promise<number[]> {
  const current = await currentProtocols(db);
  if (current.length === 0) return [];
  const agreed = await db
    .selectFrom('protocol_records')
    .select('protocol_id')
    .where('provider_id', '=', providerId)
    .where(
      'protocol_id',
      'in',
      current.map((p) => p.id),
    )
    .execute();
  const done = new Set(agreed.map((a) => a.protocol_id));
  return current.filter((p) => !done.has(p.id)).map((p) => p.id);
}

/** Every protocol version the provider agreed to, newest agreement first. */
async function acceptedProtocols(
  db: Database,
  providerId: number,
  current: Protocol[],
  language: Language,
): Promise<AcceptedProtocol[]> {
  const rows = await db
    .selectFrom('protocol_records as r')
    .innerJoin('protocols as p', 'p.id', 'r.protocol_id')
    .select(['p.id', 'p.kind', 'p.version', 'p.title', 'p.translations', 'r.agreed_at', 'r.platform'])
    .where('r.provider_id', '=', providerId)
    .orderBy('r.agreed_at', 'desc')
    .orderBy('p.kind')
    .execute();
  const currentIds = new Set(current.map((p) => p.id));
  return rows.map((r) => ({
    protocolId: r.id,
    kind: r.kind,
    version: r.version,
    title: inLanguage(r, language, 'title', r.title),
    agreedAt: r.agreed_at.toISOString(),
    platform: r.platform,
    current: currentIds.has(r.id),
  }));
}

export function registerProtocolRoutes(app: FastifyInstance, ctx: ServerContext) {
  registerEndpoint(app, ctx, isDoctorPopupUserProtocolMsg, async ({ params, session }) => {
    if (params.userId !== session.providerId)
      throw ApiError.forbidden('You can only ask about your own agreements');
    const protocolIds = await pendingProtocolIds(ctx.db, session.providerId);
    return { popup: protocolIds.length > 0, protocolIds };
  });

  registerEndpoint(app, ctx, getProtocolPopupInfo, async ({ request }) => ({
    protocols: await currentProtocols(ctx.db, requestLanguage(request.headers['accept-language'])),
  }));

  registerEndpoint(app, ctx, getPublishProtocolVersionInfo, async ({ headers, request }) => {
    const language = requestLanguage(request.headers['accept-language']);
    const current = await currentProtocols(ctx.db, language);
    // Public, so the login pages may ask; a token that is sent must be valid (spec §8 token errors).
    const session = headers.authToken ? await authenticate(ctx, headers.authToken) : null;
    return {
      protocols: current.map(({ content: _content, ...rest }) => rest),
      accepted: session ? await acceptedProtocols(ctx.db, session.providerId, current, language) : null,
    };
  });

  registerEndpoint(app, ctx, addProtocolRecords, async ({ body, query, session }) => {
    const current = new Set((await currentProtocols(ctx.db)).map((p) => p.id));
    const unknown = body.protocolIds.filter((id) => !current.has(id));
    if (unknown.length > 0) {
      throw ApiError.validation([
        { field: 'protocolIds', message: `Not a current protocol: ${unknown.join(', ')}` },
      ]);
    }
    const inserted = await ctx.db
      .insertInto('protocol_records')
      .values(
        body.protocolIds.map((id) => ({
          provider_id: session.providerId,
          protocol_id: id,
          platform: query.platform,
        })),
      )
      .onConflict((oc) => oc.columns(['provider_id', 'protocol_id']).doNothing())
      .returning('id')
      .execute();
    return { recorded: inserted.length };
  });
}
