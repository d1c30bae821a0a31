/** One page's channels as the page editor shows them: the setting, and what each channel would refuse. */
import { and, asc, eq } from 'drizzle-orm';
import { FEED_CHANNELS, type PageChannel, type PublicationType } from '@vitrine/contracts';
import { videos } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { PageRow } from '../pages/index.ts';
import { checkListing } from './check-listing.ts';
import { pageChannelRows } from './page-channels.ts';

export async function pageChannelsView(deps: Pick<Deps, 'db'>, page: PageRow): Promise<PageChannel[]> {
  const [rows, links] = await Promise.all([
    pageChannelRows(deps, page.id),
    deps.db
      .select({ url: videos.externalUrl })
      .from(videos)
      .where(and(eq(videos.pageId, page.id), eq(videos.source, 'youtube'), eq(videos.status, 'ready')))
      .orderBy(asc(videos.sequence)),
  ]);
  const youtube = links.map((l) => l.url).filter((u): u is string => Boolean(u));
  return FEED_CHANNELS.map((channel) => {
    const row = rows.find((r) => r.channel === channel);
    const problems = checkListing({ page, youtube }, channel);
    if (page.status !== 'published')
      problems.unshift({
        code: 'not_published',
        message:
          page.status === 'draft'
            ? 'Rascunho: só páginas publicadas entram nos feeds.'
            : 'Vendido ou alugado: o imóvel saiu dos feeds.',
      });
    const publish = row?.publish ?? false;
    return {
      channel,
      publish,
      publication_type:
        channel === 'grupo_zap' ? ((row?.publicationType as PublicationType | null) ?? 'STANDARD') : null,
      in_feed: publish && problems.length === 0,
      problems,
    };
  });
}
