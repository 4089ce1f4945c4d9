/**
 * A notification in the provider's language (spec §1 languages, §4 Notifications): its template
 * (`notifications.json` → `templates.<key>.title|body`) filled with its parameters, instants shown
 * in her saved time zone. A notification without a template (operators' free text), or with
 * one this portal does not know yet, shows the English title and body the server stored.
 */
import type { NotificationItem } from '../../../shared/api/notifications';
import { INSTANT_PARAMS } from '../../../shared/notification-templates';
import { formatInstant } from '../../../shared/time/format';

/** i18next's `t` of the notifications namespace, reduced to what rendering needs. */
export type Translate = (key: string, options: Record<string, unknown>) => string;

export interface RenderOptions {
  language: string;
  /** Her saved zone (docs/architecture.md §3 "Her time zone"). */
  timeZone: string;
}

export interface RenderedNotification {
  title: string;
  body: string;
}

export function renderNotification(
  item: Pick<NotificationItem, 'template' | 'params' | 'title' | 'body'>,
  t: Translate,
  options: RenderOptions,
): RenderedNotification {
  if (!item.template) return { title: item.title, body: item.body };
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(item.params)) {
    values[name] =
      INSTANT_PARAMS.includes(name) && typeof value === 'string'
        ? formatInstant(value, options.language, options.timeZone)
        : value;
  }
  const key = `templates.${item.template}`;
  return {
    title: t(`${key}.title`, { ...values, defaultValue: item.title }),
    body: t(`${key}.body`, { ...values, defaultValue: item.body }),
  };
}
