import { AlertDialog } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { useReturnFocus } from '@/lib/use-return-focus';
import { buttonVariants } from './button';

interface ConfirmDialogBaseProps {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  /** Disables the confirm button while the action runs. */
  busy?: boolean;
  onConfirm: () => void;
}

type ConfirmDialogProps = ConfirmDialogBaseProps &
  (
    | {
        /** The element that opens the dialog (a Button). */ trigger: ReactElement;
        open?: never;
        onOpenChange?: never;
      }
    /** Controlled: opened from a menu item or by the router, where there is no trigger button. */
    | { trigger?: never; open: boolean; onOpenChange: (open: boolean) => void }
  );

/**
 * "Are you sure?" before an action that cannot be undone (radix AlertDialog: focus trap, Escape,
 * focus back on the trigger). Cancel has the initial focus.
 */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancelar',
  destructive = false,
  busy = false,
  onConfirm,
}: ConfirmDialogProps) {
  // Opened by a plain button (no trigger), the focus still goes back to it when the dialog closes.
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root {...(trigger ? {} : { open, onOpenChange })}>
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40 data-[state=open]:animate-fade-in" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-background p-6 shadow-xl outline-none data-[state=open]:animate-fade-in"
          onOpenAutoFocus={() => returnFocus.remember()}
          onCloseAutoFocus={returnFocus.restore}
        >
          <div className="grid gap-2">
            <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-muted-foreground">
              {description}
            </AlertDialog.Description>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              disabled={busy}
              className={buttonVariants({ variant: destructive ? 'destructive' : 'default' })}
              onClick={onConfirm}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
