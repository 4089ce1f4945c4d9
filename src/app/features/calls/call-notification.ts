/**
 * The browser notification of an incoming call (spec §9 "Browser call notification auto-closes
 * after 60 s"); clicking it brings the tab forward. Nothing happens without permission (it is
 * asked for at start, spec §1). It is silent: the ring tone is the call's one sound
 * (call-ringer.ts), which the browser mutes with the tab, where the system's notification sound
 * would play whatever the tab's mute (issue 26, "respecting a muted tab").
 */
import { CALL_NOTIFICATION_CLOSE_MS } from '../../../shared/constants';

export function notifyIncomingCall(title: string, body: string, icon?: string): () => void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return () => undefined;
  let notification: Notification;
  try {
    notification = new Notification(title, {
      body,
      icon,
      tag: 'incoming-call',
      requireInteraction: true,
      silent: true,
    });
  } catch (error) {
    // Some browsers allow notifications only from a service worker.
    console.warn('Incoming call notification', error);
    return () => undefined;
  }
  notification.onclick = () => {
    window.focus();
    notification.close();
  };
  const timer = setTimeout(() => notification.close(), CALL_NOTIFICATION_CLOSE_MS);
  return () => {
    clearTimeout(timer);
    notification.close();
  };
}
