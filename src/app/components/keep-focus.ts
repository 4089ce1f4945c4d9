/**
 * A control disabled while its action runs keeps the keyboard user's place (WCAG 2.4.3 Focus
 * Order; docs/conventions.md "Accessibility"): Chromium moves the focus of a control that is
 * disabled to the document, so once the action is over, the control pressed takes focus again,
 * unless something else took it meanwhile. The shared Button does it for every button.
 */
import { useEffect, useRef } from 'react';

/** `ref` goes on the control, `pressed()` in its click handler; `off` is it disabled or busy. */
export function useKeepFocus<T extends HTMLElement>(off: boolean) {
  const ref = useRef<T>(null);
  const pressed = useRef(false);
  useEffect(() => {
    if (off || !pressed.current) return;
    pressed.current = false;
    const active = document.activeElement;
    if (active === null || active === document.body) ref.current?.focus();
  }, [off]);
  return {
    ref,
    pressed: () => {
      pressed.current = true;
    },
  };
}
