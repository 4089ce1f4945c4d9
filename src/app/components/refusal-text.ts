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

const ruleKnown = (f: FieldError) => f.rule !== undefined && FIELD_RULES.includes(f.rule);
const inServerLanguage = () => i18next.language === SERVER_LANGUAGE;

/**
 * The one decision: a refused field's key of `common`'s `refused` (its rule's, else the refusal in
 * general outside English), or null where the server's own words are said (English, no known rule).
 */
export function refusalKey(f: FieldError): string | null {
  if (ruleKnown(f)) return `common:refused.${f.rule!}`;
  return inServerLanguage() ? null : 'common:refused.value';
}

/** One refused field's text in her language. */
export function fieldText(f: FieldError): string {
  const key = refusalKey(f);
  return key === null ? f.message : i18next.t(key, { limit: f.limit });
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

/** A failure said in one line beside one field: its first refused field, else `failureText`. */
export const failureLine = (error: ApiError): string =>
  error.fields[0] ? fieldText(error.fields[0]) : failureText(error);
