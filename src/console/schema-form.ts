/**
 * A form built from a protobuf message type by reflection (docs/console.md "The app socket as a
 * provider", docs/wire/app-socket.md): one input per field by its type — text for strings and
 * bytes (base64), numbers, a checkbox for bools, a select for enums, a fieldset for a nested
 * message, a list for a repeated field. `readForm` turns the inputs back into the message's
 * plain object and says what is wrong with them before anything is sent.
 */
import protobuf from 'protobufjs';

export type FieldKind = 'string' | 'bytes' | 'integer' | 'float' | 'bool' | 'enum' | 'message';

export interface FieldModel {
  /** The name in the .proto file (what the inputs are labelled with). */
  name: string;
  /** The name in the message's plain object (protobufjs camel case). */
  key: string;
  kind: FieldKind;
  /** The scalar type in the .proto file: `int64`, `string`, … or the enum or message name. */
  type: string;
  repeated: boolean;
  /** The oneof it belongs to, if any: at most one member may be filled. */
  oneof?: string;
  /** Enum values, name and number, in declaration order. */
  options?: Array<{ name: string; value: number }>;
  /** A nested message's fields. */
  fields?: FieldModel[];
}

/** The inputs' state: a string per scalar (bools too, `'true'`/`''`), an object per message, arrays when repeated. */
export type FormValue = string | FormValues | FormValue[];
export interface FormValues {
  [key: string]: FormValue;
}

const INTEGERS = new Set([
  'int32',
  'uint32',
  'sint32',
  'fixed32',
  'sfixed32',
  'int64',
  'uint64',
  'sint64',
  'fixed64',
  'sfixed64',
]);
const UNSIGNED = new Set(['uint32', 'fixed32', 'uint64', 'fixed64']);
const THIRTY_TWO = new Set(['int32', 'sint32', 'sfixed32']);

function kindOf(field: protobuf.Field): FieldKind {
  const resolved = field.resolve().resolvedType;
  if (resolved instanceof protobuf.Enum) return 'enum';
  if (resolved instanceof protobuf.Type) return 'message';
  if (INTEGERS.has(field.type)) return 'integer';
  if (field.type === 'double' || field.type === 'float') return 'float';
  if (field.type === 'bool') return 'bool';
  if (field.type === 'bytes') return 'bytes';
  return 'string';
}

/** The form of `type`; `depth` stops a recursive schema from building forever. */
export function formModel(type: protobuf.Type, depth = 0): FieldModel[] {
  if (depth > 8) return [];
  return type.fieldsArray.map((field) => {
    const kind = kindOf(field);
    const model: FieldModel = {
      name: field.name,
      key: protobuf.util.camelCase(field.name),
      kind,
      type: field.type,
      repeated: field.repeated,
    };
    if (field.partOf && field.partOf.fieldsArray.length > 1) model.oneof = field.partOf.name;
    const resolved = field.resolvedType;
    if (resolved instanceof protobuf.Enum)
      model.options = Object.entries(resolved.values).map(([name, value]) => ({ name, value }));
    if (resolved instanceof protobuf.Type) model.fields = formModel(resolved, depth + 1);
    return model;
  });
}

/** Empty inputs for a model: repeated fields start as empty lists. */
export function emptyValues(model: FieldModel[]): FormValues {
  return Object.fromEntries(model.map((field) => [field.key, field.repeated ? [] : emptyOne(field)]));
}

export function emptyOne(field: FieldModel): FormValue {
  if (field.kind === 'message') return emptyValues(field.fields ?? []);
  if (field.kind === 'enum') return String(field.options?.[0]?.value ?? 0);
  return '';
}

export interface ReadResult {
  /** The message's plain object: only filled fields (a nested message only if something in it is). */
  message: Record<string, unknown>;
  /** One line per problem, `path: what is wrong`; empty when the message may be sent. */
  problems: string[];
}

function readScalar(field: FieldModel, raw: string, path: string, problems: string[]): unknown {
  const text = raw.trim();
  if (text === '') return undefined;
  switch (field.kind) {
    case 'bool':
      return text === 'true' ? true : undefined;
    case 'enum': {
      const value = Number(text);
      if (!field.options?.some((option) => option.value === value))
        problems.push(`${path}: not a value of ${field.type}`);
      return value === 0 ? undefined : value;
    }
    case 'integer': {
      const value = Number(text);
      if (!Number.isSafeInteger(value)) problems.push(`${path}: not a whole number`);
      else if (UNSIGNED.has(field.type) && value < 0) problems.push(`${path}: must not be negative`);
      else if (THIRTY_TWO.has(field.type) && (value < -(2 ** 31) || value >= 2 ** 31))
        problems.push(`${path}: outside ${field.type}`);
      else if ((field.type === 'uint32' || field.type === 'fixed32') && value >= 2 ** 32)
        problems.push(`${path}: outside ${field.type}`);
      return value;
    }
    case 'float': {
      const value = Number(text);
      if (!Number.isFinite(value)) problems.push(`${path}: not a number`);
      return value;
    }
    case 'bytes':
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) {
        problems.push(`${path}: not base64`);
        return undefined;
      }
      return decodeBase64(text);
    default:
      return raw;
  }
}

function decodeBase64(text: string): Uint8Array {
  const bytes = new Uint8Array(protobuf.util.base64.length(text));
  protobuf.util.base64.decode(text, bytes, 0);
  return bytes;
}

function readOne(field: FieldModel, raw: FormValue, path: string, problems: string[]): unknown {
  if (field.kind === 'message') {
    const nested = readMessage(field.fields ?? [], raw as FormValues, path, problems);
    return Object.keys(nested).length > 0 ? nested : undefined;
  }
  return readScalar(field, raw as string, path, problems);
}

function readMessage(
  model: FieldModel[],
  values: FormValues,
  prefix: string,
  problems: string[],
): Record<string, unknown> {
  const message: Record<string, unknown> = {};
  const oneofs = new Map<string, string[]>();
  for (const field of model) {
    const path = prefix ? `${prefix}.${field.name}` : field.name;
    const raw = values[field.key] ?? (field.repeated ? [] : emptyOne(field));
    if (field.repeated) {
      const list = (raw as FormValue[])
        .map((entry, i) => readOne(field, entry, `${path}[${i}]`, problems))
        .filter((entry) => entry !== undefined);
      if (list.length > 0) message[field.key] = list;
      continue;
    }
    const value = readOne(field, raw, path, problems);
    if (value === undefined) continue;
    message[field.key] = value;
    if (field.oneof) oneofs.set(field.oneof, [...(oneofs.get(field.oneof) ?? []), field.name]);
  }
  for (const [oneof, filled] of oneofs)
    if (filled.length > 1)
      problems.push(`${prefix ? `${prefix}.` : ''}${oneof}: one of ${filled.join(', ')}, not several`);
  return message;
}

/**
 * The message the inputs describe, every field checked against its type in the schema. (The
 * type's own `verify` is generated code that needs `eval`, which the page's CSP forbids.)
 */
export function readForm(model: FieldModel[], values: FormValues): ReadResult {
  const problems: string[] = [];
  const message = readMessage(model, values, '', problems);
  return { message, problems };
}
