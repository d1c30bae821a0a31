/** The storage module's public API (CONTRIBUTING.md, "Module boundaries"). */
export {
  createLocalStorage,
  LOCAL_UPLOAD_PREFIX,
  UploadRefused,
  type LocalStorage,
  type MultipartTicket,
  type Storage,
  type UploadTicket,
} from './storage.ts';
export type { S3StorageOptions } from './s3-storage.ts';
export { createStorage, storageOrigins } from './create-storage.ts';
export { copyLocalUploads } from './copy-local-uploads.ts';
export { decodesWhole, svgToPng } from './image-check.ts';
export {
  IMAGE_EXTENSIONS,
  sniffImageType,
  sniffVideoType,
  VIDEO_EXTENSIONS,
  VIDEO_TYPES,
  type VideoType,
} from './file-types.ts';
