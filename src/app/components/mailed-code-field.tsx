import { TextField } from './text-field';

/**
 * The six digits of a mailed code (spec §2 sign-up, §3 e-mail verification): digits only, the
 * browser's one-time-code autofill, and a change clears the field's error.
 */
export function MailedCodeField({
  label,
  hint,
  value,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  error: string | null;
  onChange: (digits: string) => void;
}) {
  return (
    <TextField
      label={label}
      hint={hint}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      error={error ?? undefined}
    />
  );
}

/** A confirmation that something was done (a code sent again), read out as a status. */
export function DoneNotice({ children }: { children: string | null }) {
  if (!children) return null;
  return (
    <p role="status" className="rounded-lg bg-green-50 p-3 text-sm text-green-800">
      {children}
    </p>
  );
}
