/**
 * shadcn/ui's classic use-toast store (docs/product.md#toasts): one toast at a time (TOAST_LIMIT), dismissed
 * then removed after TOAST_REMOVE_DELAY_MS. Rendered by components/ui/toaster.tsx.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@vitrine/contracts/constants';

const STATIC_HTML = Symbol('toast.staticHtml');

/**
 * HTML written by us, rendered sanitized like a string description. Kept for the callers that mark
 * their description as HTML on purpose; a plain string is sanitized HTML as well (docs/product.md#toasts).
 */
export interface StaticHtml {
  readonly [STATIC_HTML]: string;
}

export function staticHtml(html: string): StaticHtml {
  return { [STATIC_HTML]: html };
}

export function isStaticHtml(value: unknown): value is StaticHtml {
  return typeof value === 'object' && value !== null && STATIC_HTML in value;
}

export function staticHtmlSource(value: StaticHtml): string {
  return value[STATIC_HTML];
}

export const TOAST_VARIANTS = [
  'default',
  'success',
  'warning',
  'info',
  'danger',
  'outline',
  'destructive',
] as const;
export type ToastVariant = (typeof TOAST_VARIANTS)[number];

export interface ToasterToast {
  id: string;
  title?: ReactNode;
  /**
   * Sanitized HTML (docs/product.md#toasts): a string or `staticHtml(...)` keeps only bold, italics and line
   * breaks (lib/sanitize-html.ts), nothing in it runs; a React node is rendered as it is.
   */
  description?: ReactNode | StaticHtml;
  action?: ReactNode;
  variant?: ToastVariant;
  duration?: number;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

export type ToastState = { toasts: ToasterToast[] };

export type ToastAction =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

let count = 0;
function genId() {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return count.toString();
}

const toastTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function addToRemoveQueue(toastId: string) {
  if (toastTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    toastTimeouts.delete(toastId);
    dispatch({ type: 'REMOVE_TOAST', toastId });
  }, TOAST_REMOVE_DELAY_MS);
  toastTimeouts.set(toastId, timeout);
}

/** Pure state transitions (the removal timers are scheduled by `dispatch`). */
export function reducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      return { ...state, toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return {
        ...state,
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'DISMISS_TOAST': {
      const { toastId } = action;
      return {
        ...state,
        toasts: state.toasts.map((t) =>
          toastId === undefined || t.id === toastId ? { ...t, open: false } : t,
        ),
      };
    }
    case 'REMOVE_TOAST':
      if (action.toastId === undefined) return { ...state, toasts: [] };
      return { ...state, toasts: state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

const listeners: Array<(state: ToastState) => void> = [];
let memoryState: ToastState = { toasts: [] };

function dispatch(action: ToastAction) {
  if (action.type === 'DISMISS_TOAST') {
    if (action.toastId) addToRemoveQueue(action.toastId);
    else for (const t of memoryState.toasts) addToRemoveQueue(t.id);
  }
  memoryState = reducer(memoryState, action);
  for (const listener of listeners) listener(memoryState);
}

export type Toast = Omit<ToasterToast, 'id'>;

/** Same variant, title and description: the same message again (an autosave repeating itself). */
function sameMessage(a: Toast, b: ToasterToast): boolean {
  const text = (v: unknown) => (isStaticHtml(v) ? staticHtmlSource(v) : v);
  return (
    b.open !== false &&
    (a.variant ?? 'default') === (b.variant ?? 'default') &&
    typeof a.title === 'string' &&
    a.title === b.title &&
    (a.description === undefined || typeof a.description === 'string' || isStaticHtml(a.description)) &&
    text(a.description) === text(b.description)
  );
}

/**
 * Shows a toast (one at a time). The same message while it is still open (a second "Integração
 * atualizada!") refreshes that toast's timer instead of replacing it: no flicker, and screen
 * readers do not hear it twice.
 */
export function toast(props: Toast) {
  const current = memoryState.toasts[0];
  if (current && sameMessage(props, current)) {
    const id = current.id;
    const base = props.duration ?? TOAST_DURATION_MS;
    // Radix restarts the close timer when `duration` changes: alternate base and base + 1 ms.
    const duration = current.duration === base ? base + 1 : base;
    dispatch({ type: 'UPDATE_TOAST', toast: { id, duration } });
    return {
      id,
      dismiss: () => dispatch({ type: 'DISMISS_TOAST', toastId: id }),
      update: (next: Partial<ToasterToast>) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } }),
    };
  }
  const id = genId();
  const update = (next: Partial<ToasterToast>) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } });
  const dismiss = () => dispatch({ type: 'DISMISS_TOAST', toastId: id });
  dispatch({
    type: 'ADD_TOAST',
    toast: {
      ...props,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return { id, dismiss, update };
}

export function useToast() {
  const [state, setState] = useState<ToastState>(memoryState);
  useEffect(() => {
    listeners.push(setState);
    return () => {
      const index = listeners.indexOf(setState);
      if (index > -1) listeners.splice(index, 1);
    };
  }, []);
  return {
    ...state,
    toast,
    dismiss: (toastId?: string) => dispatch({ type: 'DISMISS_TOAST', toastId }),
  };
}

/** Test helper: back to no toasts and no pending timers. */
export function resetToastsForTests() {
  for (const timeout of toastTimeouts.values()) clearTimeout(timeout);
  toastTimeouts.clear();
  memoryState = { toasts: [] };
  for (const listener of listeners) listener(memoryState);
}
