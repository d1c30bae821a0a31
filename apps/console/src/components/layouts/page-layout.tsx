import { ArrowLeft, ChevronRight } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

export interface Breadcrumb {
  title: string;
  href?: string;
}

export interface PageLayoutProps {
  title: string;
  description?: ReactNode;
  /** The last one is the current page and is never a link. */
  breadcrumbs?: Breadcrumb[];
  /** Shows a back button going to this URL. */
  backUrl?: string;
  /** Shows a back button going one step back in history (when no backUrl). */
  showBack?: boolean;
  actions?: ReactNode;
  children?: ReactNode;
}

/** Header of every dashboard screen (docs/product.md#page-layout). */
export function PageLayout({
  title,
  description,
  breadcrumbs,
  backUrl,
  showBack,
  actions,
  children,
}: PageLayoutProps) {
  const navigate = useNavigate();
  useDocumentTitle(title);
  const hasBack = Boolean(backUrl) || showBack;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <header className="flex flex-col gap-3">
        {breadcrumbs && breadcrumbs.length > 0 && (
          <nav aria-label="Trilha de navegação">
            <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
              {breadcrumbs.map((crumb, index) => {
                const last = index === breadcrumbs.length - 1;
                return (
                  <Fragment key={`${crumb.title}-${index}`}>
                    <li>
                      {last || !crumb.href ? (
                        <span
                          aria-current={last ? 'page' : undefined}
                          className={last ? 'font-medium text-foreground' : undefined}
                        >
                          {crumb.title}
                        </span>
                      ) : (
                        <Link to={crumb.href} className="rounded-sm hover:text-foreground hover:underline">
                          {crumb.title}
                        </Link>
                      )}
                    </li>
                    {!last && (
                      <li aria-hidden="true">
                        <ChevronRight className="size-3.5" />
                      </li>
                    )}
                  </Fragment>
                );
              })}
            </ol>
          </nav>
        )}
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 items-start gap-3">
            {hasBack && (
              <Button
                variant="outline"
                size="icon"
                aria-label="Voltar"
                className="mt-0.5"
                onClick={() => void (backUrl ? navigate(backUrl) : navigate(-1))}
              >
                <ArrowLeft />
              </Button>
            )}
            <div className="min-w-0">
              <h1 className="text-2xl font-semibold tracking-tight break-words">{title}</h1>
              {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
            </div>
          </div>
          {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
        </div>
      </header>
      {children}
    </div>
  );
}
