/**
 * shadcn/ui's classic use-toast store (spec §2/§9): one toast at a time (TOAST_LIMIT), dismissed
 * then removed after TOAST_REMOVE_DELAY_MS. Rendered by components/ui/toaster.tsx.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@vitrine/contracts/constants';

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
  /** A string is rendered as sanitized HTML; other nodes as they are. */
  description?: ReactNode;
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

export function toast(props: Toast) {
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
