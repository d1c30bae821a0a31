import { ShieldOff } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@vitrine/contracts/paths';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/states';

/** What an agent (corretor) finds on a screen only owners and admins use (docs/product.md#roles). */
export function ManagerOnly({ what }: { what: string }) {
  return (
    <EmptyState
      icon={ShieldOff}
      title="Acesso restrito"
      description={`${what} é exclusivo de proprietários e administradores da imobiliária.`}
      action={
        <Button asChild variant="outline">
          <Link to={paths.dashboard}>Voltar ao Dashboard</Link>
        </Button>
      }
    />
  );
}
