import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Brand } from '@/components/brand';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Centred card for the sign-in, registration and password screens. */
export function AuthLayout({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <header className="px-4 py-5 sm:px-8">
        <Brand />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 sm:items-center sm:pt-0">
        <div className="w-full max-w-md">
          <div className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">
            <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
            {description && <p className="mt-1.5 text-sm text-muted-foreground">{description}</p>}
            <div className="mt-6">{children}</div>
          </div>
          {footer && <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div>}
        </div>
      </main>
      <footer className="px-4 pb-6 text-center text-xs text-muted-foreground">
        <Link to="/" className="hover:underline">
          Voltar para o início
        </Link>
      </footer>
    </div>
  );
}
