/**
 * A text input that reformats what is typed with a mask (CNPJ, CPF, phone, CEP, dd/mm/aaaa), keeping
 * the caret after the same digit. Works with react-hook-form's register: the event reaches its
 * onChange with the masked value already in the field.
 */
import type { ChangeEvent, ComponentProps } from 'react';
import { Input } from './input';

export type Mask = (value: string) => string;

/** Rewrites the field's value with `mask`, the caret staying after the same number of digits. */
export function applyMask(input: HTMLInputElement, mask: Mask): void {
  const raw = input.value;
  const masked = mask(raw);
  if (masked === raw) return;
  const caret = input.selectionStart ?? raw.length;
  const digitsBefore = raw.slice(0, caret).replace(/\D/g, '').length;
  input.value = masked;
  let position = 0;
  for (let seen = 0; position < masked.length && seen < digitsBefore; position++) {
    if (/\d/.test(masked[position]!)) seen++;
  }
  if (input.ownerDocument.activeElement === input) input.setSelectionRange(position, position);
}

export function MaskedInput({ mask, onChange, ...props }: ComponentProps<typeof Input> & { mask: Mask }) {
  return (
    <Input
      autoComplete="off"
      {...props}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        applyMask(event.target, mask);
        onChange?.(event);
      }}
    />
  );
}
