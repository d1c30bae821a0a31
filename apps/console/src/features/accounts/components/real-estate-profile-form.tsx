import { zodResolver } from '@hookform/resolvers/zod';
import {
  BRAZILIAN_STATES,
  maskCep,
  maskCnpj,
  maskPhone,
  realEstateProfileFields,
  type RealEstate,
} from '@vitrine/contracts';
import { Save } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MaskedInput, type Mask } from '@/components/ui/masked-input';
import { applyServerErrors, getValidationErrors } from '@/lib/api-errors';
import { submitHandler } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useUpdateRealEstate } from '../api/update-real-estate';
import { LogoField } from './logo-field';

const profileSchema = realEstateProfileFields.omit({ remove_logo: true });
type ProfileInput = z.input<typeof profileSchema>;
type ProfileOutput = z.output<typeof profileSchema>;
type FieldName = keyof ProfileInput;

const FIELD_NAMES = [
  'name',
  'cnpj',
  'creci',
  'phone',
  'whatsapp',
  'email',
  'website',
  'zip_code',
  'address',
  'neighborhood',
  'city',
  'state',
] as const satisfies readonly FieldName[];

/** Masks of the Brazilian fields: as typed, and on the stored values shown in the form. */
const MASKS: Partial<Record<FieldName, Mask>> = {
  cnpj: maskCnpj,
  phone: maskPhone,
  whatsapp: maskPhone,
  zip_code: maskCep,
};

function toFormValues(realEstate: RealEstate): ProfileInput {
  return Object.fromEntries(
    FIELD_NAMES.map((key) => {
      const value = realEstate[key] ?? '';
      const mask = MASKS[key];
      return [key, mask && value ? mask(value) : value];
    }),
  ) as ProfileInput;
}

interface Props {
  realEstate: RealEstate;
  readOnly: boolean;
  /** Called after a successful save (the shell's logo and name come from the user object). */
  onSaved: (realEstate: RealEstate) => void;
}

/** Agency profile (/conta): react-hook-form with the contract's schema, sent as multipart. */
export function RealEstateProfileForm({ realEstate, readOnly, onSaved }: Props) {
  const mutation = useUpdateRealEstate();
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const { register, handleSubmit, setError, reset, formState } = useForm<
    ProfileInput,
    unknown,
    ProfileOutput
  >({
    resolver: zodResolver(profileSchema),
    defaultValues: toFormValues(realEstate),
  });
  const errors = formState.errors;
  const logoChanged = logoFile !== null || removeLogo;

  const onSubmit = handleSubmit(async (fields) => {
    setFormError(null);
    try {
      const saved = await mutation.mutateAsync({ id: realEstate.id, fields, logo: logoFile, removeLogo });
      reset(toFormValues(saved));
      setLogoFile(null);
      setRemoveLogo(false);
      setLogoError(null);
      onSaved(saved);
      toast({
        variant: 'success',
        title: 'Perfil atualizado!',
        description: 'As informações da imobiliária foram salvas.',
      });
    } catch (error) {
      const logoMessage = getValidationErrors(error)?.logo?.[0];
      if (logoMessage) setLogoError(logoMessage);
      const rest = applyServerErrors(error, setError, [...FIELD_NAMES, 'logo' as FieldName]);
      setFormError(rest);
      toast({
        variant: 'danger',
        title: 'Erro ao salvar o perfil',
        description: rest ?? 'Revise os campos destacados.',
      });
    }
  });

  const text = (
    name: FieldName,
    label: string,
    props: ComponentProps<typeof Input> = {},
    className?: string,
  ) => (
    <FormField label={label} error={errors[name]?.message} className={className}>
      {MASKS[name] ? (
        <MaskedInput mask={MASKS[name]} {...props} {...register(name)} />
      ) : (
        <Input {...props} {...register(name)} />
      )}
    </FormField>
  );

  return (
    <form onSubmit={submitHandler(onSubmit)} noValidate className="grid gap-6">
      {readOnly && (
        <Alert variant="info">
          Você está vendo o perfil como <strong>Corretor</strong>. Somente proprietários e administradores
          podem editar estas informações.
        </Alert>
      )}
      {formError && <Alert variant="danger">{formError}</Alert>}
      <fieldset disabled={readOnly || formState.isSubmitting} className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Identidade</CardTitle>
            <CardDescription>Nome e logo aparecem no painel e nas landing pages dos imóveis.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <LogoField
              name={realEstate.name}
              currentUrl={realEstate.logo_url}
              file={logoFile}
              removed={removeLogo}
              error={logoError}
              disabled={readOnly}
              onFileChange={(file, problem) => {
                setLogoError(problem);
                if (file) {
                  setLogoFile(file);
                  setRemoveLogo(false);
                }
              }}
              onRemove={() => {
                setLogoFile(null);
                setRemoveLogo(realEstate.logo_url !== null);
                setLogoError(null);
              }}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              {text('name', 'Nome da imobiliária', { autoComplete: 'organization' }, 'sm:col-span-2')}
              {text('cnpj', 'CNPJ', {
                inputMode: 'numeric',
                placeholder: '00.000.000/0000-00',
                maxLength: 18,
              })}
              {text('creci', 'CRECI', { placeholder: 'Ex.: 12345-J' })}
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Contato</CardTitle>
            <CardDescription>
              Para onde os visitantes das suas páginas podem falar com a imobiliária.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {text('phone', 'Telefone', {
              type: 'tel',
              inputMode: 'tel',
              autoComplete: 'tel',
              placeholder: '(11) 3333-4444',
            })}
            {text('whatsapp', 'WhatsApp', {
              type: 'tel',
              inputMode: 'tel',
              placeholder: '(11) 98765-4321',
            })}
            {text('email', 'E-mail', { type: 'email', inputMode: 'email', autoComplete: 'email' })}
            {text('website', 'Site', {
              type: 'url',
              inputMode: 'url',
              placeholder: 'https://www.suaimobiliaria.com.br',
            })}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Endereço</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-6">
            {text(
              'zip_code',
              'CEP',
              { inputMode: 'numeric', autoComplete: 'postal-code', placeholder: '00000-000', maxLength: 9 },
              'sm:col-span-2',
            )}
            {text('address', 'Endereço', { autoComplete: 'street-address' }, 'sm:col-span-4')}
            {text('neighborhood', 'Bairro', {}, 'sm:col-span-2')}
            {text('city', 'Cidade', { autoComplete: 'address-level2' }, 'sm:col-span-3')}
            <FormField label="Estado" error={errors.state?.message} className="sm:col-span-1">
              <select
                className="flex h-9 w-full rounded-md border border-input bg-background px-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-invalid:border-destructive md:text-sm"
                {...register('state')}
              >
                <option value="">UF</option>
                {BRAZILIAN_STATES.map((uf) => (
                  <option key={uf} value={uf}>
                    {uf}
                  </option>
                ))}
              </select>
            </FormField>
          </CardContent>
          {!readOnly && (
            <CardFooter className="justify-end">
              <Button type="submit" disabled={formState.isSubmitting || (!formState.isDirty && !logoChanged)}>
                <Save aria-hidden="true" />
                {formState.isSubmitting ? 'Salvando...' : 'Salvar alterações'}
              </Button>
            </CardFooter>
          )}
        </Card>
      </fieldset>
    </form>
  );
}
