import { useRef } from 'react';

/** The element outside every dialog that last had focus (kept by one capturing listener). */
let lastOutside: HTMLElement | null = null;
let listening = false;
function listen() {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLElement && !target.closest('[role="dialog"], [role="alertdialog"]'))
        lastOutside = target;
    },
    true,
  );
}
listen();

/**
 * For a radix dialog opened by a plain button (not its Trigger) or by the URL: `remember` (called as
 * the dialog opens, from its onOpenAutoFocus) notes what had focus outside the dialogs, and `restore`
 * (its onCloseAutoFocus) gives it focus back when the dialog closes, so the next Tab goes on from where
 * the person was instead of from the top of the page. When that element is gone (the dialog removed
 * the row it was opened from), radix's own choice stands.
 */
export function useReturnFocus(onCloseAutoFocus?: (event: Event) => void) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    remember() {
      // What has focus now: a button on the page, or one inside a dialog that opens another one.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : lastOutside;
    },
    restore(event: Event) {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const el = opener.current;
      if (el?.isConnected) {
        event.preventDefault();
        el.focus();
      }
    },
  };
}

/** The first field a person fills in, inside `container` (not a read-only one, as a key to copy). */
export function firstField(container: HTMLElement | null): HTMLElement | null {
  return (
    container?.querySelector<HTMLElement>(
      'input:not([type=hidden]):not([disabled]):not([readonly]), textarea:not([disabled]):not([readonly]), select:not([disabled])',
    ) ?? null
  );
}
