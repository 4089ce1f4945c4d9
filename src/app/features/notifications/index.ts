/** The notifications feature: app socket wiring, red dot, centre and push settings. */
export { MenuRedDot } from './menu-red-dot';
export { NotificationCentre } from './notification-centre';
export { NotificationSettingsForm } from './notification-settings-form';
export { useAppSocket } from './use-app-socket';
export { redDots } from './red-dot-store';
