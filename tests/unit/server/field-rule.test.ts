/**
 * The rule of each refused field on the wire (src/shared/api/field-rules.ts), read from the
 * contract's own zod checks by `zodFields` (src/server/http/envelope.ts), beside the message.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { Email, LanguageField, NewPassword, PersonName } from '../../../src/shared/api/fields';
import { zodFields } from '../../../src/server/http/envelope';

const Form = z.object({
  email: Email,
  password: NewPassword,
  firstName: PersonName,
  language: LanguageField,
  ids: z.array(z.string()).check(z.minLength(1), z.maxLength(2)),
  years: z.number().check(z.gte(0), z.lte(70)),
  id: z.number().check(z.positive()),
  code: z.string().check(z.regex(/^\d{6}$/)),
});

function rulesOf(input: Record<string, unknown>) {
  const result = Form.safeParse(input);
  if (result.success) throw new Error('accepted');
  return Object.fromEntries(zodFields(result.error, input).map((f) => [f.field, [f.rule, f.limit]]));
}

const good = {
  email: 'amelia.hart@example.test',
  password: 'Amelia-2026',
  firstName: 'Amelia',
  language: 'en',
  ids: ['1'],
  years: 3,
  id: 1,
  code: '123456',
};

describe('the rule of a refused field', () => {
  it('names the rule and its number, and keeps the message', () => {
    expect(
      rulesOf({
        ...good,
        email: 'no',
        password: 'short1',
        firstName: ' ',
        language: 'xx',
        ids: [],
        years: 71,
      }),
    ).toEqual({
      email: ['email', undefined],
      password: ['too_short', 8],
      firstName: ['required', undefined],
      language: ['one_of', undefined],
      ids: ['too_few', 1],
      years: ['too_big', 70],
    });
    const result = Form.safeParse({ ...good, password: 'x'.repeat(129) });
    expect(zodFields(result.error!, {})).toEqual([
      { field: 'password', message: 'Use at most 128 characters', rule: 'too_long', limit: 128 },
    ]);
  });

  it('names a refinement by the rule it carries', () => {
    expect(rulesOf({ ...good, password: 'lettersonly' })).toEqual({ password: ['password_rule', undefined] });
  });

  it('tells a missing value from one of the wrong kind', () => {
    const { email: _email, ...missing } = good;
    expect(rulesOf(missing)).toEqual({ email: ['required', undefined] });
    expect(rulesOf({ ...good, years: 'three' })).toEqual({ years: [undefined, undefined] });
  });

  it('gives no rule where it has no words: an exclusive bound, a pattern', () => {
    expect(rulesOf({ ...good, id: 0, code: '12' })).toEqual({
      id: [undefined, undefined],
      code: [undefined, undefined],
    });
  });
});
