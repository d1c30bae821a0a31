import { SECRET_MASK } from '@vitrine/contracts';
import { useState, type ComponentProps } from 'react';
import { ClearableInput } from '@/components/ui/clearable-input';

/** What a credential field shows while the server keeps a value it does not send back. */
export const STORED_SECRET_PLACEHOLDER = '••••••••  (salvo)';
export const STORED_SECRET_HINT = 'Valor salvo, não exibido por segurança. Digite para trocar; o ✕ remove.';

/** True when the server said it holds a value for this credential (it answers SECRET_MASK). */
export const isStoredSecret = (value: string) => value === SECRET_MASK;

type StoredSecretInputProps = ComponentProps<typeof ClearableInput>;

/**
 * A credential field (docs/webhooks.md, "Credenciais guardadas"). The server answers SECRET_MASK
 * in place of a stored value and keeps that value when the mask comes back, so the form keeps the
 * mask in its state: the input shows it as empty with a "(salvo)" placeholder, and every auto-save
 * sends the mask, never as a new value. Typing replaces the stored value; erasing what was typed
 * goes back to the stored one (a slip of the keyboard does not delete a password); only the ✕
 * button sends '' and removes it.
 */
export function StoredSecretInput({ value, onValueChange, placeholder, ...props }: StoredSecretInputProps) {
  const stored = isStoredSecret(value);
  // Whether the server holds a value to fall back on (until the ✕ removes it).
  const [hasStored, setHasStored] = useState(stored);
  if (stored && !hasStored) setHasStored(true);
  return (
    <ClearableInput
      {...props}
      value={stored ? '' : value}
      placeholder={stored ? STORED_SECRET_PLACEHOLDER : placeholder}
      clearable={stored}
      onValueChange={(next) => onValueChange(next === '' && hasStored ? SECRET_MASK : next)}
      onClear={() => {
        setHasStored(false);
        onValueChange('');
      }}
    />
  );
}
