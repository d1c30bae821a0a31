/** The public site's pages: welcome (/), the blog, its posts, and the 404 of the blog. */
import { html, raw } from '../../lib/html.ts';
import type { BlogPageOf, BlogPost } from './blog-posts.ts';
import { formatPostDate, renderSiteDocument, type SiteContext } from './site-html.ts';

const shot = (name: string, alt: string, caption: string, eager = false) =>
  html`<figure class="shot">
    <img
      src="/site/img/${name}-1280.webp"
      srcset="/site/img/${name}-640.webp 640w, /site/img/${name}-1280.webp 1280w"
      sizes="(min-width: 900px) 544px, 100vw"
      width="1280"
      height="800"
      alt="${alt}"
      ${eager ? '' : raw('loading="lazy"')}
      decoding="async"
    />
    <figcaption>${caption}</figcaption>
  </figure>`;

const FEATURES = [
  [
    'Uma landing page por imóvel',
    'Fotos em WebP no tamanho da tela, preço, condomínio, IPTU, características e mapa numa página gerada no servidor, que abre rápido no 4G.',
  ],
  [
    'Formulário e WhatsApp',
    'Formulário curto com confirmação na própria página e botão de WhatsApp com a mensagem pronta sobre o imóvel.',
  ],
  [
    'Leads entregues ao seu CRM',
    'Webhook assinado, Jetimob, Arbo e GoHarry: cada lead sai em segundos, com novas tentativas automáticas e o histórico de cada entrega.',
  ],
  [
    'Spam em quarentena',
    'Contatos suspeitos ficam retidos com o motivo e só vão para o CRM quando você libera. Nenhum some de vista.',
  ],
  [
    'Analytics de cada visita',
    'Visitas, rolagem, fotos vistas, cliques no WhatsApp e formulários enviados, com a campanha de origem (UTM, gclid, fbclid).',
  ],
  [
    'Catálogo da Meta importado',
    'Envie o catálogo de imóveis do Facebook e do Instagram (CSV, TSV ou XML) e ganhe uma página por imóvel, sem digitar de novo.',
  ],
] as const;

export function renderWelcome(site: SiteContext, latest: BlogPost[]): string {
  const main = html`
    <section class="hero">
      <div class="wrap hero-grid">
        <div>
        <p class="eyebrow">Para imobiliárias e corretores</p>
        <h1>Cada imóvel com a sua página.<br />Cada lead no seu CRM.</h1>
        <p class="lead">
          O Vitrine Imóveis publica uma landing page rápida para cada imóvel, captura os contatos dos seus
          anúncios e entrega cada lead ao sistema que a sua equipe já usa — em segundos, com o histórico de
          cada envio.
        </p>
        <div class="actions">
          <a class="btn btn-p" href="/demonstracao">Ver a demonstração</a>
          <a class="btn btn-o" href="/registrar">Criar conta grátis</a>
        </div>
        <p class="muted" style="font-size:14px;margin-top:16px">
          A demonstração abre com um clique, sem cadastro: 15 imóveis, 90 leads e um CRM conectado.
        </p>
        </div>
        <img
          class="shot hero-shot"
          src="/site/img/painel-1280.webp"
          srcset="/site/img/painel-640.webp 640w, /site/img/painel-1280.webp 1280w"
          sizes="520px"
          width="1280"
          height="800"
          alt="O dashboard da demonstração: leads do período, páginas publicadas e entregas ao CRM"
          loading="lazy"
          decoding="async"
        />
      </div>
    </section>

    <section class="band" aria-labelledby="hoje">
      <div class="wrap">
        <h2 id="hoje">O que o Vitrine Imóveis faz hoje</h2>
        <p class="muted">Tudo o que acontece depois do clique no anúncio, num painel em português.</p>
        <ul class="cards three">
          ${FEATURES.map(
            ([title, text]) =>
              html`<li class="card">
                <h3>${title}</h3>
                <p>${text}</p>
              </li>`,
          )}
        </ul>
      </div>
    </section>

    <section class="band alt" aria-labelledby="paginas">
      <div class="wrap split">
        <div>
          <h2 id="paginas">Suas páginas, do rascunho à venda</h2>
          <p class="muted">
            Crie as páginas uma a uma ou importe o catálogo. Publique, marque como vendida ou alugada, e veja
            quantos leads cada imóvel trouxe.
          </p>
          <ul class="checks">
            <li>Endereço próprio para cada imóvel: /imoveis/nome-do-imovel</li>
            <li>Página vendida mostra imóveis parecidos, sem desperdiçar o clique</li>
            <li>Pré-visualização fiel antes de publicar</li>
          </ul>
        </div>
        ${shot('paginas', 'A lista de páginas do painel, com status, preço e leads de cada imóvel', 'Páginas: status, preço e leads de cada imóvel.')}
      </div>
    </section>

    <section class="band" aria-labelledby="leads">
      <div class="wrap split flip">
        <div>
          <h2 id="leads">Cada lead com o imóvel, a origem e a entrega</h2>
          <p class="muted">
            Filtre por período, status, imóvel e campanha; exporte em CSV; veja o que o CRM respondeu e
            reenvie com um clique.
          </p>
          <ul class="checks">
            <li>Gravado antes de o visitante ver a confirmação</li>
            <li>Datas e horários no fuso de São Paulo</li>
            <li>Telefone com DDD, CNPJ, CEP e valores em R$</li>
          </ul>
        </div>
        ${shot('leads', 'A tela de leads com o gráfico de leads por dia, filtros e o aviso de quarentena', 'Leads: gráfico por dia, filtros e quarentena.')}
      </div>
    </section>

    <section class="band alt" aria-labelledby="integracoes">
      <div class="wrap split">
        <div>
          <h2 id="integracoes">Integrado ao que você já usa</h2>
          <p class="muted">
            Configure uma vez: cada novo lead segue sozinho para o seu CRM. Se o sistema do outro lado estiver
            fora do ar, o envio é repetido até dar certo.
          </p>
          <ul class="checks">
            <li>Webhook com assinatura (Standard Webhooks)</li>
            <li>Jetimob, Arbo e GoHarry</li>
            <li>Credenciais guardadas com criptografia</li>
          </ul>
        </div>
        ${shot('integracoes', 'A tela de integrações com o webhook ativo e os CRMs disponíveis', 'Integrações: status, teste e histórico de entregas.')}
      </div>
    </section>

    <section class="band" aria-labelledby="celular">
      <div class="wrap split flip">
        <div>
          <h2 id="celular">Feita para o celular de quem clicou no anúncio</h2>
          <p class="muted">
            A página do imóvel abre sem esperar scripts, com o botão de WhatsApp fixo no rodapé e o formulário
            logo abaixo das informações principais.
          </p>
        </div>
        <figure class="shot phone">
          <img
            src="/site/img/landing-390.webp"
            width="390"
            height="844"
            alt="A landing page de um apartamento aberta num celular, com foto, preço e botão de WhatsApp"
            loading="lazy"
            decoding="async"
          />
          <figcaption>Uma landing page da demonstração, no celular.</figcaption>
        </figure>
      </div>
    </section>

    ${
      latest.length
        ? html`<section class="band alt" aria-labelledby="blog">
            <div class="wrap">
              <h2 id="blog">Do blog</h2>
              <ul class="cards three">
                ${latest.map(
                  (p) =>
                    html`<li class="card">
                      <h3><a href="/blog/${p.slug}">${p.title}</a></h3>
                      <p>${p.description}</p>
                    </li>`,
                )}
              </ul>
            </div>
          </section>`
        : ''
    }

    <div class="wrap">
      <section class="final" aria-labelledby="comecar">
        <h2 id="comecar">Pronto para publicar o primeiro imóvel?</h2>
        <p>Crie a conta da sua imobiliária em menos de um minuto, ou veja tudo funcionando antes.</p>
        <div class="actions">
          <a class="btn btn-o" href="/registrar">Criar conta</a>
          <a class="btn btn-o" href="/demonstracao">Ver a demonstração</a>
        </div>
      </section>
    </div>
  `;
  return renderSiteDocument({
    site,
    head: {
      title: 'Vitrine Imóveis — landing pages e leads para imobiliárias',
      description:
        'Uma landing page rápida para cada imóvel, leads entregues ao seu CRM em segundos, quarentena de spam e analytics de cada visita. Veja a demonstração.',
      path: '/',
    },
    main,
  });
}

const postMeta = (p: BlogPost) =>
  html`<p class="meta">
    <time datetime="${p.date}">${formatPostDate(p.date)}</time> · ${p.author} ·
    ${Math.max(1, Math.round(p.words / 200))} min de leitura
  </p>`;

export function renderBlogList(site: SiteContext, list: BlogPageOf): string {
  const path = list.page === 1 ? '/blog' : `/blog?pagina=${list.page}`;
  const main = html`<div class="wrap" style="max-width:820px;padding-top:40px;padding-bottom:24px">
    <h1>Blog</h1>
    <p class="lead">Marketing imobiliário, anúncios e atendimento de leads, para imobiliárias brasileiras.</p>
    ${
      list.posts.length === 0
        ? html`<p>Nenhum artigo publicado ainda.</p>`
        : html`<ul class="post-list">
            ${list.posts.map(
              (p) =>
                html`<li class="post-item">
                  <h2><a href="/blog/${p.slug}">${p.title}</a></h2>
                  ${postMeta(p)}
                  <p class="muted" style="margin:0">${p.description}</p>
                </li>`,
            )}
          </ul>`
    }
    ${
      list.lastPage > 1
        ? html`<nav class="pager" aria-label="Páginas do blog">
            ${
              list.page > 1
                ? html`<a
                    class="btn btn-o"
                    rel="prev"
                    href="${list.page === 2 ? '/blog' : `/blog?pagina=${list.page - 1}`}"
                    >← Mais recentes</a
                  >`
                : html`<span></span>`
            }
            <span class="muted" style="align-self:center">Página ${list.page} de ${list.lastPage}</span>
            ${
              list.page < list.lastPage
                ? html`<a class="btn btn-o" rel="next" href="/blog?pagina=${list.page + 1}"
                    >Mais antigos →</a
                  >`
                : html`<span></span>`
            }
          </nav>`
        : ''
    }
  </div>`;
  return renderSiteDocument({
    site,
    head: {
      title: list.page === 1 ? 'Blog' : `Blog — página ${list.page}`,
      description:
        'Artigos sobre landing pages de imóveis, anúncios no Facebook, Instagram e Google, WhatsApp e atendimento de leads para imobiliárias.',
      path,
    },
    main,
    current: 'blog',
  });
}

export function renderBlogPost(site: SiteContext, post: BlogPost & { html: string }): string {
  const main = html`<article class="post">
    <p class="crumbs"><a href="/blog">Blog</a></p>
    <h1>${post.title}</h1>
    ${postMeta(post)}
    <p class="lead" style="margin:0">${post.description}</p>
    ${
      post.cover
        ? html`<img
          class="cover"
          src="${post.cover}"
          ${
            /-1280\.webp$/.test(post.cover)
              ? html`srcset="${post.cover.replace(/-1280\.webp$/, '-640.webp')} 640w, ${post.cover} 1280w"
                sizes="(min-width: 752px) 688px, calc(100vw - 32px)"`
              : ''
          }
          width="1280"
          height="800"
          alt=""
          fetchpriority="high"
        />`
        : ''
    }
    <div class="prose">${raw(post.html)}</div>
    <section class="final" aria-labelledby="cta">
      <h2 id="cta">Veja isso funcionando</h2>
      <p>Landing pages, leads e CRM numa imobiliária de demonstração, com um clique.</p>
      <div class="actions">
        <a class="btn btn-o" href="/demonstracao">Ver a demonstração</a>
        <a class="btn btn-o" href="/registrar">Criar conta</a>
      </div>
    </section>
  </article>`;
  return renderSiteDocument({
    site,
    head: {
      title: post.title,
      description: post.description,
      path: `/blog/${post.slug}`,
      image: post.cover,
      type: 'article',
      extra: html`<meta property="article:published_time" content="${post.date}" />
        <meta property="article:author" content="${post.author}" />`,
    },
    main,
    current: 'blog',
  });
}

export function renderSiteNotFound(site: SiteContext, path: string): string {
  return renderSiteDocument({
    site,
    head: {
      title: 'Página não encontrada',
      description: 'Este endereço não existe no Vitrine Imóveis.',
      path,
      extra: html`<meta name="robots" content="noindex" />`,
    },
    main: html`<div class="wrap" style="max-width:720px;padding-top:56px;padding-bottom:56px">
      <h1>Artigo não encontrado</h1>
      <p class="lead">O endereço pode ter mudado ou o artigo foi retirado.</p>
      <a class="btn btn-p" href="/blog">Ver todos os artigos</a>
    </div>`,
    current: 'blog',
  });
}
