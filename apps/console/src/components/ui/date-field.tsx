/**
 * A date field that reads dd/mm/aaaa whatever the browser's language (a native date input shows
 * mm/dd/yyyy in an en-US browser) and hands over YYYY-MM-DD, the URL's and the API's format.
 * Typed with a mask (numeric keyboard on phones) or picked on a calendar; an impossible day (31/02)
 * or an unfinished one is refused with a message tied to the field, never sent.
 */
import { CalendarDays } from 'lucide-react';
import { Popover } from 'radix-ui';
import { lazy, Suspense, useId, useState, type ChangeEvent } from 'react';
import { formatIsoDay, maskDay, parseDay, todayKey } from '@/lib/datetime';
import { cn } from '@/lib/utils';
import { Input } from './input';
import { Label } from './label';
import { applyMask } from './masked-input';
import { Spinner } from './spinner';

const DateCalendar = lazy(() => import('./date-calendar'));

export interface DateFieldProps {
  /** The visible label; error messages start with it ("De: …"). */
  label: string;
  /** YYYY-MM-DD, or '' for no date. */
  value: string;
  /** Called with YYYY-MM-DD for a real day, or '' when emptied; never with a partial or impossible day. */
  onChange: (value: string) => void;
  /** YYYY-MM-DD bounds: days outside them cannot be picked on the calendar. */
  min?: string;
  max?: string;
  /** A message from outside (a range check, the server), shown as the field's own. */
  error?: string;
  id?: string;
  name?: string;
  /** On the whole field (label, input, message): give it a width here, the message wraps in it. */
  className?: string;
}

export function DateField({
  label,
  value,
  onChange,
  min,
  max,
  error: outsideError,
  id: idProp,
  name,
  className,
}: DateFieldProps) {
  const autoId = useId();
  const id = idProp ?? autoId;
  const [text, setText] = useState(() => formatIsoDay(value));
  const [ownError, setOwnError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(false);

  // The values handed over and not yet echoed back: the parent may render them late (the URL
  // updates in a transition), so the echo of an earlier keystroke, or of the day just typed, is not a
  // change from outside and must neither wipe the digits typed since nor, on blur, the day itself.
  const [pending, setPending] = useState<readonly string[]>([]);
  // A change from outside (back button, "Limpar filtros", a shared link) that arrived while the
  // person typed: it replaces the text when they leave the field.
  const [outsideWhileTyping, setOutsideWhileTyping] = useState(false);
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    const echo = pending.indexOf(value);
    if (echo >= 0) {
      setPending(pending.slice(echo + 1));
    } else if (focused) {
      setPending([]);
      setOutsideWhileTyping(true);
    } else {
      setPending([]);
      setText(formatIsoDay(value));
      setOwnError(null);
    }
  }

  const commit = (iso: string) => {
    setOwnError(null);
    setOutsideWhileTyping(false);
    if (iso !== value || pending.length > 0) {
      setPending((list) => [...list, iso]);
      onChange(iso);
    }
  };

  const onType = (event: ChangeEvent<HTMLInputElement>) => {
    applyMask(event.target, maskDay);
    const typed = event.target.value;
    setText(typed);
    if (typed === '') return commit('');
    if (typed.length < 10) return setOwnError(null);
    const iso = parseDay(typed);
    if (iso) commit(iso);
    else setOwnError(`${label}: ${typed} não é uma data válida.`);
  };

  const onBlur = () => {
    setFocused(false);
    if (outsideWhileTyping) {
      setOutsideWhileTyping(false);
      setText(formatIsoDay(value));
      setOwnError(null);
    } else if (text !== '' && text.length < 10) {
      setOwnError(`${label}: digite a data completa, no formato dd/mm/aaaa.`);
    }
  };

  const error = ownError ?? outsideError;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="dd/mm/aaaa"
          maxLength={10}
          value={text}
          onChange={onType}
          onFocus={() => setFocused(true)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          className="pr-10 tabular-nums"
        />
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger asChild>
            <button
              type="button"
              aria-label={`Escolher no calendário: ${label}`}
              className="absolute inset-y-0 right-0 inline-flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <CalendarDays className="size-4" aria-hidden="true" />
            </button>
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              align="end"
              sideOffset={6}
              collisionPadding={8}
              aria-label={`Calendário: ${label}`}
              // The calendar focuses the chosen day (or today) itself, for the arrow keys.
              onOpenAutoFocus={(event) => event.preventDefault()}
              className="z-50 rounded-lg border bg-popover p-2 text-popover-foreground shadow-lg data-[state=open]:animate-fade-in"
            >
              <Suspense fallback={<Spinner label="Carregando o calendário..." />}>
                <DateCalendar
                  value={value}
                  today={todayKey()}
                  min={min}
                  max={max}
                  onSelect={(iso) => {
                    setText(formatIsoDay(iso));
                    commit(iso);
                    setOpen(false);
                  }}
                />
              </Suspense>
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      </div>
      <span id={hintId} className="sr-only">
        Formato dia/mês/ano, por exemplo 31/12/2025.
      </span>
      {error && (
        <p id={errorId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
