/**
 * Where a notification leads the provider to act on it, from its template (src/shared
 * notification-templates.ts): an approval on to setting availability (issue 26), a refusal to
 * editing the profile (spec §4 AUDIT_NOT_PASSED: "Edit goes to the providerProfile tab"), a
 * booking or cancellation to the appointments, an assigned report to the reports, messages to
 * Messages. Free text from operators, and a template this portal does not know, lead nowhere.
 */
import type { NotificationTemplateKey } from '../../../shared/notification-templates';
import { accountSettingPath, paths } from '../../paths';

/** The link's words, `notifications.json` → `open.<label>` in each language. */
export type DestinationLabel = 'setAvailability' | 'editProfile' | 'appointments' | 'reports' | 'messages';

export interface Destination {
  to: string;
  label: DestinationLabel;
}

const DESTINATIONS: Readonly<Record<NotificationTemplateKey, Destination>> = {
  'review.approved': { to: accountSettingPath('availability', true), label: 'setAvailability' },
  'review.rejected': { to: accountSettingPath('providerProfile', true), label: 'editProfile' },
  'booking.created': { to: paths.orders, label: 'appointments' },
  'booking.cancelled': { to: paths.orders, label: 'appointments' },
  'report.assigned': { to: paths.reports, label: 'reports' },
  'message.received': { to: paths.message, label: 'messages' },
};

export function destinationOf(template: string | null): Destination | null {
  if (template === null || !Object.hasOwn(DESTINATIONS, template)) return null;
  return DESTINATIONS[template as NotificationTemplateKey];
}
