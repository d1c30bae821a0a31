import { parseVideoUrl, VIDEO_MESSAGES } from '@vitrine/contracts';
import { Link2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { getApiErrorMessage, getValidationErrors } from '@/lib/api-errors';

/** A YouTube, Vimeo or direct https video link: checked here as the server does, then sent. */
export function VideoLinkForm({ onAdd }: { onAdd: (url: string) => Promise<void> }) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async () => {
    if (!parseVideoUrl(url)) {
      setError(VIDEO_MESSAGES.url);
      return;
    }
    setBusy(true);
    try {
      await onAdd(url.trim());
      setUrl('');
      setError(null);
    } catch (e) {
      setError(getValidationErrors(e)?.url?.[0] ?? getApiErrorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Ou adicione um link
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          type="url"
          inputMode="url"
          value={url}
          placeholder="https://www.youtube.com/watch?v=..."
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => {
            setUrl(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void submit();
            }
          }}
        />
        <Button type="button" variant="outline" disabled={busy || !url.trim()} onClick={() => void submit()}>
          <Link2 aria-hidden="true" /> Adicionar link
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        YouTube, Vimeo ou um arquivo de vídeo (https, .mp4, .webm ou .mov).
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
