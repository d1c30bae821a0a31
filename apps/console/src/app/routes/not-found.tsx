import { MapPinOff } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/states';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('Página não encontrada');
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl items-center px-4">
      <EmptyState
        className="w-full"
        icon={MapPinOff}
        title="Página não encontrada"
        description="O endereço pode ter mudado ou sido digitado errado."
        action={
          <Button asChild>
            <Link to="/">Ir para o início</Link>
          </Button>
        }
      />
    </main>
  );
}
