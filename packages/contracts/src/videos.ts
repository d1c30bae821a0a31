/**
 * Videos of a page (docs/product.md#videos): uploaded straight to storage (request an upload URL,
 * PUT the file, mark the upload finished) or linked from YouTube, Vimeo or a direct https video file.
 */
import { z } from 'zod';
import type { EndpointSchemas } from './endpoint-schema.ts';
import { idParams, noContent } from './params.ts';

export const VIDEO_FILE_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
export type VideoFileType = (typeof VIDEO_FILE_TYPES)[number];
export const VIDEO_SOURCES = ['upload', 'youtube', 'vimeo', 'url'] as const;
export const VIDEO_STATUSES = ['pending_upload', 'processing', 'ready', 'failed'] as const;
/** Videos on one page. */
export const VIDEOS_PER_PAGE_LIMIT = 20;
export const DEFAULT_VIDEO_MAX_BYTES = 500 * 1024 * 1024;

export const VIDEO_MESSAGES = {
  fileType: 'Envie um vídeo MP4, WebM ou MOV.',
  url: 'Informe um link do YouTube, do Vimeo ou de um arquivo de vídeo (https, .mp4, .webm ou .mov).',
  notUploaded: 'Nenhum arquivo foi enviado para este vídeo. Envie o arquivo e tente de novo.',
  notPending: 'Este vídeo não espera mais um envio.',
  notVideo: 'O arquivo enviado não é um vídeo MP4, WebM ou MOV.',
  tooMany: `Uma página tem no máximo ${VIDEOS_PER_PAGE_LIMIT} vídeos.`,
  notFound: 'Vídeo não encontrado.',
  /** No ffmpeg on the server: the video plays without a poster (the operator is told at start). */
  noFfmpeg:
    'Sem capa por enquanto: o vídeo já aparece na página. Para ter a capa, envie-o de novo mais tarde.',
  partsMissing: 'Este vídeo foi enviado em partes: informe em parts o número e o ETag de cada parte.',
  partsRefused: 'O armazenamento não aceitou as partes enviadas. Envie o vídeo de novo.',
} as const;

/**
 * "500 MB": sizes in the units the rest of the product uses (1 MB = 1024 × 1024 bytes, as the console's
 * file sizes and VIDEO_MAX_BYTES's default 500 × 1024 × 1024), pt-BR digits.
 */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString('pt-BR', { maximumFractionDigits: digits })} ${units[unit]}`;
}

export const tooLargeMessage = (maxBytes: number) => `O vídeo passa do limite de ${formatBytes(maxBytes)}.`;

export const videoSchema = z.object({
  id: z.uuid(),
  page_id: z.number().int(),
  source: z.enum(VIDEO_SOURCES),
  status: z.enum(VIDEO_STATUSES),
  file_type: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  /** The file (uploads, direct links) or the page on the provider (YouTube, Vimeo). */
  url: z.string().nullable(),
  /** The player to load on click (YouTube without cookies, Vimeo with dnt); null for files. */
  embed_url: z.string().nullable(),
  poster_url: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  sequence: z.number().int(),
  /** Why it failed, or a note on a ready video. */
  status_message: z.string().nullable(),
  created_at: z.string(),
});
export type Video = z.infer<typeof videoSchema>;

export const generateUploadUrlBody = z.object({
  file_type: z.enum(VIDEO_FILE_TYPES, { error: VIDEO_MESSAGES.fileType }),
  /** Optional: lets the server refuse a file over the limit before it is sent. */
  size_bytes: z
    .number({ error: 'O tamanho do arquivo deve ser um número.' })
    .int('O tamanho do arquivo deve ser um número inteiro.')
    .positive('O arquivo está vazio.')
    .optional(),
});
export const uploadTicketSchema = z.object({
  url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expires_at: z.string(),
  /**
   * A large file on S3 goes in parts: part n (1-based) is bytes [(n-1)·part_size, n·part_size) PUT to
   * `parts[n-1].url` (`url` is part 1's); upload-finished then takes each part's ETag.
   */
  part_size: z.number().int().optional(),
  parts: z.array(z.object({ number: z.number().int(), url: z.string() })).optional(),
});
/** PATCH upload-finished: after a multipart upload, the ETag each part's PUT answered. */
export const uploadFinishedBody = z
  .object({
    parts: z
      .array(
        z.object({
          number: z.number().int().min(1).max(10_000),
          etag: z.string().min(1).max(200),
        }),
        { error: 'Envie as partes do arquivo em parts: [{number, etag}].' },
      )
      .max(10_000)
      .optional(),
  })
  .nullish();
export const generateUploadUrlResponse = z.object({
  data: z.object({ video: videoSchema, upload: uploadTicketSchema }),
});
export const videoResponse = z.object({ data: videoSchema });
export const videoListResponse = z.object({ data: z.array(videoSchema) });
/**
 * GET /v1/real-estates/{id}/videos: the list, and in `meta` the largest upload the server takes
 * (VIDEO_MAX_BYTES), so the editor names the real limit and refuses a bigger file before sending it.
 */
export const videoIndexResponse = videoListResponse.extend({
  meta: z.object({ max_upload_bytes: z.number().int().positive() }),
});

export const videoFromUrlBody = z.object({
  url: z
    .string({ error: VIDEO_MESSAGES.url })
    .trim()
    .min(1, VIDEO_MESSAGES.url)
    .max(2000, VIDEO_MESSAGES.url),
});

export const changeVideoSequenceBody = z.object({
  videos: z
    .array(
      z.object({
        id: z.uuid({ error: 'Cada vídeo deve ser indicado pelo seu id.' }),
        sequence: z
          .number({ error: 'A posição do vídeo deve ser um número.' })
          .int('A posição do vídeo deve ser um número inteiro.')
          .min(0, 'A posição do vídeo não pode ser negativa.')
          .max(10_000, 'A posição do vídeo é grande demais.'),
      }),
      { error: 'Envie a nova ordem em videos: [{id, sequence}].' },
    )
    .min(1, 'Envie ao menos um vídeo.')
    .max(200, 'Envie no máximo 200 vídeos.'),
});

export const videoListQuery = z.object({
  page_id: z.coerce
    .number({ error: 'page_id deve ser um número.' })
    .int('page_id deve ser um número inteiro.')
    .positive('page_id deve ser positivo.')
    .max(2_147_483_647, 'page_id é grande demais.')
    .optional(),
});

export type ParsedVideoUrl =
  | { source: 'youtube'; id: string; url: string }
  | { source: 'vimeo'; id: string; url: string; hash?: string }
  | { source: 'url'; url: string; fileType: VideoFileType };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const FILE_TYPES_BY_EXT: Record<string, VideoFileType> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

/**
 * A video link as the landing page can show it: YouTube (watch, youtu.be, shorts, live, embed, v,
 * nocookie, mobile), Vimeo (vimeo.com/ID, channels, groups, unlisted /ID/hash, player.vimeo.com) or a
 * direct https video file (.mp4, .m4v, .webm, .mov). Anything else: null.
 */
export function parseVideoUrl(raw: string): ParsedVideoUrl | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  if (u.username || u.password) return null;
  const host = u.hostname.toLowerCase();
  const parts = u.pathname.split('/').filter(Boolean);
  const yt = (id: string | null | undefined) =>
    id && YOUTUBE_ID.test(id)
      ? ({ source: 'youtube', id, url: `https://www.youtube.com/watch?v=${id}` } as const)
      : null;
  if (host === 'youtu.be') return yt(parts[0]);
  if (YOUTUBE_HOSTS.has(host)) {
    if (parts[0] === 'watch') return yt(u.searchParams.get('v'));
    if (['embed', 'shorts', 'live', 'v', 'e'].includes(parts[0] ?? '')) return yt(parts[1]);
    if (parts[0] === 'attribution_link') {
      const inner = u.searchParams.get('u');
      return inner ? yt(new URL(inner, 'https://www.youtube.com').searchParams.get('v')) : null;
    }
    return null;
  }
  if (host === 'vimeo.com' || host === 'www.vimeo.com' || host === 'player.vimeo.com') {
    const digits = (s: string | undefined) => (s && /^\d{5,12}$/.test(s) ? s : null);
    let id: string | null = null;
    let hash: string | undefined;
    if (host === 'player.vimeo.com') {
      if (parts[0] === 'video') id = digits(parts[1]);
      hash = u.searchParams.get('h') ?? undefined;
    } else {
      const at = parts.findIndex((p) => /^\d{5,12}$/.test(p));
      const before = parts.slice(0, Math.max(at, 0));
      const allowedPrefix =
        before.length === 0 ||
        (before.length === 2 && ['channels', 'groups'].includes(before[0]!)) ||
        (before.length === 3 && before[0] === 'groups' && before[2] === 'videos') ||
        (before.length === 1 && before[0] === 'video');
      if (at >= 0 && allowedPrefix) {
        id = parts[at]!;
        const next = parts[at + 1];
        if (next && /^[0-9a-f]{6,20}$/.test(next)) hash = next;
      }
    }
    if (!id) return null;
    if (hash && !/^[0-9a-f]{6,20}$/.test(hash)) hash = undefined;
    return {
      source: 'vimeo',
      id,
      url: `https://vimeo.com/${id}${hash ? `/${hash}` : ''}`,
      ...(hash ? { hash } : {}),
    };
  }
  if (u.protocol !== 'https:') return null;
  const ext = /\.([a-z0-9]+)$/i.exec(u.pathname)?.[1]?.toLowerCase();
  const fileType = ext ? FILE_TYPES_BY_EXT[ext] : undefined;
  if (!fileType) return null;
  return { source: 'url', url: u.toString(), fileType };
}

/** The player a facade loads on click. */
export function videoEmbedUrl(parsed: { source: string; id?: string | null; hash?: string | null }) {
  if (parsed.source === 'youtube' && parsed.id)
    return `https://www.youtube-nocookie.com/embed/${parsed.id}?autoplay=1&rel=0`;
  if (parsed.source === 'vimeo' && parsed.id)
    return `https://player.vimeo.com/video/${parsed.id}?autoplay=1&dnt=1${parsed.hash ? `&h=${parsed.hash}` : ''}`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

export type UploadTicket = z.infer<typeof uploadTicketSchema>;

/** A video id that is not a UUID names no video: the handler answers 404, like an unknown one. */
const videoParams = z.object({ id: z.string().max(64) });

/** The local driver's signed upload URL (the disk's answer to an S3 presigned PUT). */
const localUploadQuery = z.object({
  expires: z.string().max(20).optional(),
  max: z.string().max(20).optional(),
  type: z.string().max(100).optional(),
  signature: z.string().max(100).optional(),
});

export const videoEndpoints = {
  listVideos: {
    tags: ['videos'],
    summary: 'Vídeos da imobiliária (filtro page_id), na ordem de exibição',
    params: idParams,
    query: videoListQuery,
    response: videoIndexResponse,
  },
  createVideoUploadUrl: {
    tags: ['videos'],
    summary: 'Pedir um endereço de envio: o navegador envia o arquivo direto ao armazenamento',
    params: idParams,
    body: generateUploadUrlBody,
    status: 201,
    response: generateUploadUrlResponse,
  },
  finishVideoUpload: {
    tags: ['videos'],
    summary: 'Marcar o envio como concluído: confere o arquivo e gera a capa',
    params: videoParams,
    body: uploadFinishedBody,
    response: videoResponse,
  },
  addVideoFromUrl: {
    tags: ['videos'],
    summary: 'Adicionar vídeo por link (YouTube, Vimeo ou arquivo https)',
    params: idParams,
    body: videoFromUrlBody,
    status: 201,
    response: videoResponse,
  },
  reorderVideos: {
    tags: ['videos'],
    summary: 'Reordenar vídeos ({videos: [{id, sequence}]}), todos da mesma imobiliária',
    body: changeVideoSequenceBody,
    response: videoListResponse,
  },
  deleteVideo: {
    tags: ['videos'],
    summary: 'Excluir vídeo (o arquivo e a capa também)',
    params: videoParams,
    status: 204,
    response: noContent,
  },
  uploadLocalFile: {
    tags: ['storage'],
    summary: 'Envio direto de um arquivo para o armazenamento local (URL assinada e com validade)',
    query: localUploadQuery,
    consumes: ['*/*'],
    status: 204,
    response: noContent,
  },
} as const satisfies EndpointSchemas;
