import { slugify } from '@vitrine/contracts';
import { landingPath } from '@vitrine/contracts/paths';
import { Check, Copy, ExternalLink, Wand2 } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { PageFormInput, PageFormOutput } from '../page-form';
import { CharCounter, SEO_DESCRIPTION_VISIBLE, SEO_TITLE_VISIBLE, SeoPreview } from './seo-preview';

const SEO_TITLE_MAX = 120;
const SEO_DESCRIPTION_MAX = 320;

/** What the landing uses when the SEO fields are empty (render-landing.ts), roughly. */
function fallbackTitle(v: Pick<PageFormInput, 'title' | 'neighborhood' | 'city' | 'state'>) {
  const where = [v.neighborhood, [v.city, v.state].filter(Boolean).join('/')].filter(Boolean).join(', ');
  return `${v.title}${where ? ` - ${where}` : ''}`;
}

/**
 * SEO title and description with counters and a Google-style preview, and the page's address (slug)
 * with its public URL. Changing the slug of a published page breaks links already shared.
 */
export function SeoFields({ publicUrl, isPublic }: { publicUrl: string; isPublic: boolean }) {
  const { register, control, setValue, formState, getFieldState } = useFormContext<
    PageFormInput,
    unknown,
    PageFormOutput
  >();
  const [seoTitle, seoDescription, title, description, slug, neighborhood, city, state] = useWatch({
    control,
    name: ['seo_title', 'seo_description', 'title', 'description', 'slug', 'neighborhood', 'city', 'state'],
  });
  const [copied, setCopied] = useState(false);
  const errors = formState.errors;
  const origin = (() => {
    try {
      return new URL(publicUrl).origin;
    } catch {
      return window.location.origin;
    }
  })();
  const url = `${origin}${landingPath(slug || '')}`;
  const slugChanged = getFieldState('slug', formState).isDirty;

  return (
    <div className="grid grid-cols-1 gap-5">
      <FormField
        label="Título para buscadores"
        error={errors.seo_title?.message}
        hint={
          <CharCounter length={(seoTitle ?? '').length} visible={SEO_TITLE_VISIBLE} max={SEO_TITLE_MAX} />
        }
      >
        <Input
          maxLength={SEO_TITLE_MAX + 20}
          placeholder={fallbackTitle({ title, neighborhood, city, state })}
          {...register('seo_title')}
        />
      </FormField>
      <FormField
        label="Descrição para buscadores"
        error={errors.seo_description?.message}
        hint={
          <CharCounter
            length={(seoDescription ?? '').length}
            visible={SEO_DESCRIPTION_VISIBLE}
            max={SEO_DESCRIPTION_MAX}
          />
        }
      >
        <Textarea
          rows={3}
          maxLength={SEO_DESCRIPTION_MAX + 40}
          placeholder="Em branco, usamos o tipo, o bairro, os números e o preço do imóvel."
          {...register('seo_description')}
        />
      </FormField>
      <div className="grid grid-cols-1 gap-2">
        <p className="text-sm font-medium">Prévia no Google</p>
        <SeoPreview
          title={seoTitle || fallbackTitle({ title, neighborhood, city, state })}
          description={seoDescription || (description ?? '').replace(/\s+/g, ' ').trim()}
          url={url}
        />
      </div>

      <FormField
        label="Endereço da página"
        error={errors.slug?.message}
        hint={
          isPublic && slugChanged
            ? 'Atenção: a página está no ar. Links já compartilhados com o endereço antigo vão parar de funcionar.'
            : 'Letras minúsculas sem acento, números e hífens.'
        }
      >
        <SlugInput prefix={`${new URL(origin).host}/imoveis/`} {...register('slug')} />
      </FormField>
      <div className="-mt-3 flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => setValue('slug', slugify(title || ''), { shouldDirty: true, shouldValidate: true })}
        >
          <Wand2 aria-hidden="true" /> Gerar do título
        </Button>
        {isPublic && (
          <>
            <Button variant="outline" size="sm" asChild>
              <a href={publicUrl} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" /> Abrir página pública
                <span className="sr-only">(abre em nova aba)</span>
              </a>
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                void navigator.clipboard?.writeText(publicUrl).then(() => {
                  setCopied(true);
                  setTimeout(() => setCopied(false), 2000);
                });
              }}
            >
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              <span aria-live="polite">{copied ? 'Link copiado' : 'Copiar link'}</span>
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

function SlugInput({ prefix, ...props }: ComponentProps<'input'> & { prefix: string }) {
  return (
    <div className="flex min-w-0 items-stretch overflow-hidden rounded-md border border-input shadow-xs focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50 has-[[aria-invalid=true]]:border-destructive">
      <span className="hidden max-w-[55%] items-center truncate border-r bg-muted px-2 text-sm text-muted-foreground sm:flex">
        {prefix}
      </span>
      <input
        {...props}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        className="h-9 min-w-0 flex-1 bg-background px-3 text-base outline-none md:text-sm"
      />
    </div>
  );
}
