/**
 * A notification in the provider's language (spec §1 languages, §4 Notifications): its template
 * (`notifications.json` → `templates.<key>.title|body`) filled with its parameters, instants shown
 * in the provider's time zone. A notification without a template (operators' free text), or with
 * one this portal does not know yet, shows the English title and body the server stored.
 */
import type { NotificationItem } from '../../../shared/api/notifications';
import { INSTANT_PARAMS } from '../../../shared/notification-templates';

/** i18next's `t` of the notifications namespace, reduced to what rendering needs. */
export type Translate = (key: string, options: Record<string, unknown>) => string;

export interface RenderOptions {
  language: string;
  /** The provider's schedule zone, or the browser's when none is set. */
  timeZone: string;
}

export interface RenderedNotification {
  title: string;
  body: string;
}

/** A date and time in the reader's language and the provider's zone ("Tue, 14 Jul 2026, 10:00"). */
export function formatInstant(iso: string, { language, timeZone }: RenderOptions): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  };
  try {
    return new Intl.DateTimeFormat(language, { ...options, timeZone }).format(instant);
  } catch {
    // An unknown zone name (RangeError): the browser's zone rather than nothing.
    return new Intl.DateTimeFormat(language, options).format(instant);
  }
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
      INSTANT_PARAMS.includes(name) && typeof value === 'string' ? formatInstant(value, options) : value;
  }
  const key = `templates.${item.template}`;
  return {
    title: t(`${key}.title`, { ...values, defaultValue: item.title }),
    body: t(`${key}.body`, { ...values, defaultValue: item.body }),
  };
}

/** The zone notifications show times in: the provider's schedule zone, else the browser's. */
export function displayZone(scheduleZone: string | null | undefined): string {
  return scheduleZone || Intl.DateTimeFormat().resolvedOptions().timeZone;
}
