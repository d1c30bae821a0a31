/**
 * A visitor's session, event by event, oldest first: the time (São Paulo, with seconds) and a
 * sentence in Portuguese. An ordered list, so a screen reader reads it as the story it is.
 */
import {
  CircleCheck,
  Eye,
  FileText,
  Image,
  MessageCircle,
  MousePointerClick,
  Phone,
  PlayCircle,
  ScrollText,
  Timer,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@/lib/utils';
import { describeEvent, type EventTone } from '../event-description';
import { formatTimeWithSeconds } from '../format';

const ICONS: Record<string, LucideIcon> = {
  pageview: Eye,
  scroll: ScrollText,
  engaged: Timer,
  photo_view: Image,
  video_play: PlayCircle,
  video_progress: PlayCircle,
  whatsapp_click: MessageCircle,
  phone_click: Phone,
  form_start: FileText,
  lead_submitted: CircleCheck,
};

const TONES: Record<EventTone, string> = {
  view: 'bg-sky-50 text-sky-700 ring-sky-200',
  engagement: 'bg-zinc-100 text-zinc-600 ring-zinc-200',
  media: 'bg-violet-50 text-violet-700 ring-violet-200',
  contact: 'bg-amber-50 text-amber-800 ring-amber-200',
  lead: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
};

export interface TimelineEvent {
  id: string;
  name: string;
  occurred_at: string;
  props: Record<string, unknown> | null;
  /** The title of the page the event happened on, when known. */
  pageTitle?: string | null;
}

export function SessionTimeline({ events }: { events: TimelineEvent[] }) {
  return (
    <ol className="relative grid gap-0" aria-label="Linha do tempo da sessão" data-testid="session-timeline">
      {events.map((e, i) => {
        const d = describeEvent(e.name, e.props, e.name === 'pageview' ? e.pageTitle : null);
        const Icon = ICONS[e.name] ?? MousePointerClick;
        const last = i === events.length - 1;
        return (
          <li
            key={e.id}
            className="relative grid grid-cols-[4.25rem_2rem_minmax(0,1fr)] gap-x-2 pb-4 last:pb-0"
          >
            <time
              dateTime={e.occurred_at}
              className="pt-1.5 text-right text-xs text-muted-foreground tabular-nums"
            >
              {formatTimeWithSeconds(e.occurred_at)}
            </time>
            <span className="relative flex justify-center">
              {!last && <span aria-hidden="true" className="absolute top-8 -bottom-4 w-px bg-border" />}
              <span
                aria-hidden="true"
                className={cn(
                  'relative inline-flex size-8 items-center justify-center rounded-full ring-1',
                  TONES[d.tone],
                )}
              >
                <Icon className="size-4" />
              </span>
            </span>
            <div className="min-w-0 pt-1">
              <p
                className={cn(
                  'text-sm break-words',
                  (d.tone === 'contact' || d.tone === 'lead') && 'font-medium',
                )}
              >
                {d.text}
              </p>
              {d.detail && <p className="text-xs break-words text-muted-foreground">{d.detail}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
