/**
 * Videos (docs/product.md#videos): uploaded to storage by the browser, or linked (YouTube, Vimeo, a direct
 * file).
 */
import { bigint, doublePrecision, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { VIDEO_SOURCES, VIDEO_STATUSES } from '@vitrine/contracts';
import { tenantId } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { pages } from './pages.ts';

export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realEstateId: tenantId(),
    pageId: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    source: text('source', { enum: VIDEO_SOURCES }).notNull(),
    status: text('status', { enum: VIDEO_STATUSES }).notNull(),
    /** MIME type: what the upload declared, then what its first bytes say. */
    fileType: text('file_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** Storage keys of the uploaded file and of its poster (ours, or null). */
    storageKey: text('storage_key'),
    posterKey: text('poster_key'),
    /** The S3 multipart upload of a large file still being sent (completed or aborted, then null). */
    uploadId: text('upload_id'),
    /** The link as given (YouTube, Vimeo, a direct https file) and the provider's id. */
    externalUrl: text('external_url'),
    externalId: text('external_id'),
    durationSeconds: doublePrecision('duration_seconds'),
    sequence: integer('sequence').notNull().default(0),
    /** Why it failed, or a note on a ready video (no poster without ffmpeg). */
    statusMessage: text('status_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('videos_page_idx').on(t.pageId, t.sequence),
    index('videos_real_estate_idx').on(t.realEstateId, t.pageId),
    index('videos_pending_idx').on(t.status, t.createdAt),
  ],
);
