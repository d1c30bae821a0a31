import { isManagerRole } from '@vitrine/contracts';
import { ROLE_LABELS } from '@vitrine/contracts/constants';
import { paths } from '@vitrine/contracts/paths';
import {
  Building2,
  ChevronsUpDown,
  CreditCard,
  EllipsisVertical,
  LogOut,
  Settings,
  Store,
} from 'lucide-react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Brand } from '@/components/brand';
import { AccountLogo } from '@/components/ui/account-logo';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { SIDEBAR_ITEMS } from '@/config/navigation';
import { useAuth } from '@/features/auth';
import { cn } from '@/lib/utils';
import { SIGN_OUT_STATE } from './sign-out';

/** What the sidebar and the mobile drawer both show. `onNavigate` closes the drawer. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { selectedRealEstate } = useAuth();
  // An agent (corretor) does not see what the server refuses them (docs/product.md#roles).
  const items = SIDEBAR_ITEMS.filter(
    (item) => !item.managerOnly || !selectedRealEstate || isManagerRole(selectedRealEstate.role),
  );
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex h-14 items-center px-4 md:h-16">
        <Brand to={paths.dashboard} />
      </div>
      <nav aria-label="Principal" className="flex-1 overflow-y-auto px-3 py-2">
        <ul className="grid gap-1">
          {items.map(({ label, to, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    // Tighter on short screens (a 1366 × 640 laptop), so every entry fits above the footer.
                    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground [@media(max-height:720px)]:py-1.5',
                    isActive && 'bg-primary/10 text-primary hover:bg-primary/15 hover:text-primary',
                  )
                }
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <SidebarFooter onNavigate={onNavigate} />
    </div>
  );
}

function SidebarFooter({ onNavigate }: { onNavigate?: () => void }) {
  const { user, isLoading, selectedRealEstate } = useAuth();

  if (isLoading) {
    return (
      <div className="border-t p-4 text-sm text-muted-foreground" role="status">
        Loading...
      </div>
    );
  }
  if (!user) return null;
  const manager = !selectedRealEstate || isManagerRole(selectedRealEstate.role);

  return (
    // pb-16 / pl: room in the bottom-left corner for the floating help button (root-layout.tsx).
    <div className="grid gap-2 border-t p-3 md:pb-16">
      <AccountSwitcher />
      <div className="flex items-center gap-1">
        <Link
          // Configurações is for owners and admins; an agent's account name opens their agencies.
          to={manager ? paths.preferences : paths.accounts}
          onClick={onNavigate}
          data-testid="sidebar-account"
          className="flex min-w-0 flex-1 items-center gap-3 rounded-md p-2 hover:bg-accent"
        >
          <AccountLogo name={selectedRealEstate?.name} logoUrl={selectedRealEstate?.logo_url} />
          <span className="grid min-w-0 leading-tight">
            <span
              className="line-clamp-2 text-sm font-semibold break-words"
              data-testid="sidebar-account-name"
            >
              {selectedRealEstate?.name || 'Selecionar conta'}
            </span>
            <span className="truncate text-xs text-muted-foreground">{user.email}</span>
          </span>
        </Link>
        <UserMenu onNavigate={onNavigate} />
      </div>
    </div>
  );
}

/** 'Trocar conta': only with more than one real estate (docs/product.md#dashboard-shell). No API call. */
function AccountSwitcher() {
  const { user, selectedRealEstate, selectRealEstate } = useAuth();
  const realEstates = user?.real_estates ?? [];
  if (realEstates.length <= 1) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="flex w-full items-center justify-between gap-2 rounded-md border bg-background px-3 py-2 text-sm font-medium shadow-xs hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[state=open]:bg-accent">
        <span className="inline-flex items-center gap-2">
          <Building2 className="size-4 text-muted-foreground" aria-hidden="true" />
          Trocar conta
        </span>
        <ChevronsUpDown className="size-4 text-muted-foreground" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        side="top"
        align="start"
        className="w-[var(--radix-dropdown-menu-trigger-width)] min-w-60"
      >
        <DropdownMenuLabel>Suas imobiliárias</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={selectedRealEstate ? String(selectedRealEstate.id) : ''}
          onValueChange={(value) => selectRealEstate(Number(value))}
        >
          {realEstates.map((realEstate) => (
            <DropdownMenuRadioItem key={realEstate.id} value={String(realEstate.id)}>
              <AccountLogo name={realEstate.name} logoUrl={realEstate.logo_url} className="size-7" />
              <span className="grid min-w-0 leading-tight">
                <span className="truncate">{realEstate.name}</span>
                <span className="text-xs font-normal text-muted-foreground">
                  {ROLE_LABELS[realEstate.role]}
                </span>
              </span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** User menu; radix closes it on an outside click and on Escape (docs/product.md#dashboard-shell). */
function UserMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { user, selectedRealEstate } = useAuth();
  const manager = !selectedRealEstate || isManagerRole(selectedRealEstate.role);
  const navigate = useNavigate();
  const go = (to: string) => {
    onNavigate?.();
    void navigate(to);
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Menu do usuário"
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <EllipsisVertical className="size-4" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="end" className="w-60">
        <DropdownMenuLabel className="grid leading-tight">
          <span className="truncate text-sm font-semibold text-foreground">{user?.name}</span>
          <span className="truncate font-normal">{user?.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {manager && (
          <DropdownMenuItem onSelect={() => go(paths.preferences)}>
            <Settings aria-hidden="true" /> Configurações
          </DropdownMenuItem>
        )}
        {manager && (
          <DropdownMenuItem onSelect={() => go(paths.account)}>
            <Store aria-hidden="true" /> Conta da imobiliária
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => go(paths.accounts)}>
          <Building2 aria-hidden="true" /> Minhas contas
        </DropdownMenuItem>
        {manager && (
          <DropdownMenuItem onSelect={() => go(paths.subscription)}>
            <CreditCard aria-hidden="true" /> Assinatura
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => {
            // RootLayout signs out once '/' is on screen (see SIGN_OUT_STATE).
            onNavigate?.();
            void navigate(paths.welcome, { state: SIGN_OUT_STATE });
          }}
        >
          <LogOut aria-hidden="true" /> Sair
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
