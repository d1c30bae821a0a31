/** The videos module's public API (CONTRIBUTING.md, "Module boundaries"); its routes: videos.routes.ts. */
export { listReadyPageVideos } from './list-videos.ts';
export { pageVideoKeys } from './delete-video.ts';
export { toVideoView, type VideoRow } from './video-view.ts';
export { processVideo } from './process-video.ts';
export { cleanPendingUploads } from './clean-pending-uploads.ts';
export { isAwaitingUpload } from './awaiting-upload.ts';
export { queueMissingLinkPosters } from './copy-link-poster.ts';
