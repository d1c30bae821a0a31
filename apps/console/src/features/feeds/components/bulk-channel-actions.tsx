import { FEED_CHANNELS, FEED_CHANNEL_SHORT_LABELS, type FeedChannel } from '@vitrine/contracts';
import { ChevronDown, Radio } from 'lucide-react';
import { Fragment } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { getApiErrorMessage } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useUpdateManyPageChannels } from '../api/feeds';

/** Páginas' bulk action: publish the selected pages to a channel, or take them off, at once. */
export function BulkChannelActions({ realEstateId, ids }: { realEstateId: number; ids: readonly number[] }) {
  const update = useUpdateManyPageChannels(realEstateId);
  const apply = async (channel: FeedChannel, publish: boolean) => {
    try {
      const answer = await update.mutateAsync({ ids: [...ids], channel, publish });
      toast({ variant: 'success', title: 'Portais e anúncios', description: answer.message });
    } catch (err) {
      toast({ variant: 'danger', title: 'Não foi possível alterar', description: getApiErrorMessage(err) });
    }
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={update.isPending}>
          <Radio aria-hidden="true" /> Portais e anúncios <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {FEED_CHANNELS.map((channel, i) => (
          <Fragment key={channel}>
            {i > 0 && <DropdownMenuSeparator />}
            <DropdownMenuItem onSelect={() => void apply(channel, true)}>
              Publicar no {FEED_CHANNEL_SHORT_LABELS[channel]}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => void apply(channel, false)}>
              Tirar do {FEED_CHANNEL_SHORT_LABELS[channel]}
            </DropdownMenuItem>
          </Fragment>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
