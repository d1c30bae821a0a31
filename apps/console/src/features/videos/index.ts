/** The videos feature's public API (CONTRIBUTING.md, "Module boundaries"). */
export { VideosManager } from './components/videos-manager';
