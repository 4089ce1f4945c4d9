/** Kinds of provider notifications, each created by a real event (spec §1, §4 Notifications). */
export const NOTIFICATION_CATEGORIES = [
  'REVIEW',
  'BOOKING',
  'BOOKING_CANCELLED',
  'REPORT',
  'MESSAGE',
  'SYSTEM',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
