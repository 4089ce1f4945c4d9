/** The notifications feature: its part in the app socket, red dot, centre and push settings. */
export { MenuRedDot } from './menu-red-dot';
export { NotificationCentre } from './notification-centre';
export { NotificationSettingsForm } from './notification-settings-form';
export { notificationPushes } from './notification-pushes';
export { createRedDotStore, RedDotContext, type RedDotStore } from './red-dot-store';
