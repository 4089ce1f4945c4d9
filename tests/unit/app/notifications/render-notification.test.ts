/**
 * Notifications in the provider's language (spec §1): a stored template key and parameters are
 * rendered from the real locale files, times in the provider's zone (never raw UTC ISO), plurals by
 * count; without a template, or with an unknown one, the stored English text shows.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  renderNotification,
  type Translate,
} from '../../../../src/app/features/notifications/render-notification';
import { LANGUAGES } from '../../../../src/shared/constants';
import { NOTIFICATION_TEMPLATE_KEYS } from '../../../../src/shared/notification-templates';
import { formatInstant } from '../../../../src/shared/time/format';
import { ROOT } from '../../../support/stack';

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    defaultNS: 'notifications',
    interpolation: { escapeValue: false },
    resources: Object.fromEntries(
      LANGUAGES.map((lang) => [
        lang,
        {
          notifications: JSON.parse(
            readFileSync(path.join(ROOT, 'src/app/i18n/locales', lang, 'notifications.json'), 'utf8'),
          ),
        },
      ]),
    ),
  });
});

const tIn =
  (lang: string): Translate =>
  (key, options) =>
    i18n.getFixedT(lang, 'notifications')(key, options);

// 09:00 UTC on a summer Tuesday: 10:00 in London, 11:00 in Berlin, 05:00 in New York.
const STARTS = '2026-07-14T09:00:00.000Z';
const booking = {
  template: 'booking.created',
  params: { memberName: 'Ava Thompson', startsAt: STARTS, topic: 'Letrozole cycle plan' },
  title: 'New consultation with Ava Thompson',
  body: 'Ava Thompson booked a consultation on Tue, 14 Jul 2026, 10:00 (Europe/London).',
};

describe('renderNotification', () => {
  it('renders a booking in German with the time in the provider zone', () => {
    const shown = renderNotification(booking, tIn('de'), { language: 'de', timeZone: 'Europe/Berlin' });
    expect(shown.title).toBe('Neue Beratung mit Ava Thompson');
    expect(shown.body).toBe(
      `Ava Thompson hat eine Beratung am ${formatInstant(STARTS, 'de', 'Europe/Berlin')} gebucht.`,
    );
    expect(shown.body).toContain('11:00');
    expect(shown.body).toContain('2026');
    expect(shown.body).not.toContain('T09:00');
  });

  it('shows the same instant at the wall time of each zone', () => {
    const at = (timeZone: string) =>
      renderNotification(booking, tIn('en'), { language: 'en-GB', timeZone }).body;
    expect(at('Europe/London')).toMatch(/14 Jul 2026, 10:00/);
    expect(at('America/New_York')).toMatch(/14 Jul 2026, 05:00/);
  });

  it('uses the plural forms of the message template by count', () => {
    const message = (count: number) => ({
      template: 'message.received',
      params: { fromName: 'Clara Jensen', count, preview: 'Hola' },
      title: 'x',
      body: 'x',
    });
    const options = { language: 'es', timeZone: 'Europe/Madrid' };
    expect(renderNotification(message(1), tIn('es'), options)).toEqual({
      title: 'Nuevo mensaje de Clara Jensen',
      body: 'Hola',
    });
    expect(renderNotification(message(3), tIn('es'), options).title).toBe(
      '3 mensajes nuevos de Clara Jensen',
    );
  });

  it('renders a cancellation and a review decision in French and Italian', () => {
    const cancelled = {
      template: 'booking.cancelled',
      params: { memberName: 'Emma Laurent', startsAt: STARTS, reason: 'Malade' },
      title: 'x',
      body: 'x',
    };
    const fr = renderNotification(cancelled, tIn('fr'), { language: 'fr', timeZone: 'Europe/Paris' });
    expect(fr.title).toBe('Emma Laurent a annulé une consultation');
    expect(fr.body).toMatch(/11:00.*Motif : Malade$/);
    const rejected = {
      template: 'review.rejected',
      params: { reasons: 'Licenza illeggibile' },
      title: 'x',
      body: 'x',
    };
    expect(renderNotification(rejected, tIn('it'), { language: 'it', timeZone: 'Europe/Rome' })).toEqual({
      title: 'Il tuo profilo non è stato approvato',
      body: 'Aggiorna il tuo profilo: Licenza illeggibile',
    });
  });

  it('falls back to the stored English text without a template or with an unknown one', () => {
    const options = { language: 'de', timeZone: 'Europe/Berlin' };
    const free = { template: null, params: {}, title: 'Maintenance tonight', body: 'From 22:00 UTC.' };
    expect(renderNotification(free, tIn('de'), options)).toEqual({
      title: 'Maintenance tonight',
      body: 'From 22:00 UTC.',
    });
    const future = { ...free, template: 'payout.sent' };
    expect(renderNotification(future, tIn('de'), options)).toEqual({
      title: 'Maintenance tonight',
      body: 'From 22:00 UTC.',
    });
  });

  it('every template key has a title and a body in every language', () => {
    for (const lang of LANGUAGES) {
      for (const key of NOTIFICATION_TEMPLATE_KEYS) {
        const t = i18n.getFixedT(lang, 'notifications');
        for (const part of ['title', 'body']) {
          expect(
            i18n.exists(`templates.${key}.${part}`, { lng: lang, fallbackLng: false, count: 1 }),
            `${lang} templates.${key}.${part}`,
          ).toBe(true);
        }
        expect(t(`templates.${key}.title`, { count: 2 })).not.toContain('templates.');
      }
    }
  });
});
