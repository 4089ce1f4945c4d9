/**
 * A labelled form control with its hint and error tied to it for screen readers (aria-describedby),
 * and the text area and select built on it; TextField is the single-line input.
 */
import {
  forwardRef,
  useId,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

export interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string;
  id?: string | undefined;
}

interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export function Field({
  label,
  error,
  hint,
  className = '',
  id,
  children,
}: FieldProps & { children(control: ControlProps): ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  const describedBy =
    [error ? `${controlId}-error` : null, hint ? `${controlId}-hint` : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={controlId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !error && (
        <p id={`${controlId}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${controlId}-error`} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

export const borderOf = (error: string | undefined) => (error ? 'border-red-500' : 'border-slate-300');

export const TextArea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps
>(function TextArea({ label, error, hint, className, id, ...rest }, ref) {
  return (
    <Field label={label} error={error} hint={hint} className={className} id={id}>
      {(control) => (
        <textarea
          ref={ref}
          rows={5}
          {...control}
          className={`rounded-lg border px-3 py-2 text-sm outline-none focus:border-brand ${borderOf(error)}`}
          {...rest}
        />
      )}
    </Field>
  );
});

export const Select = forwardRef<
  HTMLSelectElement,
  SelectHTMLAttributes<HTMLSelectElement> & FieldProps & { children: ReactNode }
>(function Select({ label, error, hint, className, id, children, ...rest }, ref) {
  return (
    <Field label={label} error={error} hint={hint} className={className} id={id}>
      {(control) => (
        <select
          ref={ref}
          {...control}
          className={`rounded-lg border bg-white px-3 py-2 text-sm ${borderOf(error)}`}
          {...rest}
        >
          {children}
        </select>
      )}
    </Field>
  );
});
