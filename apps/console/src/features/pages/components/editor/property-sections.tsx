/** The editor's sections about the property itself: values, features, address, description, contact. */
import { BRAZILIAN_STATES } from '@vitrine/contracts';
import { Controller, useWatch } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { EDITOR_SECTIONS } from '../../page-checklist';
import { numberOrNull } from '../../page-form';
import { EditorSection } from '../editor-section';
import { FeaturesInput } from '../features-input';
import { DescriptionField, MoneyField, NumberField, TextField } from './form-fields';
import { useEditorForm } from './use-editor-form';

export function ValuesSection() {
  const { control } = useEditorForm();
  const purpose = useWatch({ control, name: 'purpose' });
  return (
    <EditorSection
      id={EDITOR_SECTIONS.values}
      title="Valores"
      description="Em reais. Sem preço, a página mostra “Consulte”."
      contentClassName="grid gap-4 sm:grid-cols-3"
    >
      <MoneyField name="price_cents" label={purpose === 'rent' ? 'Aluguel (mensal)' : 'Preço de venda'} />
      <MoneyField name="condo_fee_cents" label="Condomínio (mensal)" />
      <MoneyField name="iptu_cents" label="IPTU" />
    </EditorSection>
  );
}

export function FeaturesSection() {
  const { control, formState } = useEditorForm();
  const errors = formState.errors;
  return (
    <EditorSection id={EDITOR_SECTIONS.features} title="Características" contentClassName="grid gap-4">
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-5">
        <NumberField name="area_m2" label="Área (m²)" />
        <NumberField name="bedrooms" label="Quartos" />
        <NumberField name="suites" label="Suítes" />
        <NumberField name="bathrooms" label="Banheiros" />
        <NumberField name="parking_spaces" label="Vagas" />
      </div>
      <Controller
        control={control}
        name="features"
        render={({ field, fieldState }) => (
          <FormField
            label="Diferenciais"
            error={
              fieldState.error?.message ??
              (Array.isArray(errors.features) ? errors.features.find(Boolean)?.message : undefined)
            }
            hint="Pressione Enter ou vírgula para adicionar."
          >
            <FeaturesInput value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} />
          </FormField>
        )}
      />
    </EditorSection>
  );
}

export function AddressSection() {
  const { register, formState } = useEditorForm();
  const errors = formState.errors;
  return (
    <EditorSection
      id={EDITOR_SECTIONS.address}
      title="Endereço"
      description="Bairro e cidade aparecem na página; o mapa usa o endereço ou as coordenadas."
      contentClassName="grid gap-4 sm:grid-cols-6"
    >
      <TextField
        name="zip_code"
        label="CEP"
        className="sm:col-span-2"
        inputMode="numeric"
        autoComplete="postal-code"
        placeholder="00000-000"
        maxLength={9}
      />
      <TextField
        name="address"
        label="Endereço"
        className="sm:col-span-4"
        autoComplete="street-address"
        placeholder="Rua, número e complemento"
      />
      <TextField name="neighborhood" label="Bairro" className="sm:col-span-2" />
      <TextField name="city" label="Cidade" className="sm:col-span-3" autoComplete="address-level2" />
      <FormField label="UF" error={errors.state?.message} className="sm:col-span-1">
        <NativeSelect {...register('state')}>
          <option value="">UF</option>
          {BRAZILIAN_STATES.map((uf) => (
            <option key={uf} value={uf}>
              {uf}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Latitude" error={errors.latitude?.message} className="sm:col-span-3">
        <Input
          inputMode="decimal"
          placeholder="-23,5632"
          {...register('latitude', { setValueAs: numberOrNull })}
        />
      </FormField>
      <FormField label="Longitude" error={errors.longitude?.message} className="sm:col-span-3">
        <Input
          inputMode="decimal"
          placeholder="-46,6841"
          {...register('longitude', { setValueAs: numberOrNull })}
        />
      </FormField>
    </EditorSection>
  );
}

export function DescriptionSection() {
  return (
    <EditorSection id={EDITOR_SECTIONS.description} title="Descrição">
      <DescriptionField />
    </EditorSection>
  );
}

export function ContactSection() {
  return (
    <EditorSection
      id={EDITOR_SECTIONS.contact}
      title="Contato"
      description="Para onde vão os cliques no botão de WhatsApp da página."
      contentClassName="grid gap-4 sm:grid-cols-2"
    >
      <TextField
        name="whatsapp"
        label="WhatsApp"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="(11) 98888-7777"
      />
      <TextField
        name="call_to_action"
        label="Texto do botão do formulário"
        placeholder="Quero mais informações"
        maxLength={60}
      />
    </EditorSection>
  );
}
