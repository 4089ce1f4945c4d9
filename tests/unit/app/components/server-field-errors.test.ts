/**
 * The one mapping of a server refusal (spec §8 VALIDATION_ERROR, `data.fields[].rule`) to the
 * provider's words (src/app/components/server-field-errors.ts), in each of the five languages.
 */
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldMessage } from '../../../../src/app/components/form-zod';
import { refusalText, serverFieldMessages } from '../../../../src/app/components/server-field-errors';
import { ApiError } from '../../../../src/rest';
import { FIELD_RULES } from '../../../../src/shared/api/field-rules';
import de from '../../../../src/app/i18n/locales/de/common.json';
import en from '../../../../src/app/i18n/locales/en/common.json';
import es from '../../../../src/app/i18n/locales/es/common.json';
import fr from '../../../../src/app/i18n/locales/fr/common.json';
import it_ from '../../../../src/app/i18n/locales/it/common.json';

const LOCALES = { de, en, es, fr, it: it_ };
const t = i18next.t.bind(i18next);

beforeAll(async () => {
  await i18next.init({
    lng: 'de',
    fallbackLng: false,
    ns: ['common'],
    defaultNS: 'common',
    resources: Object.fromEntries(Object.entries(LOCALES).map(([lng, common]) => [lng, { common }])),
    interpolation: { escapeValue: false },
  });
});

const refusal = (message: string, fields: object[]) =>
  new ApiError('VALIDATION_ERROR', message, 400, { fields });

/** What the form shows at `field` for this refusal. */
const atField = (error: ApiError, field: string) =>
  fieldMessage(t, serverFieldMessages(error, [field])[field]);

describe('a refused field in the provider’s words', () => {
  it('has a text for every rule of the wire in all five languages', () => {
    for (const [lng, common] of Object.entries(LOCALES)) {
      const texts = common.refused as Record<string, string>;
      for (const rule of FIELD_RULES) expect(texts[rule], `${lng} ${rule}`).toBeTruthy();
      for (const key of ['value', 'request', 'toast']) expect(texts[key], `${lng} ${key}`).toBeTruthy();
    }
  });

  it('says a known rule with its number', async () => {
    await i18next.changeLanguage('fr');
    const error = refusal('password: Use at least 8 characters', [
      { field: 'password', message: 'Use at least 8 characters', rule: 'too_short', limit: 8 },
    ]);
    expect(atField(error, 'password')).toBe(fr.refused.too_short.replace('{{limit}}', '8'));
  });

  it('says an unknown or missing rule with the generic text, never the server’s English', async () => {
    await i18next.changeLanguage('de');
    for (const rule of [undefined, 'made_up', 'toString', '__proto__']) {
      const error = refusal('oldPassword: Nope', [{ field: 'oldPassword', message: 'Nope', rule }]);
      expect(atField(error, 'oldPassword')).toBe(de.refused.value);
    }
  });

  it('says a rule it does not know in the server’s words in English, without the field name', async () => {
    await i18next.changeLanguage('en');
    const error = refusal('oldPassword: Nope', [{ field: 'oldPassword', message: 'Nope' }]);
    expect(atField(error, 'oldPassword')).toBe('Nope');
    expect(refusalText(error.fields)).toBe('Not accepted: Nope');
  });

  it('says a refusal of no field of the form without the field name', async () => {
    await i18next.changeLanguage('de');
    const named = refusal('email: Enter a valid email address', [
      { field: 'email', message: 'Enter a valid email address', rule: 'email' },
    ]);
    expect(refusalText(named.fields)).toBe(de.refused.toast.replace('{{reason}}', de.refused.email));
    const unnamed = refusal('Invalid request', [{ field: '', message: 'Unexpected token' }]);
    expect(refusalText(unnamed.fields)).toBe(de.refused.request);
    expect(refusalText([])).toBe(de.refused.request);
  });
});
