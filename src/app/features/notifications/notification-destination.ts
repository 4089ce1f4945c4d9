/**
 * Where a notification leads the provider to act on it, from its template (src/shared
 * notification-templates.ts): an approval on to setting availability (issue 26), a refusal to
 * editing the profile (spec §4 AUDIT_NOT_PASSED: "Edit goes to the providerProfile tab"), a
 * booking or cancellation to the appointments, an assigned report to the reports, messages to
 * Messages. A notification without a template this portal knows (operators' free text, an older
 * row) leads by its category where that says enough: bookings and cancellations to the
 * appointments, reports to the reports, messages to Messages; a review or system notice without
 * its template leads nowhere.
 */
import type { NotificationCategory } from '../../../shared/api/notifications';
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

const BY_CATEGORY: Readonly<Partial<Record<NotificationCategory, Destination>>> = {
  BOOKING: { to: paths.orders, label: 'appointments' },
  BOOKING_CANCELLED: { to: paths.orders, label: 'appointments' },
  REPORT: { to: paths.reports, label: 'reports' },
  MESSAGE: { to: paths.message, label: 'messages' },
};

export function destinationOf(template: string | null, category?: NotificationCategory): Destination | null {
  if (template !== null && Object.hasOwn(DESTINATIONS, template))
    return DESTINATIONS[template as NotificationTemplateKey];
  return (category && BY_CATEGORY[category]) ?? null;
}
