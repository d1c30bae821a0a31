import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD } from '@vitrine/contracts/constants';
import { sanitizeHtml } from '@/lib/sanitize-html';
import { isStaticHtml, staticHtmlSource, useToast } from '@/lib/toast';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';

export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider
      duration={TOAST_DURATION_MS}
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      swipeDirection="right"
      label="Notificação"
    >
      {toasts.map(({ id, title, description, action, variant, ...props }) => (
        <Toast key={id} variant={variant} {...props}>
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {typeof description === 'string' || isStaticHtml(description) ? (
              <ToastDescription
                dangerouslySetInnerHTML={{
                  __html: sanitizeHtml(
                    typeof description === 'string' ? description : staticHtmlSource(description),
                  ),
                }}
              />
            ) : (
              description && <ToastDescription>{description}</ToastDescription>
            )}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
