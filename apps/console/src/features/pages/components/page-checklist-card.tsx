import { Check, Circle } from 'lucide-react';
import { useId } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import { checklistScore, EDITOR_SECTIONS, type ChecklistItem } from '../page-checklist';

/** Focuses a section of the editor (its heading is focusable) and scrolls it into view. */
export function goToSection(id: string) {
  const el = document.getElementById(id);
  if (!el) return;
  el.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  el.focus({ preventScroll: true });
}

/**
 * How complete the page is, compact enough to sit above the form on a phone: one pill per item,
 * each a button to the section that fixes it. Guidance only: publishing needs just a title.
 */
export function PageChecklistCard({ items }: { items: readonly ChecklistItem[] }) {
  const score = checklistScore(items);
  const missing = items.filter((i) => !i.done).length;
  const titleId = useId();
  return (
    <Card>
      <CardContent className="grid gap-3 p-4 sm:p-5">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id={titleId} className="text-base font-semibold">
            Checklist da página
          </h2>
          <span className="text-sm font-semibold tabular-nums">{score}% completa</span>
        </div>
        <Progress value={score} label="Página completa" tone={score === 100 ? 'green' : 'brand'} />
        <p className="text-sm text-muted-foreground">
          {missing === 0
            ? 'Tudo pronto: a página tem o que os visitantes procuram.'
            : `Só o título é obrigatório para publicar. Para vender melhor, ${missing === 1 ? 'falta 1 item' : `faltam ${missing} itens`}:`}
        </p>
        <ul aria-labelledby={titleId} className="flex flex-wrap gap-2">
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                title={item.done ? undefined : item.hint}
                onClick={() => goToSection(EDITOR_SECTIONS[item.section])}
                className={cn(
                  'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  item.done
                    ? 'border-emerald-200 bg-emerald-50 text-emerald-800 hover:bg-emerald-100'
                    : 'border-dashed border-input bg-background text-foreground hover:border-solid hover:bg-accent',
                )}
              >
                {item.done ? (
                  <Check className="size-3.5" aria-hidden="true" />
                ) : (
                  <Circle className="size-3.5 text-muted-foreground" aria-hidden="true" />
                )}
                {item.label}
                <span className="sr-only">{item.done ? ' (feito)' : ` (pendente: ${item.hint})`}</span>
              </button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
