/**
 * A server refusal of her input (spec §8 VALIDATION_ERROR, `data.fields`) in the provider's
 * language (spec §1): each field's `rule` (src/shared/api/field-rules.ts) as a text of `common`'s
 * `refused`; a field of no rule the portal knows in the server's words in English, as a refusal
 * in general in any other language; never the field name the envelope's message starts with. The
 * one mapping, for the toast (src/app/api/api-client.ts) and the forms (server-field-errors.ts).
 */
import i18next from 'i18next';
import type { ApiError } from '../../rest';
import type { FieldError } from '../../shared/api/envelope';
import { FIELD_RULES } from '../../shared/api/field-rules';

/** The language of the server's messages. */
const SERVER_LANGUAGE = 'en';

export const ruleKnown = (f: FieldError) => f.rule !== undefined && FIELD_RULES.includes(f.rule);
export const inServerLanguage = () => i18next.language === SERVER_LANGUAGE;

/** One refused field's text in her language. */
export function fieldText(f: FieldError): string {
  if (ruleKnown(f)) return i18next.t(`common:refused.${f.rule!}`, { limit: f.limit });
  return inServerLanguage() ? f.message : i18next.t('common:refused.value');
}

/** What a toast or a form says of a refusal that names none of the form's fields. */
export function refusalText(fields: readonly FieldError[]): string {
  const named = fields.find(ruleKnown) ?? (inServerLanguage() ? fields[0] : undefined);
  if (!named) return i18next.t('common:refused.request');
  return i18next.t('common:refused.toast', { reason: fieldText(named) });
}

/** What a form says of a failure it tells itself: a refusal in her words, else the server's message. */
export const failureText = (error: ApiError): string =>
  error.code === 'VALIDATION_ERROR' ? refusalText(error.fields) : error.message;
