import { Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@vitrine/contracts/paths';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/states';

/** The empty state of an agency screen when no agency is selected: the way to pick or create one. */
export function NoAgencySelected({ purpose }: { purpose: string }) {
  return (
    <EmptyState
      icon={Building2}
      title="Nenhuma imobiliária selecionada"
      description={`Escolha uma das suas imobiliárias, ou crie uma, para ${purpose}.`}
      action={
        <Button asChild>
          <Link to={paths.accounts}>Minhas contas</Link>
        </Button>
      }
    />
  );
}
