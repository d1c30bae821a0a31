import type { Page, PageStatus } from '@vitrine/contracts';
import { CheckCircle2, EyeOff, MoreHorizontal, Rocket, RotateCcw, Trash2, Undo2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { SavingStatus } from './use-save-page';

/**
 * The header's actions: publish, unpublish (after confirming), back on the market, sold/rented and
 * delete (after confirming), as the page's saved status allows.
 */
export function StatusActions({
  page,
  purpose,
  busy,
  savingStatus,
  onSave,
  onUnpublish,
  onDelete,
}: {
  page: Page;
  /** The purpose in the form: a rental is marked rented, a sale sold. */
  purpose: Page['purpose'];
  busy: boolean;
  savingStatus: SavingStatus;
  onSave: (status: PageStatus) => void;
  onUnpublish: () => void;
  onDelete: () => void;
}) {
  const closedStatus: PageStatus = purpose === 'rent' ? 'rented' : 'sold';
  const markClosed = (
    <DropdownMenuItem disabled={busy} onSelect={() => onSave(closedStatus)}>
      <CheckCircle2 aria-hidden="true" />
      {closedStatus === 'sold' ? 'Marcar como vendido' : 'Marcar como alugado'}
    </DropdownMenuItem>
  );
  return (
    <>
      {page.status === 'draft' && (
        <Button disabled={busy} onClick={() => onSave('published')}>
          <Rocket aria-hidden="true" />
          {savingStatus === 'published' ? 'Publicando...' : 'Publicar'}
        </Button>
      )}
      {page.status === 'published' && (
        <Button variant="outline" disabled={busy} onClick={onUnpublish}>
          <EyeOff aria-hidden="true" />
          {savingStatus === 'draft' ? 'Despublicando...' : 'Despublicar'}
        </Button>
      )}
      {(page.status === 'sold' || page.status === 'rented') && (
        <Button disabled={busy} onClick={() => onSave('published')}>
          <RotateCcw aria-hidden="true" /> Voltar a anunciar
        </Button>
      )}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="icon" aria-label="Mais ações da página">
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {(page.status === 'published' || page.status === 'draft') && markClosed}
          {(page.status === 'sold' || page.status === 'rented') && (
            <DropdownMenuItem disabled={busy} onSelect={() => onSave('draft')}>
              <Undo2 aria-hidden="true" /> Voltar para rascunho
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem
            className="text-destructive data-[highlighted]:text-destructive"
            onSelect={onDelete}
          >
            <Trash2 aria-hidden="true" className="!text-destructive" /> Excluir página
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
