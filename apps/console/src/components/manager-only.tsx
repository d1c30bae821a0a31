import type { RealEstateSummary } from '@vitrine/contracts';
import { isManagerRole } from '@vitrine/contracts';
import { paths } from '@vitrine/contracts/paths';
import { Lock } from 'lucide-react';
import { Fragment, type ReactElement, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageLayout, type PageLayoutProps } from '@/components/layouts/page-layout';
import { NoAgencySelected } from '@/components/no-agency-selected';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/states';
import { useAuth } from '@/features/auth';

/**
 * What an agent (corretor) finds on a screen only owners and admins use (docs/product.md#roles), also when
 * the API answers 403. `reason` is one sentence saying why the screen is theirs.
 */
export function ManagerOnly({ reason }: { reason: string }) {
  return (
    <EmptyState
      icon={Lock}
      title="Somente proprietários e administradores"
      description={`${reason} Peça a um deles se precisar de uma mudança.`}
      action={
        <Button asChild variant="outline">
          <Link to={paths.dashboard}>Voltar ao Dashboard</Link>
        </Button>
      }
    />
  );
}

/** The copy of the two states before an agency screen for managers can show anything. */
export interface ManagerGateCopy {
  /** Ends "Escolha uma das suas imobiliárias, ou crie uma, para …". */
  purpose: string;
  /** Why only owners and admins use the screen (one sentence). */
  reason: string;
}

export type ManagerAgency = { agency: RealEstateSummary; gate: null } | { agency: null; gate: ReactElement };

/**
 * The selected agency when the user manages it; otherwise the state to show instead: no agency selected,
 * or the screen is for owners and admins (agents get 403 from its API, so nothing is requested).
 */
export function useManagerAgency({ purpose, reason }: ManagerGateCopy): ManagerAgency {
  const { selectedRealEstate } = useAuth();
  if (!selectedRealEstate) return { agency: null, gate: <NoAgencySelected purpose={purpose} /> };
  if (!isManagerRole(selectedRealEstate.role)) return { agency: null, gate: <ManagerOnly reason={reason} /> };
  return { agency: selectedRealEstate, gate: null };
}

/**
 * The shell of an agency screen for owners and admins: the page header, then the gate of
 * useManagerAgency or the screen's content. The content is keyed by the agency: switching agencies
 * starts from that agency's data.
 */
export function ManagerAgencyScreen({
  purpose,
  reason,
  actions,
  children,
  ...layout
}: Omit<PageLayoutProps, 'actions' | 'children'> &
  ManagerGateCopy & {
    actions?: (agency: RealEstateSummary) => ReactNode;
    children: (agency: RealEstateSummary) => ReactNode;
  }) {
  const { agency, gate } = useManagerAgency({ purpose, reason });
  return (
    <PageLayout {...layout} actions={agency && actions ? actions(agency) : undefined}>
      {agency ? <Fragment key={agency.id}>{children(agency)}</Fragment> : gate}
    </PageLayout>
  );
}
