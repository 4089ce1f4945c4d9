/**
 * The `rule` and `limit` of a refused field (src/shared/api/field-rules.ts) read from a zod issue:
 * what the portal says in the provider's language. An issue of no known rule gets none.
 */
import type { z } from 'zod';
import type { FieldError } from '../../shared/api/envelope';
import { FIELD_RULES, type FieldRule } from '../../shared/api/field-rules';

type Rule = Pick<FieldError, 'rule' | 'limit'>;

/** Per origin of a size check: the rule below its minimum, and above its maximum. */
const SIZE_RULES: Readonly<Record<string, readonly [FieldRule, FieldRule]>> = {
  string: ['too_short', 'too_long'],
  number: ['too_small', 'too_big'],
  int: ['too_small', 'too_big'],
  array: ['too_few', 'too_many'],
  set: ['too_few', 'too_many'],
};

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) value = value && typeof value === 'object' ? Reflect.get(value, key) : undefined;
  return value;
}

export function ruleOf(issue: z.core.$ZodIssue, input: unknown): Rule {
  switch (issue.code) {
    case 'invalid_type':
      return valueAt(input, issue.path) === undefined ? { rule: 'required' } : {};
    case 'too_small':
    case 'too_big': {
      const rules = SIZE_RULES[issue.origin];
      const limit = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
      // An exclusive bound (`z.positive()`) names no number the provider may enter.
      if (!rules || issue.inclusive === false || !Number.isFinite(limit)) return {};
      if (issue.code === 'too_small' && limit === 1 && issue.origin === 'string') return { rule: 'required' };
      return { rule: rules[issue.code === 'too_small' ? 0 : 1], limit };
    }
    case 'invalid_format':
      return issue.format === 'email' ? { rule: 'email' } : {};
    case 'invalid_value':
      return { rule: 'one_of' };
    case 'custom': {
      const rule: unknown = issue.params?.rule;
      return FIELD_RULES.includes(rule as FieldRule) ? { rule: rule as FieldRule } : {};
    }
    default:
      return {};
  }
}
