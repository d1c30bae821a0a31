import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@vitrine/contracts/paths';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/states';

/** Honest placeholder for screens that are not built yet: what will be here, and a way back. */
export function UnderConstruction({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <EmptyState
      icon={Construction}
      title="Em construção"
      description={children}
      action={
        action ?? (
          <Button variant="outline" asChild>
            <Link to={paths.dashboard}>Voltar para o Dashboard</Link>
          </Button>
        )
      }
    />
  );
}
