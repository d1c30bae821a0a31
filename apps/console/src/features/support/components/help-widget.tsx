import { CircleHelp, Mail, MessageCircle, X } from 'lucide-react';
import { Popover } from 'radix-ui';
import { cn } from '@/lib/utils';
import { FALLBACK_PUBLIC_CONFIG, usePublicConfig } from '../api/get-public-config';
import { supportMailto, whatsappHelpUrl, type HelpContact } from '../support-links';

/**
 * Floating help button on every page (docs/product.md#help-widget). Radix Popover gives the keyboard
 * behaviour: focus moves into the panel, Escape and outside clicks close it, focus returns to the button.
 */
export function HelpWidget({ contact, className }: { contact: HelpContact | null; className?: string }) {
  const { data } = usePublicConfig();
  const config = data ?? FALLBACK_PUBLIC_CONFIG;
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label="Ajuda"
        className={cn(
          'fixed right-4 bottom-4 z-40 inline-flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform hover:scale-105 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none data-[state=open]:scale-95',
          className,
        )}
      >
        <CircleHelp className="size-6" aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="end"
          sideOffset={12}
          collisionPadding={16}
          className="z-50 w-[min(20rem,calc(100vw-2rem))] rounded-xl border bg-popover p-4 text-popover-foreground shadow-xl outline-none data-[state=open]:animate-fade-in"
        >
          <div className="flex items-start justify-between gap-2">
            <div>
              <Popover.Title className="text-base font-semibold">Precisa de ajuda?</Popover.Title>
              <Popover.Description className="mt-1 text-sm text-muted-foreground">
                Fale com o suporte {config.app_name}. Respondemos em horário comercial.
              </Popover.Description>
            </div>
            <Popover.Close
              aria-label="Fechar ajuda"
              className="-mt-1 -mr-1 rounded-md p-1.5 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <X className="size-4" aria-hidden="true" />
            </Popover.Close>
          </div>
          <ul className="mt-4 grid gap-2">
            {config.support_whatsapp && (
              <li>
                <a
                  href={whatsappHelpUrl(config.support_whatsapp, contact)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex items-center gap-3 rounded-lg border p-3 text-sm font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <span className="inline-flex size-9 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
                    <MessageCircle className="size-5" aria-hidden="true" />
                  </span>
                  <span>
                    WhatsApp
                    <span className="block text-xs font-normal text-muted-foreground">
                      Conversar agora com o suporte
                    </span>
                  </span>
                </a>
              </li>
            )}
            <li>
              <a
                href={supportMailto(config.support_email)}
                className="flex items-center gap-3 rounded-lg border p-3 text-sm font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span className="inline-flex size-9 items-center justify-center rounded-full bg-sky-100 text-sky-700">
                  <Mail className="size-5" aria-hidden="true" />
                </span>
                <span className="min-w-0">
                  E-mail
                  <span className="block truncate text-xs font-normal text-muted-foreground">
                    {config.support_email}
                  </span>
                </span>
              </a>
            </li>
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
