import { useMemo, type ComponentProps, type Ref } from 'react';
import { useKeepFocus } from './keep-focus';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const STYLES: Record<Variant, string> = {
  primary: 'bg-brand text-white hover:bg-brand-600 disabled:bg-brand/50',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400',
  ghost: 'text-brand hover:bg-brand-50 hover:text-brand-700 disabled:text-slate-400',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300',
};

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: Variant;
  busy?: boolean;
}

export function Button({
  variant = 'primary',
  busy = false,
  className = '',
  children,
  disabled,
  type = 'button',
  ref,
  ...rest
}: ButtonProps) {
  const off = Boolean(disabled || busy);
  // Disabled while its action runs, it takes focus back after (keep-focus.ts).
  const kept = useKeepFocus<HTMLButtonElement>(off);
  const setRef = useMemo(() => mergeRefs(kept, ref), [kept, ref]);
  return (
    <button
      ref={setRef}
      type={type}
      disabled={off}
      aria-busy={busy || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed ${STYLES[variant]} ${className}`}
      {...rest}
    >
      {busy && (
        <span
          className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
          aria-hidden
        />
      )}
      {children}
    </button>
  );
}

/** The button element to both refs: its own, and the caller's (a callback or an object). */
function mergeRefs(own: { current: HTMLButtonElement | null }, theirs: Ref<HTMLButtonElement> | undefined) {
  return (element: HTMLButtonElement | null) => {
    own.current = element;
    if (typeof theirs === 'function') theirs(element);
    else if (theirs) theirs.current = element;
  };
}
