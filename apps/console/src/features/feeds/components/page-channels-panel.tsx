import {
  FEED_CHANNEL_LABELS,
  PUBLICATION_TYPES,
  PUBLICATION_TYPE_LABELS,
  type PageChannel,
  type PublicationType,
} from '@vitrine/contracts';
import { paths } from '@vitrine/contracts/paths';
import { CircleCheck, CircleAlert, Radio } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ErrorState, ListSkeleton } from '@/components/ui/states';
import { Switch } from '@/components/ui/switch';
import { getApiErrorMessage } from '@/lib/api-errors';
import { usePageChannels, useUpdatePageChannels } from '../api/feeds';

/**
 * The page editor's "Portais e anúncios" panel: each channel's switch, the portals' publication type,
 * and what the channel would refuse in this page (saved at once, apart from the page's own form).
 */
export function PageChannelsPanel({
  realEstateId,
  pageId,
  version,
}: {
  realEstateId: number;
  pageId: number;
  /** The page's updated_at: a saved edit re-runs the checks. */
  version?: string;
}) {
  const query = usePageChannels(realEstateId, pageId, version);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Radio className="size-4" aria-hidden="true" /> Portais e anúncios
        </CardTitle>
        <CardDescription>
          Onde este imóvel é anunciado. Os endereços dos feeds ficam em{' '}
          <Link to={paths.feeds} className="text-primary underline-offset-4 hover:underline">
            Portais e anúncios
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <ListSkeleton rows={2} label="Carregando os canais..." />
        ) : query.isError ? (
          <ErrorState message={getApiErrorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : (
          <ul className="grid gap-4">
            {query.data.map((c) => (
              <ChannelRow
                key={c.channel}
                realEstateId={realEstateId}
                pageId={pageId}
                version={version}
                channel={c}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ChannelRow({
  realEstateId,
  pageId,
  version,
  channel,
}: {
  realEstateId: number;
  pageId: number;
  version: string | undefined;
  channel: PageChannel;
}) {
  const id = useId();
  const update = useUpdatePageChannels(realEstateId, pageId, version);
  const [error, setError] = useState<string | null>(null);
  const save = async (publish: boolean, type?: PublicationType) => {
    setError(null);
    try {
      await update.mutateAsync({
        channels: {
          [channel.channel]: {
            publish,
            ...(type && channel.channel === 'grupo_zap' ? { publication_type: type } : {}),
          },
        },
      });
    } catch (err) {
      setError(getApiErrorMessage(err));
    }
  };
  const label = FEED_CHANNEL_LABELS[channel.channel];
  return (
    <li className="grid gap-2 rounded-lg border p-3">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={`${id}-switch`} className="text-sm font-medium">
          {label}
        </Label>
        <Switch
          id={`${id}-switch`}
          checked={channel.publish}
          disabled={update.isPending}
          onCheckedChange={(v) => void save(v)}
        />
      </div>
      {channel.publication_type !== null && (
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor={`${id}-type`} className="text-xs text-muted-foreground">
            Tipo de anúncio
          </Label>
          <NativeSelect
            id={`${id}-type`}
            value={channel.publication_type}
            disabled={update.isPending}
            onChange={(e) => void save(channel.publish, e.target.value as PublicationType)}
            className="h-8 w-auto text-xs"
          >
            {PUBLICATION_TYPES.map((t) => (
              <option key={t} value={t}>
                {PUBLICATION_TYPE_LABELS[t]}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      {error && <Alert variant="danger">{error}</Alert>}
      {channel.problems.length === 0 ? (
        <p className="flex items-center gap-1.5 text-xs text-emerald-700">
          <CircleCheck className="size-3.5" aria-hidden="true" />
          {channel.publish ? 'No feed.' : 'Pronto para entrar no feed.'}
        </p>
      ) : (
        <div className="text-xs">
          <p className="flex items-center gap-1.5 font-medium text-amber-800">
            <CircleAlert className="size-3.5" aria-hidden="true" />
            {channel.publish ? 'Fora do feed:' : 'O canal recusaria:'}
          </p>
          <ul className="mt-1 list-disc pl-5 text-muted-foreground">
            {channel.problems.map((p) => (
              <li key={p.code}>{p.message}</li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}
