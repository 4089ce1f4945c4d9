import { forwardRef, type InputHTMLAttributes } from 'react';
import { borderOf, Field, type FieldProps } from './field';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement>, FieldProps {}

/** A labelled input with its error and hint tied to it for screen readers. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, className, id, ...rest },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint} className={className} id={id}>
      {(control) => (
        <input
          ref={ref}
          {...control}
          className={`rounded-lg border px-3 py-2 text-sm outline-none focus:border-brand focus:ring-2 focus:ring-brand/20 ${borderOf(error)}`}
          {...rest}
        />
      )}
    </Field>
  );
});
