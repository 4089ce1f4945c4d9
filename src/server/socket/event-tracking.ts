/** `/connect/event-tracking` (spec §7): app logs (spec §3 "app log") are validated and stored. */
import type { ServerContext } from '../context';
import type { AppLogIn } from './codec';
import { FrameRejection, type SocketSession } from './socket-session';

const MAX_PARAMS = 30;
const MAX_VALUE = 500;

export async function storeAppLog(ctx: ServerContext, session: SocketSession, log: AppLogIn): Promise<void> {
  const auth = session.auth!;
  if (auth.kind !== 'provider')
    throw new FrameRejection('NOT_ALLOWED', "The portal keeps providers' app logs only");
  const event = (log.event ?? '').trim();
  if (!event || event.length > 100)
    throw new FrameRejection('INVALID_APP_LOG', 'An app log needs an event name of 1-100 characters');
  const params = log.params ?? {};
  const entries = Object.entries(params);
  if (entries.length > MAX_PARAMS || entries.some(([k, v]) => k.length > 100 || v.length > MAX_VALUE)) {
    throw new FrameRejection(
      'INVALID_APP_LOG',
      `At most ${MAX_PARAMS} params of at most ${MAX_VALUE} characters`,
    );
  }
  const clientTime = log.clientTime && Number.isFinite(log.clientTime) ? new Date(log.clientTime) : null;
  await ctx.db
    .insertInto('app_socket_events')
    .values({
      provider_id: auth.providerId,
      session_id: auth.sessionId,
      event,
      page: (log.page ?? '').slice(0, 300),
      params: JSON.stringify(params),
      client_time: clientTime && !Number.isNaN(clientTime.getTime()) ? clientTime : null,
    })
    .execute();
}
