/**
 * A control disabled while its action runs keeps the keyboard user's place (WCAG 2.4.3 Focus
 * Order; docs/conventions.md "Accessibility"): Chromium moves the focus of a control that is
 * disabled to the document, so once the action is over, the control pressed takes focus again,
 * unless something else took it meanwhile.
 */
import { useEffect, useRef } from 'react';

/** `ref` goes on the control, `pressed()` in its click handler; `busy` is its action running. */
export function useKeepFocus<T extends HTMLElement>(busy: boolean) {
  const ref = useRef<T>(null);
  const pressed = useRef(false);
  useEffect(() => {
    if (busy || !pressed.current) return;
    pressed.current = false;
    const active = document.activeElement;
    if (active === null || active === document.body) ref.current?.focus();
  }, [busy]);
  return {
    ref,
    pressed: () => {
      pressed.current = true;
    },
  };
}
