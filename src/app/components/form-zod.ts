/**
 * zod for the portal's forms: `zod/mini`, as the API contracts are, so the app carries one zod
 * core with only the checks it uses (docs/performance.md "Route budgets"), with zod's English
 * messages for the rules that name no key of their own, as classic zod sets them. Loaded with the
 * forms only, not with the contracts.
 *
 * A rule's message is an i18n key of the form's namespace; a key whose text names a number (the
 * `validation.tooShort` and `validation.tooLong` of text fields) carries it after a `|`, as
 * `fieldMessage` reads it, since a field error keeps only its message.
 */
import { z } from 'zod/mini';
import english from 'zod/v4/locales/en.js';

z.config(english());

/** A message key with the numbers its text interpolates. */
const withValues = (key: string, values: Record<string, number>) => `${key}|${JSON.stringify(values)}`;

/** At least `min` characters: "Use at least {{min}} characters". */
export const minChars = (min: number) => z.minLength(min, withValues('validation.tooShort', { min }));

/** At most `max` characters: "Use at most {{max}} characters". */
export const maxChars = (max: number) => z.maxLength(max, withValues('validation.tooLong', { max }));

export { z };
export { fieldMessage } from './field-message';
