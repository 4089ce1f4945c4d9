/**
 * Where a notification leads (notification-destination.ts): every template this portal knows
 * leads where the provider acts on it — an approval on to setting availability (issue 26), a
 * refusal to editing the profile (spec §4 AUDIT_NOT_PASSED) — and each link's words exist in every
 * language; free text leads by its category where that says enough, else nowhere.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { destinationOf } from '../../../../src/app/features/notifications/notification-destination';
import { accountSettingPath, paths } from '../../../../src/app/paths';
import { LANGUAGES } from '../../../../src/shared/constants';
import { NOTIFICATION_TEMPLATE_KEYS } from '../../../../src/shared/notification-templates';
import { ROOT } from '../../../support/stack';

describe('notification destinations', () => {
  it('an approval leads on to setting availability, a refusal to editing the profile', () => {
    expect(destinationOf('review.approved')).toEqual({
      to: accountSettingPath('availability', true),
      label: 'setAvailability',
    });
    expect(destinationOf('review.rejected')).toEqual({
      to: accountSettingPath('providerProfile', true),
      label: 'editProfile',
    });
  });

  it('bookings lead to the appointments, reports to the reports, messages to Messages', () => {
    expect(destinationOf('booking.created')?.to).toBe(paths.orders);
    expect(destinationOf('booking.cancelled')?.to).toBe(paths.orders);
    expect(destinationOf('report.assigned')?.to).toBe(paths.reports);
    expect(destinationOf('message.received')?.to).toBe(paths.message);
  });

  it('free text, an unknown template and an inherited property name lead nowhere', () => {
    expect(destinationOf(null)).toBeNull();
    expect(destinationOf('review.escalated')).toBeNull();
    expect(destinationOf('toString')).toBeNull();
  });

  it('without a known template, the category leads where it says enough', () => {
    expect(destinationOf(null, 'BOOKING')?.to).toBe(paths.orders);
    expect(destinationOf(null, 'BOOKING_CANCELLED')?.to).toBe(paths.orders);
    expect(destinationOf('booking.moved', 'REPORT')?.to).toBe(paths.reports);
    expect(destinationOf(null, 'MESSAGE')?.to).toBe(paths.message);
    expect(destinationOf(null, 'REVIEW')).toBeNull();
    expect(destinationOf(null, 'SYSTEM')).toBeNull();
    // The template decides before the category.
    expect(destinationOf('review.rejected', 'BOOKING')?.label).toBe('editProfile');
  });

  it.each(LANGUAGES)('every template leads somewhere with words in %s', (language) => {
    const file = path.join(ROOT, `src/app/i18n/locales/${language}/notifications.json`);
    const words = (JSON.parse(readFileSync(file, 'utf8')) as { open: Record<string, string> }).open;
    for (const key of NOTIFICATION_TEMPLATE_KEYS) {
      const destination = destinationOf(key);
      expect(destination, key).not.toBeNull();
      expect(words[destination!.label], `${language} open.${destination!.label}`).toMatch(/\S/);
    }
  });
});
