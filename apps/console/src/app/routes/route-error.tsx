import { RotateCw } from 'lucide-react';
import { useRouteError } from 'react-router';

/** Shown when a screen fails to load or crashes (e.g. a new deploy removed an old chunk). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-xl font-semibold">Algo deu errado ao abrir esta tela</h1>
      <p className="text-sm text-muted-foreground">
        Recarregue a página. Se o problema continuar, fale com o suporte pelo e-mail ou WhatsApp do botão de
        ajuda.
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="inline-flex h-9 items-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
      >
        <RotateCw className="size-4" aria-hidden="true" /> Recarregar
      </button>
    </main>
  );
}
