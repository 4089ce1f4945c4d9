/** The profile form's checkbox groups (its text area and select are the shared ones of components/). */
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export function ChoiceGroup({
  legend,
  options,
  registration,
  error,
}: {
  legend: string;
  options: Array<{ value: string; label: string; hint?: string }>;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((o) => (
          <label
            key={o.value}
            className="flex items-start gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm hover:border-brand"
          >
            <input type="checkbox" value={o.value} className="mt-0.5 accent-brand" {...registration} />
            <span>
              {o.label}
              {o.hint && <span className="block text-xs text-slate-500">{o.hint}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
