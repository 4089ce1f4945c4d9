/**
 * Focus back to the control that opened a dialog when it closes (WCAG 2.4.3 Focus Order;
 * docs/conventions.md "Accessibility"). The shared dialog and its plain fallback use it; Headless
 * UI restores focus itself too, but not when the opener was rendered again while the dialog was
 * open (a row of a refreshed list) or when a dialog closes by being removed with its screen.
 */
import { useLayoutEffect } from 'react';

const DIALOGS = '[role="dialog"], [role="alertdialog"]';

/** The element last focused outside any dialog: the opener, once a dialog opens. */
let lastOutside: HTMLElement | null = null;
let tracking = false;

function track(event: FocusEvent) {
  const target = event.target;
  if (target instanceof HTMLElement && !target.closest(DIALOGS)) lastOutside = target;
}

/** What to focus when a dialog opened from `opener` closes: it, or its stand-in if it was rendered again. */
function returnTarget(opener: HTMLElement): HTMLElement | null {
  if (opener.isConnected) return opener;
  // Rendered again: the control with the same name where it was (an id, or its text and label).
  if (opener.id) return document.getElementById(opener.id);
  const label = opener.getAttribute('aria-label');
  const candidates = [...document.querySelectorAll<HTMLElement>(opener.tagName)];
  return (
    candidates.find(
      (c) =>
        !c.closest(DIALOGS) && c.getAttribute('aria-label') === label && c.textContent === opener.textContent,
    ) ?? null
  );
}

/** Whether focus was lost (nowhere, or on an element gone with the dialog) rather than moved on purpose. */
function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/**
 * While `open`, remembers the control that had focus before the dialog; when it closes (or
 * unmounts), gives focus back to it unless something else took focus on purpose meanwhile.
 */
export function useReturnFocus(open: boolean): void {
  useLayoutEffect(() => {
    if (!tracking) {
      document.addEventListener('focusin', track, true);
      tracking = true;
    }
    if (!open) return;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && !active.closest(DIALOGS) ? active : lastOutside;
    return () => {
      if (!opener) return;
      // After the dialog has left the page and its own focus handling has run.
      requestAnimationFrame(() => {
        if (focusLost()) returnTarget(opener)?.focus();
      });
    };
  }, [open]);
}
