/**
 * Dashboard shell (docs/product.md#dashboard-shell): sidebar on desktop; below `md` a top bar whose hamburger
 * opens the same content in a slide-in drawer that closes on navigation.
 */
import { paths } from '@vitrine/contracts/paths';
import { Menu } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Brand } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetTrigger } from '@/components/ui/sheet';
import { ProtectedRoute } from '@/features/auth';
import { SidebarContent } from './sidebar';

export function DashboardLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();

  // Any navigation (link, back button, redirect) closes the drawer.
  useEffect(() => {
    setDrawerOpen(false);
  }, [location.key]);

  return (
    <div className="min-h-dvh bg-muted/30 md:grid md:grid-cols-[17rem_minmax(0,1fr)]">
      {/* The first Tab: past the menu's dozen links straight to the screen (hidden until focused). */}
      <a
        href="#conteudo"
        // Focus moves without a navigation: no history entry, no #conteudo in the address.
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('conteudo')?.focus();
        }}
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-md focus:ring-2 focus:ring-ring"
      >
        Pular para o conteúdo
      </a>
      {/* The panel runs the page's full height (its grid row); what it holds stays in view (sticky). */}
      <aside aria-label="Barra lateral" className="hidden border-r bg-sidebar md:block">
        <div className="sticky top-0 flex h-dvh flex-col">
          <SidebarContent />
        </div>
      </aside>

      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-background/95 px-3 backdrop-blur md:hidden">
          <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" aria-label="Abrir menu">
                <Menu className="!size-5" />
              </Button>
            </SheetTrigger>
            <SheetContent title="Menu de navegação" aria-label="Menu de navegação">
              <SidebarContent onNavigate={() => setDrawerOpen(false)} />
            </SheetContent>
          </Sheet>
          <Brand to={paths.dashboard} className="text-sm" />
        </header>

        <main
          id="conteudo"
          tabIndex={-1}
          className="min-w-0 flex-1 outline-none px-4 pt-6 pb-24 sm:px-6 md:px-8 md:pt-8"
        >
          <ProtectedRoute>
            <Outlet />
          </ProtectedRoute>
        </main>
      </div>
    </div>
  );
}
