/**
 * Tells the member's app that her expert report is ready (issue 12; spec §3 "push message
 * (common, bot, red dot)", "bot say with items"): a server message of type 3 (PUSH) holding a
 * push of type BOT with a bot say — a text with the report's title and who wrote it, a charts item
 * linking to the report in her app, and the blogs and videos the provider recommended — on
 * /queue/chat-private of every app socket the member holds (socket/socket-identity.ts). A member with no
 * open socket reads the report in her app's report list; nothing is queued for her here.
 */
import { APP_SOCKET_SUBSCRIPTIONS } from '../../shared/app-socket';
import type { ServerContext } from '../context';
import { toBlogPost, toVideo } from '../content/content-routes';
import type { DomainEvents } from '../events/event-bus';
import { PushType, ServerType } from '../socket/codec';
import type { SocketRegistry } from '../socket/registry';

export const REPORT_BOT_NAME = 'Expert reports';

/** The member app's deep link to a report (the vendor app's scheme; it opens its report screen). */
export function reportLink(reportId: number): string {
  return `app://expert-report/${reportId}`;
}

export async function pushReportCompleted(
  ctx: Pick<ServerContext, 'db' | 'log'>,
  registry: SocketRegistry,
  completed: DomainEvents['report.completed'],
): Promise<number> {
  const sockets = registry.forChatId(completed.memberChatId).filter((s) => s.auth?.kind === 'member');
  if (sockets.length === 0) return 0;
  const none = [-1];
  const [blogs, videos] = await Promise.all([
    ctx.db
      .selectFrom('blog_posts')
      .selectAll()
      .where('id', 'in', completed.blogIds.length ? completed.blogIds : none)
      .execute(),
    ctx.db
      .selectFrom('videos')
      .selectAll()
      .where('id', 'in', completed.videoIds.length ? completed.videoIds : none)
      .execute(),
  ]);
  const now = Date.now();
  const message = {
    type: ServerType.PUSH,
    push: {
      type: PushType.BOT,
      bot: {
        sayId: `expert-report-${completed.reportId}`,
        botName: REPORT_BOT_NAME,
        serverTime: now,
        items: [
          {
            text: {
              text: `Your expert report "${completed.title}" from ${completed.providerName} is ready.`,
            },
          },
          {
            charts: {
              title: completed.title,
              chartKind: 'expert-report',
              link: reportLink(completed.reportId),
            },
          },
          ...blogs.map(toBlogPost).map((b) => ({
            blog: { id: b.id, title: b.title, summary: b.summary, coverUrl: b.coverUrl ?? '', url: b.url },
          })),
          ...videos.map(toVideo).map((v) => ({
            video: {
              title: v.title,
              url: v.url,
              coverUrl: v.thumbnailUrl,
              durationSeconds: v.durationSeconds,
            },
          })),
        ],
      },
    },
  };
  return sockets.filter((s) => s.deliver(APP_SOCKET_SUBSCRIPTIONS.chatPrivate.destination, message)).length;
}
