/**
 * Push subscriptions and events (docs/wire/hosted-chat.md §9): stored, listed, deleted, and an event's
 * status. This server has no push gateway (APNs, FCM) configured, so events are kept and their
 * status says that nothing was sent, and to how many subscribed devices it would have gone.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Selectable } from 'kysely';
import type { ServerContext } from '../context';
import type { QbPushEventsTable, QbPushSubscriptionsTable } from '../db/schema';
import { listPage } from './list-page';
import { int, int32, intList, list, obj, readParams, str, type Params } from './params';
import { USER, userOf } from './scope';
import { isoSeconds, QbError } from './wire';

const CHANNELS = ['apns', 'apns_voip', 'gcm', 'mpns', 'bbps', 'email'];
const ENVIRONMENTS = ['development', 'production'];
const EVENT_TYPES = ['one_shot', 'fixed_date', 'period_date'];
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

type Subscription = Selectable<QbPushSubscriptionsTable>;
type PushEvent = Selectable<QbPushEventsTable>;

function subscriptionJson(row: Subscription) {
  return {
    subscription: {
      id: row.id,
      _id: String(row.id),
      user_id: row.user_id,
      notification_channel: { name: row.notification_channel },
      device: { udid: row.udid, platform: { name: row.platform } },
      environment: row.environment,
      created_at: isoSeconds(row.created_at),
    },
  };
}

function eventJson(row: PushEvent, appId: number) {
  return {
    id: row.id,
    active: row.active,
    application_id: appId,
    created_at: isoSeconds(row.created_at),
    updated_at: isoSeconds(row.updated_at),
    date: row.date,
    end_date: row.end_date,
    event_type: row.event_type,
    message: row.message,
    name: row.name,
    period: row.period,
    notification_type: row.notification_type,
    notification_channel: { name: row.notification_type === 'email' ? 'email' : (row.push_type ?? 'push') },
    environment: row.environment,
    push_type: row.push_type,
    user_id: row.user_id,
    occupied_count: 0,
    recipients: row.recipients,
  };
}

function recipientsOf(event: Params): Record<string, unknown> {
  const user = obj(event.user);
  const external = obj(event.external_user);
  const tags = obj(user?.tags);
  const ids = user ? intList(user.ids) : [];
  if (ids === null) throw QbError.invalid('user', 'ids must be user ids');
  return {
    ...(ids.length ? { user_ids: ids } : {}),
    ...(tags ? { tags: { any: list(tags.any), all: list(tags.all), exclude: list(tags.exclude) } } : {}),
    ...(external ? { external_user_ids: list(external.ids) } : {}),
  };
}

export function registerPushRoutes(scope: FastifyInstance, ctx: ServerContext) {
  const { appId } = ctx.config.chat;

  scope.post('/subscriptions.json', USER, async (request, reply) => {
    const params = readParams(request);
    const token = obj(params.push_token) ?? {};
    const device = obj(params.device) ?? {};
    // §9: `notification_channel` as the SDK sends it, or `notification_channels` (the vendor's
    // spec and REST docs), one channel or several comma-joined: one subscription each.
    const channels = [
      ...new Set([...list(params.notification_channel), ...list(params.notification_channels)]),
    ];
    const environment = str(token.environment) ?? '';
    const sequence = str(token.client_identification_sequence)?.trim() ?? '';
    const platform = str(device.platform)?.trim() ?? '';
    const udid = str(device.udid)?.trim() ?? '';
    if (channels.length === 0 || !channels.every((channel) => CHANNELS.includes(channel)))
      throw QbError.invalid('notification_channel', `must be one of ${CHANNELS.join(', ')}`);
    if (!ENVIRONMENTS.includes(environment))
      throw QbError.invalid('environment', 'must be development or production');
    if (!sequence || sequence.length > 4096)
      throw QbError.invalid('client_identification_sequence', "can't be blank");
    if (!platform || platform.length > 32) throw QbError.invalid('platform', "can't be blank");
    if (!udid || udid.length > 128) throw QbError.invalid('udid', "can't be blank");
    const rows: Subscription[] = [];
    for (const channel of channels) {
      const values = {
        user_id: userOf(request),
        notification_channel: channel,
        environment,
        client_identification_sequence: sequence,
        bundle_identifier: str(token.bundle_identifier) ?? null,
        platform,
        udid,
      };
      rows.push(
        await ctx.db
          .insertInto('qb_push_subscriptions')
          .values(values)
          .onConflict((oc) => oc.columns(['user_id', 'notification_channel', 'udid']).doUpdateSet(values))
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    }
    return reply.code(201).send(rows.map(subscriptionJson));
  });

  scope.get('/subscriptions.json', USER, async (request) => {
    const rows = await ctx.db
      .selectFrom('qb_push_subscriptions')
      .selectAll()
      .where('user_id', '=', userOf(request))
      .orderBy('id')
      .execute();
    return rows.map(subscriptionJson);
  });

  scope.delete<{ Params: { id: string } }>('/subscriptions/:id.json', USER, async (request, reply) => {
    const result = await ctx.db
      .deleteFrom('qb_push_subscriptions')
      .where('id', '=', int32(request.params.id) ?? -1)
      .where('user_id', '=', userOf(request))
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw QbError.notFound('Subscription');
    return reply.code(200).send('');
  });

  scope.post('/events.json', USER, async (request, reply) => {
    const event = obj(readParams(request).event);
    if (!event) throw QbError.invalid('event', "can't be blank");
    const type = str(event.notification_type);
    const environment = str(event.environment) ?? '';
    const message = str(event.message) ?? '';
    const pushType = str(event.push_type) ?? null;
    const eventType = str(event.event_type) ?? 'one_shot';
    if (type !== 'push' && type !== 'email')
      throw QbError.invalid('notification_type', 'must be push or email');
    if (!ENVIRONMENTS.includes(environment))
      throw QbError.invalid('environment', 'must be development or production');
    if (!message || message.length > 64 * 1024) throw QbError.invalid('message', "can't be blank");
    // §9: without push_type the message is base64 (the SDK's base64Encode).
    if (!pushType && !BASE64.test(message))
      throw QbError.invalid('message', 'must be base64 when push_type is not given');
    if (!EVENT_TYPES.includes(eventType))
      throw QbError.invalid('event_type', `must be one of ${EVENT_TYPES.join(', ')}`);
    const date = int(event.date) ?? null;
    const period = int32(event.period) ?? null;
    if (eventType !== 'one_shot' && date === null)
      throw QbError.invalid('date', `is needed for ${eventType}`);
    if (eventType === 'period_date' && (period === null || period <= 0))
      throw QbError.invalid('period', 'is needed for period_date');
    const row = await ctx.db
      .insertInto('qb_push_events')
      .values({
        user_id: userOf(request),
        notification_type: type,
        environment,
        event_type: eventType,
        push_type: pushType,
        name: str(event.name)?.slice(0, 200) ?? null,
        message,
        date,
        end_date: int(event.end_date) ?? null,
        period,
        recipients: JSON.stringify(recipientsOf(event)),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return reply.code(201).send({ event: eventJson(row, appId) });
  });

  scope.get('/events.json', USER, (request) =>
    listPage(
      readParams(request),
      ctx.db.selectFrom('qb_push_events').where('user_id', '=', userOf(request)),
      (q) => q.selectAll().orderBy('id', 'desc'),
      (e) => ({ event: eventJson(e, appId) }),
    ),
  );

  const ownEvent = async (id: string, me: number) => {
    const row = await ctx.db
      .selectFrom('qb_push_events')
      .selectAll()
      .where('id', '=', int32(id) ?? -1)
      .executeTakeFirst();
    if (!row) throw QbError.notFound('Event');
    if (row.user_id !== me) throw QbError.forbidden('This event belongs to another user');
    return row;
  };

  scope.get<{ Params: { id: string } }>('/events/:id.json', USER, async (request) => ({
    event: eventJson(await ownEvent(request.params.id, userOf(request)), appId),
  }));

  scope.delete<{ Params: { id: string } }>('/events/:id.json', USER, async (request, reply) => {
    const row = await ownEvent(request.params.id, userOf(request));
    await ctx.db.deleteFrom('qb_push_events').where('id', '=', row.id).execute();
    return reply.code(200).send('');
  });

  scope.get<{ Params: { id: string } }>('/events/:id/status.json', USER, async (request) => {
    const row = await ownEvent(request.params.id, userOf(request));
    const recipients = row.recipients as { user_ids?: number[] };
    const ids = recipients.user_ids ?? [];
    const { rows } = ids.length
      ? await sql<{ n: number }>`select count(*)::integer as n from qb_push_subscriptions
          where user_id in (${sql.join(ids)}) and environment = ${row.environment}`.execute(ctx.db)
      : { rows: [{ n: 0 }] };
    return {
      event: {
        id: row.id,
        active: row.active,
        status: 'stored',
        sent: 0,
        matching_subscriptions: rows[0]?.n ?? 0,
        detail: 'No push gateway is configured on this server; the event is stored, not sent.',
      },
    };
  });
}
