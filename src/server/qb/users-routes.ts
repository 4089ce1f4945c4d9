/**
 * Users (docs/wire/hosted-chat.md §4): list with filters and order, get by id / login / email / full
 * name / tags / facebook / twitter / phone / external id, create, update (self only), delete
 * (self only, not portal-owned accounts). List answers `{current_page, per_page, total_entries,
 * items:[{user}]}`; single gets answer `{user}`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ServerContext } from '../context';
import { likePattern } from '../db/like-pattern';
import { listPage } from './list-page';
import { int32, list, obj, readParams, str } from './params';
import { SESSION, USER, userOf } from './scope';
import { userJson, type ChatUserRow } from './user-format';
import { filterExpression, parseUserFilters, parseUserOrder } from './users-query';
import { createChatUser, updateChatUser } from './users-write';
import { QbError } from './wire';
import type { BlobStore } from '../blobs/blob-store';

type Where = { column: 'login' | 'email' | 'facebook_id' | 'twitter_id' | 'phone'; param: string };

const SINGLE_LOOKUPS: Record<string, Where> = {
  '/users/by_login.json': { column: 'login', param: 'login' },
  '/users/by_email.json': { column: 'email', param: 'email' },
  '/users/by_facebook_id.json': { column: 'facebook_id', param: 'facebook_id' },
  '/users/by_twitter_id.json': { column: 'twitter_id', param: 'twitter_id' },
  '/users/phone.json': { column: 'phone', param: 'phone' },
};

export function registerUserRoutes(scope: FastifyInstance, ctx: ServerContext, blobs: BlobStore) {
  const byId = async (id: number) =>
    ctx.db.selectFrom('chat_users').selectAll().where('id', '=', id).executeTakeFirst();

  const base = () => ctx.db.selectFrom('chat_users');

  async function page(
    request: FastifyRequest,
    narrow: (rows: ReturnType<typeof base>) => ReturnType<typeof base>,
  ) {
    const params = readParams(request);
    const order = parseUserOrder(params.order);
    let query = narrow(base());
    for (const filter of parseUserFilters(params.filter)) query = query.where(filterExpression(filter));
    const viewer = userOf(request);
    return listPage(
      params,
      query,
      (q) =>
        q
          .selectAll()
          .orderBy(sql.ref(`chat_users.${order.column}`), order.direction)
          .orderBy('chat_users.id'),
      (row) => ({ user: userJson(row as ChatUserRow, viewer) }),
    );
  }

  scope.get('/users.json', USER, (request) => page(request, (q) => q));

  scope.get('/users/by_full_name.json', USER, (request) => {
    const name = str(readParams(request).full_name)?.trim().toLowerCase();
    if (!name) throw QbError.invalid('full_name', "can't be blank");
    return page(request, (q) => q.where(sql<string>`lower(full_name)`, 'like', likePattern(name)));
  });

  scope.get('/users/by_tags.json', USER, (request) => {
    const tags = list(readParams(request).tags);
    if (tags.length === 0) throw QbError.invalid('tags', "can't be blank");
    return page(request, (q) => q.where(sql<boolean>`user_tags && ${sql.val(tags)}::text[]`));
  });

  for (const [url, where] of Object.entries(SINGLE_LOOKUPS)) {
    scope.get(url, USER, async (request) => {
      const value = str(readParams(request)[where.param])?.trim();
      if (!value) throw QbError.invalid(where.param, "can't be blank");
      const column = where.column === 'email' ? sql<string>`lower(email)` : sql.ref(where.column);
      const row = await base()
        .selectAll()
        .where(column, '=', where.column === 'email' ? value.toLowerCase() : value)
        .executeTakeFirst();
      if (!row) throw QbError.notFound('User');
      return { user: userJson(row, userOf(request)) };
    });
  }

  scope.get<{ Params: { id: string } }>('/users/external/:id.json', USER, async (request) => {
    const row = await base().selectAll().where('external_user_id', '=', request.params.id).executeTakeFirst();
    if (!row) throw QbError.notFound('User');
    return { user: userJson(row, userOf(request)) };
  });

  scope.get<{ Params: { id: string } }>('/users/:id.json', USER, async (request) => {
    const id = int32(request.params.id);
    const row = id === undefined ? undefined : await byId(id);
    if (!row) throw QbError.notFound('User');
    return { user: userJson(row, userOf(request)) };
  });

  // §4 create: an application session signs a member up.
  scope.post('/users.json', SESSION, async (request, reply) => {
    const user = obj(readParams(request).user);
    if (!user) throw QbError.invalid('user', "can't be blank");
    const id = await createChatUser(ctx, user);
    return reply.code(201).send({ user: userJson((await byId(id))!, id) });
  });

  scope.put<{ Params: { id: string } }>('/users/:id.json', USER, async (request) => {
    const me = userOf(request);
    if (int32(request.params.id) !== me) throw QbError.forbidden('You can only update your own user');
    const user = obj(readParams(request).user);
    if (!user) throw QbError.invalid('user', "can't be blank");
    await updateChatUser(ctx, (await byId(me))!, user);
    return { user: userJson((await byId(me))!, me) };
  });

  const remove = async (request: FastifyRequest, row: ChatUserRow | undefined) => {
    const me = userOf(request);
    if (!row) throw QbError.notFound('User');
    if (row.id !== me) throw QbError.forbidden('You can only delete your own user');
    const linked = await ctx.db
      .selectFrom('members')
      .select('id')
      .where('chat_id', '=', me)
      .executeTakeFirst();
    if (row.kind === 'provider' || linked) {
      throw QbError.forbidden('This account belongs to the portal and cannot be deleted here');
    }
    const owned = await ctx.db.selectFrom('blobs').select('uid').where('owner_chat_id', '=', me).execute();
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('blobs').where('owner_chat_id', '=', me).execute();
      await trx.deleteFrom('chat_users').where('id', '=', me).execute();
    });
    for (const blob of owned) await blobs.remove(blob.uid);
  };

  scope.delete<{ Params: { id: string } }>('/users/external/:id.json', USER, async (request, reply) => {
    await remove(
      request,
      await base().selectAll().where('external_user_id', '=', request.params.id).executeTakeFirst(),
    );
    return reply.code(200).send('');
  });

  scope.delete<{ Params: { id: string } }>('/users/:id.json', USER, async (request, reply) => {
    const id = int32(request.params.id);
    await remove(request, id === undefined ? undefined : await byId(id));
    return reply.code(200).send('');
  });
}
