/**
 * A control disabled while its action runs keeps the keyboard user's place (WCAG 2.4.3 Focus
 * Order; docs/conventions.md "Accessibility"): Chromium moves the focus of a control that is
 * disabled to the document, so a control that had focus when it was disabled takes it again once
 * it is enabled, unless something else took focus meanwhile. The shared Button does it for every
 * button. A control that did not have focus (a form submitted with Enter in a field, a list's
 * buttons disabled while it reloads) takes none.
 */
import { useLayoutEffect, useRef } from 'react';

/** `ref` goes on the control; `off` is it disabled or busy. */
export function useKeepFocus<T extends HTMLElement>(off: boolean) {
  const ref = useRef<T>(null);
  const hadFocus = useRef(false);
  // A layout effect: it runs before the browser's next rendering step, where Chromium moves the
  // focus of a disabled control away, so it still sees where focus was.
  useLayoutEffect(() => {
    if (off) {
      hadFocus.current = ref.current !== null && document.activeElement === ref.current;
      return;
    }
    const active = document.activeElement;
    if (hadFocus.current && (active === null || active === document.body)) ref.current?.focus();
    hadFocus.current = false;
  }, [off]);
  return ref;
}
