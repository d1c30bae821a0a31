import { paths } from '@vitrine/contracts/paths';
import { Newspaper } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/states';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /blog: no posts published yet. */
export function BlogRoute() {
  useDocumentTitle('Blog');
  return (
    <section className="mx-auto max-w-3xl px-4 py-14 sm:py-20">
      <h1 className="text-3xl font-semibold tracking-tight">Blog</h1>
      <p className="mt-2 text-muted-foreground">
        Dicas de marketing imobiliário, anúncios e atendimento de leads.
      </p>
      <EmptyState
        className="mt-10"
        icon={Newspaper}
        title="Em breve"
        description="Ainda não publicamos nenhum artigo. Enquanto isso, conheça o produto na demonstração."
        action={
          <Button asChild>
            <Link to={paths.demo}>Ver a demonstração</Link>
          </Button>
        }
      />
    </section>
  );
}

/** /blog/{slug}: no posts published yet, so every slug gets the same honest answer. */
export function BlogPostRoute() {
  const { slug = '' } = useParams();
  useDocumentTitle('Blog');
  return (
    <section className="mx-auto max-w-3xl px-4 py-14 sm:py-20">
      <EmptyState
        icon={Newspaper}
        title="Em breve"
        description={`O artigo “${slug}” ainda não foi publicado.`}
        action={
          <Button variant="outline" asChild>
            <Link to={paths.blog}>Voltar para o blog</Link>
          </Button>
        }
      />
    </section>
  );
}
