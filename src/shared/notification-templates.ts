/**
 * Notification templates (spec §1 languages, §4 Notifications): every notification created by a
 * real event is stored with a template key and its parameters, so the portal shows it in the
 * provider's language (`notifications.json` → `templates.<key>.title|body` in each locale), with
 * times in the provider's time zone. The English title and body stay on the row for API clients and
 * as the fallback for a key a portal does not know.
 */

/** Parameters of each template. Names in {@link INSTANT_PARAMS} hold ISO instants. */
export interface NotificationTemplateParams {
  'review.approved': Record<string, never>;
  'review.rejected': { reasons: string };
  'booking.created': { memberName: string; startsAt: string; topic: string };
  'booking.cancelled': { memberName: string; startsAt: string; reason: string };
  'report.assigned': { memberName: string; reportTitle: string; reportType: string };
  /** `count` messages from one member (plural forms); `preview` is the newest one's text. */
  'message.received': { fromName: string; count: number; preview: string };
}

export type NotificationTemplateKey = keyof NotificationTemplateParams;

export const NOTIFICATION_TEMPLATE_KEYS = [
  'review.approved',
  'review.rejected',
  'booking.created',
  'booking.cancelled',
  'report.assigned',
  'message.received',
] as const satisfies readonly NotificationTemplateKey[];

/** A template key with its parameters, as stored with a notification. */
export type NotificationTemplateRef = {
  [K in NotificationTemplateKey]: { key: K; params: NotificationTemplateParams[K] };
}[NotificationTemplateKey];

/** Parameters that are ISO instants: shown as a date and time in the provider's time zone. */
export const INSTANT_PARAMS: readonly string[] = ['startsAt'];
