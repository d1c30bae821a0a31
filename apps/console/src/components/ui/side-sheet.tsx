import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { useReturnFocus } from '@/lib/use-return-focus';
import { cn } from '@/lib/utils';

/**
 * A right-hand panel for a record's detail, full width on phones (radix Dialog: focus trap, Escape,
 * aria-modal, focus returned to the opener). The navigation drawer is ./sheet.tsx.
 */
export const SideSheet = Dialog.Root;
export const SideSheetClose = Dialog.Close;

export function SideSheetContent({
  className,
  children,
  title,
  description,
  closeLabel = 'Fechar',
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: Omit<ComponentProps<typeof Dialog.Content>, 'title'> & {
  /** The dialog's accessible name, shown as the panel's heading. */
  title: ReactNode;
  description?: ReactNode;
  closeLabel?: string;
}) {
  // Closed, the focus goes back to the row or button that opened the panel (a URL opens it too).
  const returnFocus = useReturnFocus(onCloseAutoFocus);
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 data-[state=open]:animate-fade-in" />
      <Dialog.Content
        className={cn(
          'fixed inset-y-0 right-0 z-50 flex h-full w-full flex-col bg-background shadow-xl outline-none focus-visible:ring-0 focus-visible:ring-offset-0 transition-transform duration-200 ease-out starting:translate-x-full sm:max-w-xl sm:border-l',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        // The panel itself takes focus (screen readers start at its title), not its close button.
        onOpenAutoFocus={(event) => {
          returnFocus.remember();
          if (onOpenAutoFocus) return onOpenAutoFocus(event);
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
        onCloseAutoFocus={returnFocus.restore}
        {...props}
      >
        <div className="flex items-start gap-3 border-b px-4 py-3 sm:px-6">
          <div className="min-w-0 flex-1">
            <Dialog.Title className="text-lg leading-tight font-semibold break-words">{title}</Dialog.Title>
            {description && (
              <Dialog.Description className="mt-1 text-sm text-muted-foreground">
                {description}
              </Dialog.Description>
            )}
          </div>
          <Dialog.Close
            aria-label={closeLabel}
            className="-mr-2 rounded-md p-2 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <X className="size-5" aria-hidden="true" />
          </Dialog.Close>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
