/**
 * An ordered list of a page's media (the editor's photos, its videos), dragged with the pointer or
 * moved with the keyboard through a handle on each item, with what happens said to screen readers
 * in Portuguese. `layout: 'grid'` moves cards in two directions (photos); `'list'` moves rows up and
 * down (videos).
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { GripVertical, Trash2 } from 'lucide-react';
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { cn } from '@/lib/utils';

export type MediaLayout = 'grid' | 'list';

/** How the items are named to screen readers: "Foto", feminine; "Vídeo", masculine. */
export interface MediaNoun {
  /** "Foto" */
  name: string;
  /** "uma foto" */
  indefinite: string;
  feminine: boolean;
  /** Said after a move to the first place (" Agora ela é a capa."), and in the instructions. */
  first?: { moved: string; instructions: string };
}

/** What screen readers hear while an item moves (exported for its test). */
export function mediaAnnouncements(ids: readonly string[], noun: MediaNoun): Announcements {
  const n = ids.length;
  const at = (id: string | number) => ids.indexOf(String(id)) + 1;
  const a = noun.feminine ? 'a' : 'o';
  return {
    onDragStart: ({ active }) => `${noun.name} ${at(active.id)} de ${n} selecionad${a} para mover.`,
    onDragOver: ({ active, over }) =>
      over ? `${noun.name} ${at(active.id)} sobre a posição ${at(over.id)} de ${n}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${noun.name} ${at(active.id)} movid${a} para a posição ${at(over.id)} de ${n}.${at(over.id) === 1 ? (noun.first?.moved ?? '') : ''}`
        : `${noun.name} solt${a} fora da lista; a ordem não mudou.`,
    onDragCancel: () => 'Movimento cancelado; a ordem não mudou.',
  };
}

export function SortableMediaList<T extends { id: string }>({
  items,
  noun,
  layout,
  label,
  className,
  onMove,
  children,
}: {
  items: readonly T[];
  noun: MediaNoun;
  layout: MediaLayout;
  /** The list's accessible name. */
  label: string;
  className: string;
  /** The dragged item dropped on `overId` (null: outside the list). */
  onMove: (activeId: string, overId: string | null) => void;
  children: (item: T, index: number) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => item.id);
  const onDragEnd = ({ active, over }: DragEndEvent) =>
    onMove(String(active.id), over ? String(over.id) : null);
  const instructions = `Para mover ${noun.indefinite}, pressione espaço ou Enter, use as setas para escolher a nova posição e pressione espaço ou Enter de novo. Escape cancela.${noun.first?.instructions ?? ''}`;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: mediaAnnouncements(ids, noun),
        screenReaderInstructions: { draggable: instructions },
      }}
    >
      <SortableContext
        items={ids}
        strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}
      >
        <ol aria-label={label} className={className}>
          {items.map((item, index) => children(item, index))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

/** What the item's drag handle spreads on itself (DragHandle does). */
export type HandleProps = ButtonHTMLAttributes<HTMLButtonElement> & { ref: Ref<HTMLButtonElement> };

/** One item of a SortableMediaList: the <li> that moves, its handle given to `children`. */
export function SortableMediaItem({
  id,
  layout,
  className,
  children,
  ...rest
}: {
  id: string;
  layout: MediaLayout;
  className: string;
  children: (handle: HandleProps) => ReactNode;
  'data-testid'?: string;
  'data-status'?: string;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const style = {
    transform: !transform
      ? undefined
      : layout === 'grid'
        ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0) scaleX(${transform.scaleX}) scaleY(${transform.scaleY})`
        : `translate3d(0, ${Math.round(transform.y)}px, 0)`,
    transition,
  };
  return (
    <li
      ref={setNodeRef}
      style={style}
      {...rest}
      className={cn(className, isDragging && 'z-10 opacity-80 shadow-lg ring-2 ring-primary')}
    >
      {children({ ref: setActivatorNodeRef, ...attributes, ...listeners })}
    </li>
  );
}

/** The grip that moves an item: dragged, or focused and moved with space/Enter and the arrows. */
export function DragHandle({
  handle,
  label,
  className,
}: {
  handle: HandleProps;
  /** "Mover Foto 2 de 5" */
  label: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      {...handle}
      aria-label={label}
      className={cn(
        'inline-flex size-8 cursor-grab touch-none items-center justify-center rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none active:cursor-grabbing',
        className,
      )}
    >
      <GripVertical className="size-4" aria-hidden="true" />
    </button>
  );
}

/** The bin of an item, confirmed in a dialog. */
export function DeleteMediaButton({
  label,
  title,
  description,
  confirmLabel,
  onConfirm,
  className,
}: {
  /** "Excluir foto 2 de 5" */
  label: string;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  className?: string;
}) {
  return (
    <ConfirmDialog
      trigger={
        <Button
          size="sm"
          variant="ghost"
          className={cn('px-2 text-destructive hover:text-destructive', className)}
          aria-label={label}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      destructive
      onConfirm={onConfirm}
    />
  );
}
