/**
 * fast-check arbitraries built from the contract's zod schemas (through their JSON Schema, which
 * zod writes itself): values that fit the schema, and hostile ones that do not — wrong types,
 * huge strings, NUL and lone surrogates, deep nesting, out-of-range numbers, missing and extra
 * fields (docs/security.md "Security suites").
 */
import fc from 'fast-check';
import { z } from 'zod';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
};

export function jsonSchemaOf(schema: z.core.$ZodType | undefined): JsonSchema | null {
  if (!schema) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Strings an attacker (or a broken client) sends where something else is expected. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  "' OR 1=1 --",
  '"; DROP TABLE providers; --',
  '../../../../etc/passwd',
  '%00',
  '%zz',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  '${7*7}',
  '-1',
  '0',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '9007199254740993',
  '99999999999999999999999999',
  '0x7fffffff',
  '1.5',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '2026-02-30',
  '2026-13-01T25:61:00Z',
  '24:05',
  'ÿ'.repeat(300),
] as const;

const hugeString = fc.constantFrom(200, 5_000, 70_000, 400_000).map((n) => 'A'.repeat(n));
const hostileNumber = fc.constantFrom(
  -1,
  0,
  -0,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e21,
);

/** Nesting deep enough to hurt a recursive parser or validator, as JSON text is built from it. */
const deepNesting = fc.integer({ min: 50, max: 3_000 }).map((depth) => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
});

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: hugeString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [1, 'a'], { $gt: '' }) },
  { weight: 1, arbitrary: deepNesting },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...HOSTILE_STRINGS), { maxLength: 4 }) },
);

function stringFor(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'date-time') {
    return fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString());
  }
  if (s.format === 'email') return fc.emailAddress();
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 40, minLength + 40);
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.constantFrom('1', '2', '10', 'en', 'Europe/London', '2026-05-04', '09:30', 'OPEN', 'a,b'),
  );
}

function numberFor(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1_000);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 100_000);
  const lo = Math.max(min, -1e6);
  const hi = Math.max(lo, Math.min(max, 1e7));
  return integer
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
    : fc.double({ min: lo, max: hi, noNaN: true });
}

/** A value that fits `schema` (as far as JSON Schema says: refinements are zod's business). */
export function validish(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant('x');
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => validish(a, depth + 1)));
  if (schema.allOf?.length) return validish(schema.allOf[0]!, depth + 1);
  const types = [schema.type ?? (schema.properties ? 'object' : 'any')].flat();
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return stringFor(schema);
        case 'integer':
          return numberFor(schema, true);
        case 'number':
          return numberFor(schema, false);
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array':
          return fc.array(schema.items ? validish(schema.items, depth + 1) : fc.string({ maxLength: 5 }), {
            minLength: schema.minItems ?? 0,
            maxLength: Math.min(schema.maxItems ?? 4, (schema.minItems ?? 0) + 4),
          });
        case 'object': {
          const properties = schema.properties ?? {};
          const required = schema.required ?? [];
          const model: Record<string, fc.Arbitrary<unknown>> = {};
          for (const [key, value] of Object.entries(properties)) model[key] = validish(value, depth + 1);
          return fc.record(model, { requiredKeys: required.filter((k) => k in model) });
        }
        default:
          return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
      }
    }),
  );
}

/**
 * An object for a schema, valid-ish or with one of the hostile changes: a field replaced by a
 * hostile value, a required field missing, an unknown field added, or not an object at all.
 */
export function objectFor(schema: JsonSchema | null): fc.Arbitrary<unknown> {
  const base = (schema ? validish(schema) : fc.constant({})) as fc.Arbitrary<unknown>;
  const keys = Object.keys(schema?.properties ?? {});
  const asRecord = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? { ...v } : {});
  return fc.oneof(
    { weight: 3, arbitrary: base },
    {
      weight: 4,
      arbitrary: fc
        .tuple(base, keys.length ? fc.constantFrom(...keys) : fc.constant('x'), hostileValue)
        .map(([v, key, bad]) => ({ ...asRecord(v), [key]: bad })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(base, keys.length ? fc.constantFrom(...keys) : fc.constant('x')).map(([v, key]) => {
        const copy = asRecord(v) as Record<string, unknown>;
        delete copy[key];
        return copy;
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          base,
          fc.constantFrom('extra', '__proto__', 'constructor', 'userId', 'providerId'),
          hostileValue,
        )
        .map(([v, key, bad]) => ({ ...asRecord(v), [key]: bad })),
    },
    { weight: 1, arbitrary: hostileValue },
  );
}
