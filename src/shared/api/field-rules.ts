/**
 * Why the server refused a field: `rule` (and `limit`, the number it names) of each entry of a
 * `VALIDATION_ERROR`'s `data.fields`, beside the English `message`, so a client says it in its own
 * language (spec §1 languages). Optional and added to the entry, so the envelope `{code, message,
 * data}` of spec §8 and what other readers take from it stay as they were (docs/architecture.md §3
 * "Own API"). A rule a client does not know is said as a refusal in general.
 */
export const FIELD_RULES = [
  'required',
  'too_short',
  'too_long',
  'too_small',
  'too_big',
  'too_few',
  'too_many',
  'email',
  'one_of',
  'password_rule',
  'wrong_password',
  'wrong_current_password',
  'wrong_code',
  'taken',
] as const;
export type FieldRule = (typeof FIELD_RULES)[number];
