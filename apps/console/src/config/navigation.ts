import { paths } from '@vitrine/contracts/paths';
import {
  ChartColumn,
  Inbox,
  LayoutDashboard,
  MailPlus,
  Megaphone,
  PanelsTopLeft,
  Plug,
  Radio,
  ShieldCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Owners and admins only (docs/product.md#roles): hidden from agents. */
  managerOnly?: boolean;
}

/** Sidebar entries, in order (docs/product.md#dashboard-shell). */
export const SIDEBAR_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: paths.dashboard, icon: LayoutDashboard },
  { label: 'Leads', to: paths.leads, icon: Inbox },
  { label: 'Páginas', to: paths.pages, icon: PanelsTopLeft },
  { label: 'Analytics', to: paths.analytics, icon: ChartColumn },
  { label: 'Origens de leads', to: paths.leadSources, icon: MailPlus, managerOnly: true },
  { label: 'Integrações', to: paths.integrations, icon: Plug, managerOnly: true },
  { label: 'Portais e anúncios', to: paths.feeds, icon: Radio, managerOnly: true },
  { label: 'Conversões', to: paths.conversions, icon: Megaphone, managerOnly: true },
  { label: 'Usuários', to: paths.users, icon: Users, managerOnly: true },
  { label: 'Privacidade', to: paths.privacy, icon: ShieldCheck, managerOnly: true },
];
