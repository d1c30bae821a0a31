import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { centsToReais, reaisToCents, sanitizeReaisInput } from '../money';

interface MoneyInputProps extends Omit<
  ComponentProps<'input'>,
  'value' | 'onChange' | 'type' | 'defaultValue'
> {
  /** Integer cents; null for none; NaN while the text is not a number. */
  value: number | null | undefined;
  onValueChange: (cents: number | null) => void;
}

/**
 * Reais typed the Brazilian way ("850.000,00") for a field stored in cents. The text is the user's
 * while they type and is rewritten in the canonical form when they leave the field. Text that is not
 * a number reports NaN, which the form refuses with a message.
 */
export function MoneyInput({ value, onValueChange, className, onBlur, onFocus, ...props }: MoneyInputProps) {
  const [text, setText] = useState(() => centsToReais(value));
  const focused = useRef(false);
  const reported = useRef<number | null | undefined>(value);

  // Follows changes from outside (reset after saving, discard) when they are not ours.
  useEffect(() => {
    if (Object.is(value, reported.current)) return;
    reported.current = value;
    if (!focused.current) setText(centsToReais(value));
  }, [value]);

  const report = (next: string) => {
    const cents = reaisToCents(next);
    const out = cents === undefined ? Number.NaN : cents;
    reported.current = out;
    onValueChange(out);
  };

  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
      >
        R$
      </span>
      <Input
        {...props}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={props.placeholder ?? '0,00'}
        maxLength={22}
        value={text}
        className={cn('pl-10 tabular-nums', className)}
        onFocus={(e) => {
          focused.current = true;
          onFocus?.(e);
        }}
        onChange={(e) => {
          const next = sanitizeReaisInput(e.target.value);
          setText(next);
          report(next);
        }}
        onBlur={(e) => {
          focused.current = false;
          const cents = reaisToCents(text);
          if (cents !== undefined) setText(centsToReais(cents));
          onBlur?.(e);
        }}
      />
    </div>
  );
}
