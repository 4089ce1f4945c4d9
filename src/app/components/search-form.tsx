/** The shared search/reset form (spec §2): Enter in any field searches; Reset clears and searches. */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

export interface SearchField {
  name: string;
  label: string;
  placeholder?: string;
  /** Free text by default; options make it a select. */
  options?: Array<{ value: string; label: string }>;
}

export interface SearchFormProps {
  fields: SearchField[];
  initial?: Record<string, string>;
  onSearch(values: Record<string, string>): void;
  extra?: ReactNode;
}

export function SearchForm({ fields, initial = {}, onSearch, extra }: SearchFormProps) {
  const { t } = useTranslation();
  const empty = Object.fromEntries(fields.map((f) => [f.name, '']));
  const [values, setValues] = useState<Record<string, string>>({ ...empty, ...initial });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(values);
  };
  return (
    <form
      role="search"
      onSubmit={submit}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      {fields.map((f) => (
        <label key={f.name} className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">{f.label}</span>
          {f.options ? (
            <select
              name={f.name}
              value={values[f.name] ?? ''}
              onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2"
            >
              {f.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              name={f.name}
              value={values[f.name] ?? ''}
              placeholder={f.placeholder}
              onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
              className="rounded-lg border border-slate-300 px-3 py-2"
            />
          )}
        </label>
      ))}
      <div className="flex gap-2">
        <Button type="submit">{t('actions.search')}</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setValues(empty);
            onSearch(empty);
          }}
        >
          {t('actions.reset')}
        </Button>
      </div>
      {extra}
    </form>
  );
}
