import { PAGE_LIMITS } from '@vitrine/contracts';
import { Plus, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** Common amenities of Brazilian listings, one click away. */
export const FEATURE_SUGGESTIONS = [
  'Piscina',
  'Churrasqueira',
  'Varanda gourmet',
  'Academia',
  'Portaria 24 horas',
  'Elevador',
  'Playground',
  'Salão de festas',
  'Ar-condicionado',
  'Armários planejados',
  'Mobiliado',
  'Aceita pets',
  'Quintal',
  'Perto do metrô',
] as const;

interface FeaturesInputProps {
  id?: string;
  value: string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * Features as tags: type and press Enter (or a comma) to add, × or Backspace on an empty box to
 * remove, and suggestions to add with a click. Duplicates are ignored, ignoring case.
 */
export function FeaturesInput({ id, value, onChange, onBlur, disabled, ...aria }: FeaturesInputProps) {
  const [text, setText] = useState('');
  const listId = useId();
  const has = (feature: string) => value.some((v) => v.toLowerCase() === feature.toLowerCase());
  const full = value.length >= PAGE_LIMITS.features;

  const add = (raw: string) => {
    const items = raw
      .split(/[,;\n]/)
      .map((s) => s.trim().slice(0, PAGE_LIMITS.feature))
      .filter(Boolean);
    const next = [...value];
    for (const item of items) {
      if (next.length >= PAGE_LIMITS.features) break;
      if (!next.some((v) => v.toLowerCase() === item.toLowerCase())) next.push(item);
    }
    if (next.length !== value.length) onChange(next);
    setText('');
  };

  const remove = (feature: string) => onChange(value.filter((v) => v !== feature));

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      if (text.trim()) add(text);
    } else if (e.key === 'Backspace' && text === '' && value.length > 0) {
      remove(value[value.length - 1]!);
    }
  };

  const suggestions = FEATURE_SUGGESTIONS.filter((s) => !has(s));

  return (
    <div className="grid gap-3">
      {value.length > 0 && (
        <ul id={listId} aria-label="Características adicionadas" className="flex flex-wrap gap-2">
          {value.map((feature) => (
            <li
              key={feature}
              className="inline-flex max-w-full items-center gap-1 rounded-full border bg-accent py-0.5 pr-1 pl-3 text-sm text-accent-foreground"
            >
              <span className="truncate">{feature}</span>
              <button
                type="button"
                disabled={disabled}
                onClick={() => remove(feature)}
                aria-label={`Remover ${feature}`}
                className="inline-flex size-6 items-center justify-center rounded-full hover:bg-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Input
        id={id}
        value={text}
        disabled={disabled || full}
        placeholder={
          full ? `Limite de ${PAGE_LIMITS.features} características` : 'Ex.: Piscina, Churrasqueira'
        }
        maxLength={PAGE_LIMITS.feature * 3}
        onChange={(e) => {
          const next = e.target.value;
          // A pasted "a, b, c" becomes three tags at once.
          if (/[,;\n]/.test(next)) add(next);
          else setText(next);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (text.trim()) add(text);
          onBlur?.();
        }}
        {...aria}
      />
      {suggestions.length > 0 && !full && (
        <div className="flex flex-wrap items-center gap-1.5">
          <span className="text-xs text-muted-foreground">Sugestões:</span>
          {suggestions.slice(0, 8).map((s) => (
            <button
              key={s}
              type="button"
              disabled={disabled}
              onClick={() => add(s)}
              aria-label={`Adicionar ${s}`}
              className={cn(
                'inline-flex items-center gap-1 rounded-full border border-dashed px-2 py-0.5 text-xs text-muted-foreground',
                'hover:border-solid hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              )}
            >
              <Plus className="size-3" aria-hidden="true" />
              {s}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
