/** The editor's field kinds, each bound to the form by name (labels, errors, masks, number parsing). */
import { maskCep, maskPhone } from '@vitrine/contracts';
import type { ComponentProps } from 'react';
import { Controller } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MaskedInput, type Mask } from '@/components/ui/masked-input';
import { Textarea } from '@/components/ui/textarea';
import { numberOrNull, type PageFieldName } from '../../page-form';
import { MoneyInput } from '../money-input';
import { useEditorForm } from './use-editor-form';

/** Brazilian masks as typed (the form's initial values come masked from toFormValues). */
const FIELD_MASKS: Partial<Record<PageFieldName, Mask>> = { zip_code: maskCep, whatsapp: maskPhone };
const MONEY_TYPED_WRONG = 'Informe um valor em reais, como 850.000,00.';
export const DESCRIPTION_MAX = 5000;

type FieldProps = { name: PageFieldName; label: string; className?: string } & ComponentProps<typeof Input>;

export function TextField({ name, label, className, ...props }: FieldProps) {
  const { register, formState } = useEditorForm();
  const mask = FIELD_MASKS[name];
  return (
    <FormField label={label} error={formState.errors[name]?.message} className={className}>
      {mask ? (
        <MaskedInput mask={mask} {...props} {...register(name)} />
      ) : (
        <Input {...props} {...register(name)} />
      )}
    </FormField>
  );
}

export function NumberField({ name, label, className, ...props }: FieldProps) {
  const { register, formState } = useEditorForm();
  return (
    <FormField label={label} error={formState.errors[name]?.message} className={className}>
      <Input
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        {...props}
        {...register(name, { setValueAs: numberOrNull })}
      />
    </FormField>
  );
}

export function MoneyField({
  name,
  label,
}: {
  name: 'price_cents' | 'condo_fee_cents' | 'iptu_cents';
  label: string;
}) {
  const { control } = useEditorForm();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField
          label={label}
          error={
            fieldState.error
              ? typeof field.value === 'number' && Number.isNaN(field.value)
                ? MONEY_TYPED_WRONG
                : fieldState.error.message
              : undefined
          }
        >
          <MoneyInput
            ref={field.ref}
            name={field.name}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
          />
        </FormField>
      )}
    />
  );
}

export function DescriptionField() {
  const { control } = useEditorForm();
  return (
    <Controller
      control={control}
      name="description"
      render={({ field, fieldState }) => {
        const length = (field.value ?? '').length;
        return (
          <FormField
            label="Sobre o imóvel"
            error={fieldState.error?.message}
            hint={
              <span className={length > DESCRIPTION_MAX ? 'text-destructive' : undefined}>
                {length.toLocaleString('pt-BR')}/{DESCRIPTION_MAX.toLocaleString('pt-BR')} caracteres ·
                parágrafos separados por uma linha em branco
              </span>
            }
          >
            <Textarea
              ref={field.ref}
              name={field.name}
              rows={8}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder="O que o imóvel tem de especial: reforma, vista, lazer do condomínio, transporte perto..."
            />
          </FormField>
        );
      }}
    />
  );
}
