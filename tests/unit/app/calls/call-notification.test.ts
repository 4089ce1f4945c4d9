/**
 * The browser notification of an incoming call (call-notification.ts; spec §9, issue 26) against a
 * recording `Notification`: shown only with permission, silent (the ring tone is the one sound,
 * and the browser mutes it with the tab), closed at 60 s or when the ring stops, and a click
 * brings the tab forward.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifyIncomingCall } from '../../../../src/app/features/calls/call-notification';
import { CALL_NOTIFICATION_CLOSE_MS } from '../../../../src/shared/constants';

class RecordedNotification {
  static permission: NotificationPermission = 'granted';
  static shown: RecordedNotification[] = [];
  closed = false;
  onclick: (() => void) | null = null;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    RecordedNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  RecordedNotification.permission = 'granted';
  RecordedNotification.shown = [];
  vi.stubGlobal('Notification', RecordedNotification);
  vi.stubGlobal('window', { focus: vi.fn() });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the incoming-call notification', () => {
  it('is silent, names the caller, and closes when the ring stops', () => {
    const stop = notifyIncomingCall('Emma Laurent', 'Incoming video call');
    const [shown] = RecordedNotification.shown;
    expect(shown).toMatchObject({
      title: 'Emma Laurent',
      options: { body: 'Incoming video call', silent: true, tag: 'incoming-call' },
    });
    expect(shown!.closed).toBe(false);
    stop();
    expect(shown!.closed).toBe(true);
  });

  it('closes by itself after 60 s, and a click brings the tab forward', () => {
    notifyIncomingCall('Emma Laurent', 'Incoming video call');
    const [shown] = RecordedNotification.shown;
    vi.advanceTimersByTime(CALL_NOTIFICATION_CLOSE_MS - 1);
    expect(shown!.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(shown!.closed).toBe(true);
    shown!.onclick!();
    expect((window as unknown as { focus: () => void }).focus).toHaveBeenCalled();
  });

  it('shows nothing without permission', () => {
    RecordedNotification.permission = 'denied';
    notifyIncomingCall('Emma Laurent', 'Incoming video call')();
    expect(RecordedNotification.shown).toEqual([]);
  });
});
