/**
 * Listing feeds (docs/product.md#feeds, decision 022): the public feeds the channels read (on
 * LANDING_URL's host, no session, the token in the path), and the console's calls: the overview,
 * highlight quotas, token rotation, listing codes, and each page's channels.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FEED_CHANNEL_SHORT_LABELS, type FeedChannel, type HighlightType } from '@vitrine/contracts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { mount } from '../../lib/mount.ts';
import { MANAGERS } from '../../plugins/auth.ts';
import { findPage, type PageRow } from '../pages/index.ts';
import { rotateFeedToken, setHighlightQuotas } from './feed-channels.ts';
import { feedsOverview } from './feeds-overview.ts';
import { pageChannelsView } from './page-channel-view.ts';
import { generateListingCodes, updateManyPageChannels, updatePageChannels } from './page-channels.ts';
import { serveFeed } from './serve-feed.ts';

const PAGE_NOT_FOUND = 'Página não encontrada.';
const FEED_NOT_FOUND = 'Feed não encontrado.';

export default async function feedRoutes(app: FastifyInstance) {
  const { deps } = app;

  /** The feeds answer on LANDING_URL's host only: public, cookieless, apart from the console. */
  async function feed(request: FastifyRequest, reply: FastifyReply, channel: FeedChannel) {
    const site = request.site;
    if (site?.kind !== 'landing' || site.realEstateId !== null)
      return reply.status(404).send({ message: FEED_NOT_FOUND });
    const { file } = request.params as { file: string };
    const answer = await serveFeed(deps, {
      channel,
      file,
      ifNoneMatch: request.headers['if-none-match'],
      userAgent: request.headers['user-agent'],
    });
    reply
      .header('cache-control', 'private, no-cache')
      .header('x-robots-tag', 'noindex, nofollow')
      .header('referrer-policy', 'no-referrer');
    if (answer.kind === 'not_found') return reply.status(404).send({ message: FEED_NOT_FOUND });
    reply.header('etag', answer.etag);
    if (answer.kind === 'not_modified') return reply.status(304).send();
    return reply.status(200).header('content-type', answer.contentType).send(answer.body);
  }

  mount(app, 'getVrsyncFeed', async (request, reply) => feed(request, reply, 'grupo_zap'), {
    config: { ownParams: true },
  });
  mount(app, 'getMetaCatalogFeed', async (request, reply) => feed(request, reply, 'meta_catalog'), {
    config: { ownParams: true },
  });

  mount(app, 'getFeedsOverview', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    return { data: await feedsOverview(deps, m.realEstateId) };
  });

  mount(app, 'updateFeedChannel', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const { channel } = request.params;
    await setHighlightQuotas(
      deps,
      m.realEstateId,
      channel,
      request.body.highlight_quotas as Partial<Record<HighlightType, number | null>>,
    );
    const [data] = await feedsOverview(deps, m.realEstateId, channel);
    return { data: data! };
  });

  mount(app, 'rotateFeedToken', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const { channel } = request.params;
    await rotateFeedToken(deps, m.realEstateId, channel);
    const [data] = await feedsOverview(deps, m.realEstateId, channel);
    return {
      data: data!,
      message: `Endereço do feed (${FEED_CHANNEL_SHORT_LABELS[channel]}) trocado: cadastre o novo no canal; o antigo não responde mais.`,
    };
  });

  mount(app, 'generateListingCodes', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const updated = await generateListingCodes(deps, {
      realEstateId: m.realEstateId,
      userId: request.currentUser!.id,
      ids: request.body.ids,
    });
    return {
      data: { updated },
      message:
        updated === 0
          ? 'Nenhuma página precisava de código.'
          : updated === 1
            ? '1 página recebeu um código de imóvel.'
            : `${updated} páginas receberam um código de imóvel.`,
    };
  });

  /** The page, if it belongs to one of the caller's agencies; otherwise the same 404 as a missing id. */
  const loadPage = async (request: FastifyRequest, id: number): Promise<PageRow> => {
    await app.requireUser(request);
    const row = await findPage(deps, id);
    if (!row) throw notFound(PAGE_NOT_FOUND);
    try {
      await app.requireMembership(request, row.realEstateId);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) throw notFound(PAGE_NOT_FOUND);
      throw err;
    }
    return row;
  };

  mount(app, 'getPageChannels', async (request) => ({
    data: await pageChannelsView(deps, await loadPage(request, request.params.id)),
  }));

  mount(app, 'updatePageChannels', async (request) => {
    const page = await loadPage(request, request.params.id);
    await updatePageChannels(deps, {
      page,
      userId: request.currentUser!.id,
      channels: request.body.channels,
    });
    return { data: await pageChannelsView(deps, page) };
  });

  mount(app, 'updateManyPageChannels', async (request) => {
    const m = await app.requireMembership(request, request.params.id);
    const { ids, channel, publish, publication_type } = request.body;
    const updated = await updateManyPageChannels(deps, {
      realEstateId: m.realEstateId,
      userId: request.currentUser!.id,
      ids,
      channel,
      setting: { publish, publication_type },
    });
    const where = FEED_CHANNEL_SHORT_LABELS[channel];
    const one = updated === 1;
    const what = one ? '1 página' : `${updated} páginas`;
    return {
      data: { updated },
      message: publish
        ? `${what} ${one ? 'marcada' : 'marcadas'} para o ${where}.`
        : `${what} ${one ? 'retirada' : 'retiradas'} do ${where}.`,
    };
  });
}
