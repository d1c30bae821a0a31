import { Eye, EyeOff, X } from 'lucide-react';
import { useRef, useState, type ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { Input } from './input';

interface ClearableInputProps extends Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> {
  value: string;
  onValueChange: (value: string) => void;
  /** Accessible name of the clear button, e.g. "Limpar URL do Webhook". */
  clearLabel: string;
  /** Masked, with a show/hide toggle (passwords). */
  secret?: boolean;
  /** Shows the clear button even while the input is empty (a stored value the input does not show). */
  clearable?: boolean;
  /** What the clear button does; by default onValueChange(''). */
  onClear?: () => void;
  type?: 'text' | 'url' | 'email' | 'tel' | 'search';
}

/**
 * A controlled text input with a small clear button while it has content (focus returns to the
 * input after clearing) and, for secrets, a show/hide toggle. Works inside <FormField>.
 */
export function ClearableInput({
  value,
  onValueChange,
  clearLabel,
  secret = false,
  clearable = false,
  onClear,
  type = 'text',
  className,
  disabled,
  ...props
}: ClearableInputProps) {
  const [visible, setVisible] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const showClear = (value !== '' || clearable) && !disabled;
  const buttons = (showClear ? 1 : 0) + (secret ? 1 : 0);
  const iconButton =
    'inline-flex size-7 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&_svg]:size-4';

  return (
    <div className="relative">
      <Input
        ref={inputRef}
        type={secret && !visible ? 'password' : type}
        value={value}
        disabled={disabled}
        onChange={(event) => onValueChange(event.target.value)}
        className={cn(buttons === 2 ? 'pr-16' : buttons === 1 ? 'pr-9' : undefined, className)}
        {...props}
      />
      {buttons > 0 && (
        <div className="absolute inset-y-0 right-1 flex items-center gap-0.5">
          {showClear && (
            <button
              type="button"
              aria-label={clearLabel}
              title={clearLabel}
              className={iconButton}
              onClick={() => {
                if (onClear) onClear();
                else onValueChange('');
                inputRef.current?.focus();
              }}
            >
              <X aria-hidden="true" />
            </button>
          )}
          {secret && (
            <button
              type="button"
              aria-label={visible ? 'Ocultar senha' : 'Mostrar senha'}
              aria-pressed={visible}
              disabled={disabled}
              className={iconButton}
              onClick={() => setVisible((v) => !v)}
            >
              {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
