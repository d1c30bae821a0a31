/** The videos module's public API (CONTRIBUTING.md, "Module boundaries"); its routes: videos.routes.ts. */
export { listReadyPageVideos } from './list-videos.ts';
export { pageVideoKeys } from './delete-video.ts';
export { toVideoView, type VideoRow } from './video-view.ts';
export { isAwaitingUpload } from './awaiting-upload.ts';
export { videoCleanupJob } from './jobs/video-cleanup.job.ts';
export { videoProcessingJob } from './jobs/video-processing.job.ts';
export { uploadOrphanJob } from './jobs/upload-orphan.job.ts';
