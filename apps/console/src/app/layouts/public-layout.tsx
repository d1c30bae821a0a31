import { paths } from '@vitrine/contracts/paths';
import { Outlet } from 'react-router';
import { Link } from 'react-router';
import { Brand } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { APP_NAME } from '@/config/app';
import { useAuth } from '@/features/auth';

/** Header and footer of the public site (welcome, demo, blog, accounts). */
export function PublicLayout() {
  const { isAuthenticated, isLoading } = useAuth();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
          <Brand />
          <nav aria-label="Site" className="flex shrink-0 items-center gap-1 sm:gap-2">
            <Button variant="ghost" asChild className="hidden sm:inline-flex">
              <Link to={paths.demo}>Demonstração</Link>
            </Button>
            <Button variant="ghost" asChild className="hidden sm:inline-flex">
              <Link to={paths.blog}>Blog</Link>
            </Button>
            {isLoading ? null : isAuthenticated ? (
              <Button asChild>
                <Link to={paths.dashboard}>Ir para o painel</Link>
              </Button>
            ) : (
              <>
                <Button variant="ghost" asChild className="px-3 sm:px-4">
                  <Link to={paths.login}>Entrar</Link>
                </Button>
                <Button asChild className="px-3 sm:px-4">
                  <Link to={paths.register}>Criar conta</Link>
                </Button>
              </>
            )}
          </nav>
        </div>
      </header>
      <div className="flex-1">
        <Outlet />
      </div>
      <footer className="border-t bg-muted/40">
        {/* Clear of the floating help button (bottom-right, 3rem): below it on phones, beside it until xl. */}
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 pt-8 pb-20 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6 sm:pr-20 sm:pb-8 xl:pr-6">
          <p>
            © {new Date().getFullYear()} {APP_NAME}. Feito para imobiliárias brasileiras.
          </p>
          <nav aria-label="Rodapé" className="flex flex-wrap gap-x-4 gap-y-2">
            <Link to={paths.demo} className="hover:text-foreground hover:underline">
              Demonstração
            </Link>
            <Link to={paths.blog} className="hover:text-foreground hover:underline">
              Blog
            </Link>
            <Link to={paths.accounts} className="hover:text-foreground hover:underline">
              Minhas contas
            </Link>
            <Link to={paths.login} className="hover:text-foreground hover:underline">
              Entrar
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
