/**
 * The inputs of a form built from a protobuf type (src/console/schema-form.ts): each labelled with
 * its path in the message (`items[0].text.text`), nested messages as fieldsets, repeated fields as
 * lists with add and remove.
 */
import { emptyOne, type FieldModel, type FormValue, type FormValues } from './schema-form';

interface Props {
  model: FieldModel[];
  values: FormValues;
  prefix?: string;
  onChange(values: FormValues): void;
}

function Scalar({
  field,
  path,
  value,
  onChange,
}: {
  field: FieldModel;
  path: string;
  value: string;
  onChange(v: string): void;
}) {
  if (field.kind === 'bool')
    return (
      <label>
        <input
          type="checkbox"
          checked={value === 'true'}
          onChange={(e) => onChange(e.target.checked ? 'true' : '')}
        />{' '}
        {path}
      </label>
    );
  if (field.kind === 'enum')
    return (
      <label>
        {path}{' '}
        <select value={value} onChange={(e) => onChange(e.target.value)}>
          {field.options?.map((option) => (
            <option key={option.name} value={option.value}>
              {option.name}
            </option>
          ))}
        </select>
      </label>
    );
  return (
    <label>
      {path}{' '}
      <input
        value={value}
        onChange={(e) => onChange(e.target.value)}
        inputMode={field.kind === 'integer' || field.kind === 'float' ? 'numeric' : undefined}
        placeholder={field.kind === 'bytes' ? `${field.type} (base64)` : field.type}
      />
    </label>
  );
}

function One({
  field,
  path,
  value,
  onChange,
}: {
  field: FieldModel;
  path: string;
  value: FormValue;
  onChange(v: FormValue): void;
}) {
  if (field.kind !== 'message')
    return <Scalar field={field} path={path} value={value as string} onChange={onChange} />;
  return (
    <fieldset>
      <legend>
        {path} <small>{field.type}</small>
      </legend>
      <SchemaFields
        model={field.fields ?? []}
        values={value as FormValues}
        prefix={path}
        onChange={onChange}
      />
    </fieldset>
  );
}

export function SchemaFields({ model, values, prefix = '', onChange }: Props) {
  const set = (key: string, value: FormValue) => onChange({ ...values, [key]: value });
  return (
    <>
      {model.map((field) => {
        const path = prefix ? `${prefix}.${field.name}` : field.name;
        const value = values[field.key] ?? (field.repeated ? [] : emptyOne(field));
        if (!field.repeated)
          return (
            <One
              key={field.key}
              field={field}
              path={path}
              value={value}
              onChange={(v) => set(field.key, v)}
            />
          );
        const list = value as FormValue[];
        return (
          <div key={field.key} className="repeated">
            {list.map((entry, i) => (
              <div key={i} className="row">
                <One
                  field={field}
                  path={`${path}[${i}]`}
                  value={entry}
                  onChange={(v) =>
                    set(
                      field.key,
                      list.map((old, j) => (j === i ? v : old)),
                    )
                  }
                />
                <button
                  type="button"
                  onClick={() =>
                    set(
                      field.key,
                      list.filter((_, j) => j !== i),
                    )
                  }
                >
                  Remove {path}[{i}]
                </button>
              </div>
            ))}
            <button type="button" onClick={() => set(field.key, [...list, emptyOne(field)])}>
              Add {path}
            </button>
          </div>
        );
      })}
    </>
  );
}
