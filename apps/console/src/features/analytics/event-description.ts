/**
 * One sentence in Portuguese per tracker event, for a visitor's timeline ("Viu a foto 3",
 * "Clicou no WhatsApp", "Rolou 75% da página"). Props come from a browser, so every one is read
 * defensively: a missing or odd value gives a shorter sentence, never an error.
 */
import { ANALYTICS_EVENT_LABELS } from '@vitrine/contracts';
import { formatDuration } from './format';

export type EventTone = 'view' | 'engagement' | 'media' | 'contact' | 'lead';

export interface EventDescription {
  text: string;
  /** Extra detail under the sentence (the page's title, the referrer…); '' when none. */
  detail: string;
  tone: EventTone;
}

type Props = Record<string, unknown> | null | undefined;

const num = (props: Props, key: string): number | null => {
  const v = props?.[key];
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};
const str = (props: Props, key: string): string => {
  const v = props?.[key];
  return typeof v === 'string' ? v.trim() : '';
};
const pct = (n: number) => `${Math.round(Math.min(Math.max(n, 0), 100))}%`;

export function describeEvent(name: string, props?: Props, pageTitle?: string | null): EventDescription {
  const title = pageTitle ?? str(props, 'title');
  switch (name) {
    case 'pageview':
      return { text: title ? `Abriu a página “${title}”` : 'Abriu a página', detail: '', tone: 'view' };
    case 'scroll': {
      const depth = num(props, 'depth');
      return {
        text: depth !== null ? `Rolou ${pct(depth)} da página` : 'Rolou a página',
        detail: '',
        tone: 'engagement',
      };
    }
    case 'engaged': {
      const s = num(props, 'seconds');
      return {
        text:
          s !== null ? `Ficou ${formatDuration(s)} com a página em primeiro plano` : 'Interagiu com a página',
        detail: '',
        tone: 'engagement',
      };
    }
    case 'photo_view': {
      // The photo's number on the page: the cover is 1, the gallery starts at 2 (its alt texts say
      // "foto 2"; the photo manager "Foto 2 de M"), as the tracker reads it from the image's data-n.
      const index = num(props, 'index');
      const n = index !== null ? Math.round(index) : null;
      return { text: n !== null && n >= 1 ? `Viu a foto ${n}` : 'Viu uma foto', detail: '', tone: 'media' };
    }
    case 'video_play':
      return { text: 'Deu play no vídeo', detail: str(props, 'title'), tone: 'media' };
    case 'video_progress': {
      const p = num(props, 'percent');
      return {
        text: p !== null ? `Assistiu ${pct(p)} do vídeo` : 'Continuou assistindo ao vídeo',
        detail: '',
        tone: 'media',
      };
    }
    case 'whatsapp_click':
      return { text: 'Clicou no WhatsApp', detail: '', tone: 'contact' };
    case 'phone_click':
      return { text: 'Clicou no telefone', detail: '', tone: 'contact' };
    case 'form_start':
      return { text: 'Começou a preencher o formulário', detail: '', tone: 'contact' };
    case 'lead_submitted':
      return { text: 'Enviou o formulário e virou lead', detail: '', tone: 'lead' };
    default:
      return {
        text: (ANALYTICS_EVENT_LABELS as Record<string, string>)[name] ?? `Evento “${name}”`,
        detail: '',
        tone: 'engagement',
      };
  }
}
